import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMerchant, adminMerchantList, createdMerchantAnswer, createMerchantBody, merchantStatusBody, updateMerchantBody } from '../../contract/admin';
import { idParams } from '../../contract/common';
import type { AppDeps } from '../deps';
import { superadminOnly } from '../http/superadmin-guard';
import { createMerchant, listAllMerchants, setMerchantStatus, updateMerchant } from './merchants.service';

export const adminMerchantRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    app.get('/api/admin/merchants', { schema: { response: { 200: adminMerchantList } } }, async () => listAllMerchants(db));

    app.post('/api/admin/merchants', { schema: { body: createMerchantBody, response: { 201: createdMerchantAnswer } } }, async (request, reply) => {
      const { merchant, loginInfo } = await createMerchant(db, request.body);
      return reply.status(201).send({ ...merchant, loginInfo });
    });

    app.put('/api/admin/merchants/:id', { schema: { params: idParams, body: updateMerchantBody, response: { 200: adminMerchant } } }, async (request) =>
      updateMerchant(db, request.params.id, request.body),
    );

    app.patch(
      '/api/admin/merchants/:id/status',
      { schema: { params: idParams, body: merchantStatusBody, response: { 200: adminMerchant } } },
      async (request) => setMerchantStatus(db, request.params.id, request.body.status),
    );
  };
