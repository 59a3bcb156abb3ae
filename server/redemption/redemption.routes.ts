import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody } from '../../contract/common';
import { undoRedemptionAnswer } from '../../contract/orders';
import { redeemAnswer, redeemBody, redemptionListQuery, redemptionRecordList, redemptionSummary } from '../../contract/redemption';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/errors';
import { requireMerchant, requireRole, requireUser } from '../http/session';
import { decodeCursor } from '../catalog/catalog.service';
import { redemptions } from '../db/schema';
import { superadminOnly } from '../http/superadmin-guard';
import { listRedemptions, previewRedemption, redeemVoucher, redemptionTotals, undoRedemption, type RedeemRefusal } from './redemption.service';
import { NEXT_CURSOR_HEADER } from '../../contract/deals';
import { redemptionPreview } from '../../contract/workspace';
import { msg } from '../i18n';
import { say } from '../http/language';

/** A refused redemption or check: `{ok: false, reason}` with its status, the reason also as the usual `message`, in the request's language. */
const refuse = (reply: FastifyReply, { status, reason }: RedeemRefusal) => {
  const text = say(reply, reason);
  return reply.status(status).send({ ok: false, reason: text, message: text });
};

export const redemptionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    app.post(
      '/api/redeem',
      { schema: { body: redeemBody, response: { 200: redeemAnswer, '4xx': z.union([redeemAnswer, errorBody]) } } },
      async (request, reply) => {
        // Any signed-in account may ask; one without a bound merchant gets the refusal of docs/product/rules.md#redemption, logged like the rest.
        const actor = requireUser(request);
        const outcome = await redeemVoucher(db, actor, request.body);
        return outcome.ok ? outcome.answer : refuse(reply, outcome.refusal);
      },
    );

    // The check before redeeming, for the owner and staff alike (ADR 028): refusals as POST /api/redeem's.
    app.post(
      '/api/merchant/redemptions/preview',
      { schema: { body: redeemBody, response: { 200: redemptionPreview, '4xx': z.union([redeemAnswer, errorBody]) } } },
      async (request, reply) => {
        const { user } = requireMerchant(request, 'staff');
        const outcome = await previewRedemption(db, user, request.body);
        return outcome.ok ? outcome.answer : refuse(reply, outcome.refusal);
      },
    );

    app.get(
      '/api/merchant/redemptions',
      { schema: { querystring: redemptionListQuery, response: { 200: redemptionRecordList } } },
      async (request, reply) => {
        // Other roles keep this call's own refusal; owner and staff alike read their merchant's log.
        requireRole(request, ['merchant'], msg('redemption.historyMerchantsOnly'));
        const { merchantId } = requireMerchant(request, 'staff');
        const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
        if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
        const page = await listRedemptions(db, { limit: request.query.limit, cursor, where: eq(redemptions.merchantId, merchantId) });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.records;
      },
    );

    // A merchant takes back a redemption made by mistake, within REDEMPTION_UNDO_MINUTES (docs/product/api.md#redemption).
    app.post(
      '/api/merchant/redemptions/:voucherId/undo',
      { schema: { params: z.object({ voucherId: z.uuid({ message: 'must be a UUID' }) }), response: { 200: undoRedemptionAnswer } } },
      async (request) => undoRedemption(db, requireUser(request), request.params.voucherId),
    );

    await app.register(async (scope) => {
      superadminOnly(scope);
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.get(
        '/api/admin/redemptions',
        { schema: { querystring: redemptionListQuery, response: { 200: redemptionRecordList } } },
        async (request, reply) => {
          const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : null;
          if (request.query.cursor && !cursor) throw badRequest(msg('http.cursorInvalid'));
          const page = await listRedemptions(db, { limit: request.query.limit, cursor });
          if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
          return page.records;
        },
      );
      admin.get('/api/admin/redemptions/summary', { schema: { response: { 200: redemptionSummary } } }, async () => redemptionTotals(db));
    });
  };
