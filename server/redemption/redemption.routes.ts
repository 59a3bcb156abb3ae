import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { redemptionEndpoints } from '../../contract/redemption';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/errors';
import { handle } from '../http/endpoints';
import { requireMerchant, requireRole, requireUser } from '../http/session';
import { decodeCursor } from '../db/keyset';
import { redemptions } from '../db/schema';
import { superadminOnly } from '../http/superadmin-guard';
import { listRedemptions, previewRedemption, redeemVoucher, redemptionTotals, undoRedemption, type RedeemRefusal } from './redemption.service';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import { msg } from '../i18n';
import { answerLanguage, say } from '../http/language';

/** A refused redemption or check: `{ok: false, reason}` with its status, the reason also as the usual `message`, in the request's language. */
const refuse = (reply: FastifyReply, { status, reason }: RedeemRefusal) => {
  const text = say(reply, reason);
  return reply.status(status).send({ ok: false, reason: text, message: text });
};

export const redemptionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    handle(app, redemptionEndpoints.redeem, async (request, reply) => {
      // Any signed-in account may ask; one without a bound merchant gets the refusal of docs/product/rules.md#redemption, logged like the rest.
      const actor = requireUser(request);
      const outcome = await redeemVoucher(db, actor, request.body);
      return outcome.ok ? outcome.answer : refuse(reply, outcome.refusal);
    });

    // The check before redeeming, for the owner and staff alike (ADR 028): refusals as POST /api/redeem's.
    handle(app, redemptionEndpoints.preview, async (request, reply) => {
      const { user } = requireMerchant(request, 'staff');
      const outcome = await previewRedemption(db, user, request.body);
      return outcome.ok ? outcome.answer : refuse(reply, outcome.refusal);
    });

    handle(app, redemptionEndpoints.merchantLog, async (request, reply) => {
      // Other roles keep this call's own refusal; owner and staff alike read their merchant's log.
      requireRole(request, ['merchant'], msg('redemption.historyMerchantsOnly'));
      const { merchantId } = requireMerchant(request, 'staff');
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
      if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
      const page = await listRedemptions(db, {
        limit: request.query.limit,
        cursor,
        where: eq(redemptions.merchantId, merchantId),
        language: answerLanguage(reply),
      });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.records;
    });

    // A merchant takes back a redemption made by mistake, within REDEMPTION_UNDO_MINUTES (docs/product/api.md#redemption).
    handle(app, redemptionEndpoints.undo, async (request) => undoRedemption(db, requireUser(request), request.params.voucherId));

    await app.register(async (scope) => {
      superadminOnly(scope);
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      handle(admin, redemptionEndpoints.adminLog, async (request, reply) => {
        const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
        if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
        const page = await listRedemptions(db, { limit: request.query.limit, cursor, language: answerLanguage(reply) });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.records;
      });
      handle(admin, redemptionEndpoints.adminSummary, async () => redemptionTotals(db));
    });
  };
