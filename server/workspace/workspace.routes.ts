import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { workspaceEndpoints } from '../../contract/workspace';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { requireMerchant } from '../http/session';
import { createMerchantDeal, getMerchantDeal, listMerchantDeals, submitMerchantDeal, updateMerchantDeal } from './deals.service';
import { merchantClock, merchantOverview as overviewOf } from './overview.service';
import { addStaff, listStaff, removeStaff } from './staff.service';
import { getMerchantStore, updateMerchantStore } from './store.service';
import { msg } from '../i18n';
import { say } from '../http/language';
import { systemClock } from '../http/clock';

/** The merchant of the session. */
const merchantOf = (request: FastifyRequest) => requireMerchant(request, 'owner').merchantId;

/**
 * The owner's side of the merchant's workspace (ADR 028): the home's figures, proposed deals,
 * staff and the store page. Staff may only redeem (server/redemption); here they get 403, before any body is read.
 */
export const workspaceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      merchantOf(request);
    });

    const clock = deps.clock ?? systemClock;
    handle(app, workspaceEndpoints.overview, async (request) => overviewOf(db, merchantOf(request), clock.now()));

    handle(app, workspaceEndpoints.listDeals, async (request) => listMerchantDeals(db, merchantOf(request)));

    handle(app, workspaceEndpoints.getDeal, async (request) => getMerchantDeal(db, merchantOf(request), request.params.id));

    handle(app, workspaceEndpoints.createDeal, async (request, reply) =>
      reply.status(201).send(await createMerchantDeal(db, merchantOf(request), request.body)),
    );

    handle(app, workspaceEndpoints.updateDeal, async (request) => updateMerchantDeal(db, merchantOf(request), request.params.id, request.body));

    handle(app, workspaceEndpoints.submitDeal, async (request) => submitMerchantDeal(db, merchantOf(request), request.params.id));

    handle(app, workspaceEndpoints.listStaff, async (request) => listStaff(db, merchantOf(request)));

    handle(app, workspaceEndpoints.addStaff, async (request, reply) => reply.status(201).send(await addStaff(db, merchantOf(request), request.body)));

    handle(app, workspaceEndpoints.removeStaff, async (request, reply) => {
      await removeStaff(db, merchantOf(request), request.params.id);
      return { message: say(reply, msg('workspace.staffRemoved')) };
    });

    handle(app, workspaceEndpoints.getStore, async (request) => getMerchantStore(db, merchantOf(request)));

    handle(app, workspaceEndpoints.updateStore, async (request) => updateMerchantStore(db, merchantOf(request), request.body));
  };

/** GET /api/merchant/clock: the merchant's zone and the time, for owners and staff alike (ADR 039). */
export const merchantClockRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const clock = deps.clock ?? systemClock;
    handle(app, workspaceEndpoints.clock, async (request) => merchantClock(db, requireMerchant(request, 'staff').merchantId, clock.now()));
  };
