/** Refunding one voucher: by its owner, or by a superadmin (docs/product/rules.md#refunds-and-the-voucher-s-life; ADR 027). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoints, type RefundAnswer } from '../../contract/orders';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { handle } from '../http/endpoints';
import { notFound } from '../http/errors';
import { requireUser } from '../http/session';
import { superadminOnly } from '../http/superadmin-guard';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import { presentRefund } from './order-reads';
import { refundVoucher } from './refunds';
import { presentVoucherById } from './voucher-reads';
import { msg } from '../i18n';

async function answerOf(db: Db, refund: Parameters<typeof presentRefund>[0] & { voucherId: string | null }): Promise<RefundAnswer> {
  const voucher = refund.voucherId ? await presentVoucherById(db, refund.voucherId) : undefined;
  if (!voucher) throw notFound(msg('notFound.voucher'));
  return { voucher, refund: presentRefund(refund) };
}

export const refundRoutes =
  (deps: AppDeps & { payments: PaymentProvider }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { payments } = deps;

    const own: FastifyPluginAsyncZod = async (scope) => {
      scope.addHook('preValidation', async (request) => {
        requireUser(request);
      });
      handle(scope, orderEndpoints.refund, async (request) => {
        const user = requireUser(request);
        const refund = await refundVoucher({ db, payments, logger: request.log }, { voucherId: request.params.id, by: 'customer', actorId: user.id });
        return answerOf(db, refund);
      });
    };

    const admin: FastifyPluginAsyncZod = async (scope) => {
      superadminOnly(scope);
      // The reason is optional for an active voucher, so the body may be left out altogether.
      handle(scope, orderEndpoints.adminRefund, async (request) => {
        const superadmin = requireUser(request);
        const refund = await refundVoucher(
          { db, payments, logger: request.log },
          { voucherId: request.params.id, by: 'admin', actorId: superadmin.id, note: request.body?.reason ?? null },
        );
        return answerOf(db, refund);
      });
    };

    await app.register(own);
    await app.register(admin);
  };
