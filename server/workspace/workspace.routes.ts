import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { idParams, messageAnswer } from '../../contract/common';
import { addedStaffAnswer, addStaffBody, merchantDeal, merchantDealBody, merchantDealList, merchantOverview, staffList } from '../../contract/workspace';
import type { AppDeps } from '../deps';
import { requireMerchant } from '../http/session';
import { createMerchantDeal, getMerchantDeal, listMerchantDeals, submitMerchantDeal, updateMerchantDeal } from './deals.service';
import { merchantOverview as overviewOf } from './overview.service';
import { addStaff, listStaff, removeStaff } from './staff.service';
import { msg } from '../i18n';
import { say } from '../http/language';

/** The merchant of the session. */
const merchantOf = (request: FastifyRequest) => requireMerchant(request, 'owner').merchantId;

/**
 * The owner's side of the merchant's workspace (ADR 028): the home's figures, proposed deals and
 * staff. Staff may only redeem (server/redemption); here they get 403, before any body is read.
 */
export const workspaceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      merchantOf(request);
    });

    app.get('/api/merchant/overview', { schema: { response: { 200: merchantOverview } } }, async (request) => overviewOf(db, merchantOf(request)));

    app.get('/api/merchant/deals', { schema: { response: { 200: merchantDealList } } }, async (request) => listMerchantDeals(db, merchantOf(request)));

    app.get('/api/merchant/deals/:id', { schema: { params: idParams, response: { 200: merchantDeal } } }, async (request) =>
      getMerchantDeal(db, merchantOf(request), request.params.id),
    );

    app.post('/api/merchant/deals', { schema: { body: merchantDealBody, response: { 201: merchantDeal } } }, async (request, reply) =>
      reply.status(201).send(await createMerchantDeal(db, merchantOf(request), request.body)),
    );

    app.put('/api/merchant/deals/:id', { schema: { params: idParams, body: merchantDealBody, response: { 200: merchantDeal } } }, async (request) =>
      updateMerchantDeal(db, merchantOf(request), request.params.id, request.body),
    );

    app.post('/api/merchant/deals/:id/submit', { schema: { params: idParams, response: { 200: merchantDeal } } }, async (request) =>
      submitMerchantDeal(db, merchantOf(request), request.params.id),
    );

    app.get('/api/merchant/staff', { schema: { response: { 200: staffList } } }, async (request) => listStaff(db, merchantOf(request)));

    app.post('/api/merchant/staff', { schema: { body: addStaffBody, response: { 201: addedStaffAnswer } } }, async (request, reply) =>
      reply.status(201).send(await addStaff(db, merchantOf(request), request.body)),
    );

    app.delete('/api/merchant/staff/:id', { schema: { params: idParams, response: { 200: messageAnswer } } }, async (request, reply) => {
      await removeStaff(db, merchantOf(request), request.params.id);
      return { message: say(reply, msg('workspace.staffRemoved')) };
    });
  };
