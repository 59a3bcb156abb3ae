/** Customer service's order search and the money ledger, for superadmins (docs/product/rules.md#refunds-and-the-voucher-s-life; ADR 027). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderList, adminOrderQuery, ledgerPage as ledgerPageAnswer, ledgerQuery } from '../../contract/orders';
import type { AppDeps } from '../deps';
import { answerLanguage } from '../http/language';
import { superadminOnly } from '../http/superadmin-guard';
import { ledgerPage } from './ledger.service';
import { searchOrders } from './orders.service';

export const adminOrderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    app.get('/api/admin/orders', { schema: { querystring: adminOrderQuery, response: { 200: adminOrderList } } }, async (request, reply) =>
      searchOrders(db, request.query.q, answerLanguage(reply)),
    );

    app.get('/api/admin/ledger', { schema: { querystring: ledgerQuery, response: { 200: ledgerPageAnswer } } }, async (request) =>
      ledgerPage(db, request.query),
    );
  };
