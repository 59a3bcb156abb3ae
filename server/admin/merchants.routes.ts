import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMerchantEndpoints } from '../../contract/admin';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { superadminOnly } from '../http/superadmin-guard';
import { createMerchant, listAllMerchants, setMerchantStatus, updateMerchant } from './merchants.service';

export const adminMerchantRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    handle(app, adminMerchantEndpoints.list, async () => listAllMerchants(db));

    handle(app, adminMerchantEndpoints.create, async (request, reply) => {
      const { merchant, loginInfo } = await createMerchant(db, request.body);
      return reply.status(201).send({ ...merchant, loginInfo });
    });

    handle(app, adminMerchantEndpoints.update, async (request) =>
      updateMerchant(db, request.params.id, request.body),
    );

    handle(app, adminMerchantEndpoints.setStatus, async (request) => setMerchantStatus(db, request.params.id, request.body.status));
  };
