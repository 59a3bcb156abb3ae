/**
 * Weekly statements (ADR 028): the owner of a merchant reads its own, a superadmin reads everyone's
 * and records their payouts. Another merchant's statement is not found, as a missing one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { idParams } from '../../contract/common';
import { adminStatementQuery, payoutBody, statement, statementList, statementWithLines as statementWithLinesAnswer, type StatementWithLines } from '../../contract/workspace';
import type { AppDeps } from '../deps';
import { requireMerchant, requireUser } from '../http/session';
import { superadminOnly } from '../http/superadmin-guard';
import { listAllStatements, listMerchantStatements, recordPayout, statementCsv, statementWithLines } from './statements.service';

/** The statement as a CSV download named after its week. */
function sendCsv(reply: FastifyReply, s: StatementWithLines) {
  const { filename, body } = statementCsv(s);
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
}

export const statementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    const merchant: FastifyPluginAsyncZod = async (scope) => {
      scope.addHook('preValidation', async (request) => {
        requireMerchant(request, 'owner');
      });

      scope.get('/api/merchant/statements', { schema: { response: { 200: statementList } } }, async (request) =>
        listMerchantStatements(db, requireMerchant(request, 'owner').merchantId),
      );

      scope.get('/api/merchant/statements/:id', { schema: { params: idParams, response: { 200: statementWithLinesAnswer } } }, async (request) =>
        statementWithLines(db, request.params.id, requireMerchant(request, 'owner').merchantId),
      );

      scope.get('/api/merchant/statements/:id/csv', { schema: { params: idParams } }, async (request, reply) =>
        sendCsv(reply, await statementWithLines(db, request.params.id, requireMerchant(request, 'owner').merchantId)),
      );
    };

    const admin: FastifyPluginAsyncZod = async (scope) => {
      superadminOnly(scope);

      scope.get('/api/admin/statements', { schema: { querystring: adminStatementQuery, response: { 200: statementList } } }, async (request) =>
        listAllStatements(db, request.query),
      );

      scope.get('/api/admin/statements/:id', { schema: { params: idParams, response: { 200: statementWithLinesAnswer } } }, async (request) =>
        statementWithLines(db, request.params.id),
      );

      scope.get('/api/admin/statements/:id/csv', { schema: { params: idParams } }, async (request, reply) =>
        sendCsv(reply, await statementWithLines(db, request.params.id)),
      );

      scope.post('/api/admin/statements/:id/payout', { schema: { params: idParams, body: payoutBody, response: { 200: statement } } }, async (request) =>
        recordPayout(db, requireUser(request), request.params.id, request.body.reference),
      );
    };

    await app.register(merchant);
    await app.register(admin);
  };
