/**
 * Weekly statements (ADR 028): the owner of a merchant reads its own, a superadmin reads everyone's
 * and records their payouts. Another merchant's statement is not found, as a missing one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { statementEndpoints, type StatementWithLines } from '../../contract/workspace';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
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

      handle(scope, statementEndpoints.merchantList, async (request) => listMerchantStatements(db, requireMerchant(request, 'owner').merchantId));

      handle(scope, statementEndpoints.merchantGet, async (request) =>
        statementWithLines(db, request.params.id, requireMerchant(request, 'owner').merchantId),
      );

      handle(scope, statementEndpoints.merchantCsv, async (request, reply) =>
        sendCsv(reply, await statementWithLines(db, request.params.id, requireMerchant(request, 'owner').merchantId)),
      );
    };

    const admin: FastifyPluginAsyncZod = async (scope) => {
      superadminOnly(scope);

      handle(scope, statementEndpoints.adminList, async (request) => listAllStatements(db, request.query));

      handle(scope, statementEndpoints.adminGet, async (request) => statementWithLines(db, request.params.id));

      handle(scope, statementEndpoints.adminCsv, async (request, reply) =>
        sendCsv(reply, await statementWithLines(db, request.params.id)),
      );

      handle(scope, statementEndpoints.payout, async (request) => recordPayout(db, requireUser(request), request.params.id, request.body.reference));
    };

    await app.register(merchant);
    await app.register(admin);
  };
