/** Customer service's order search and the money ledger, for superadmins (docs/product/rules.md#refunds-and-the-voucher-s-life; ADR 027). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderEndpoints } from '../../contract/orders';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { answerLanguage } from '../http/language';
import { superadminOnly } from '../http/superadmin-guard';
import { ledgerPage } from './ledger.service';
import { searchOrders } from './orders.service';

export const adminOrderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    superadminOnly(app);

    handle(app, adminOrderEndpoints.search, async (request, reply) => searchOrders(db, request.query.q, answerLanguage(reply)));

    handle(app, adminOrderEndpoints.ledger, async (request, reply) => ledgerPage(db, request.query, answerLanguage(reply)));
  };
