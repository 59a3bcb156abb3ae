/**
 * The work every server does on a clock, beside the requests (server/app.ts starts it): the minute's
 * sweeps of the features, each safe with any number of servers running it at once. A composition
 * folder: it calls the features through their `*.service.ts` and holds no rule of its own.
 */
import type { FastifyInstance } from 'fastify';
import { EXPIRY_SWEEP_INTERVAL_SECONDS } from '../../contract/constants';
import type { AppDeps } from '../deps';
import type { PaymentProvider } from '../integrations/payments/payment-provider';
import type { SmsSender } from '../integrations/sms/sms-sender';
import type { EmailSender } from '../integrations/email/email-sender';
import { refreshSoldCounts } from '../catalog/categories.service';
import { reconcileYesterday } from '../money/reconciliation.service';
import { releaseExpiredOrders, runExpirySweep } from '../orders/orders.service';
import { sendAllDueNotifications } from '../notifications/notifications.service';

const HOLD_SWEEP_MS = 60_000;
/** How often the outbox is looked at: a receipt reaches the phone within seconds of the payment. */
export const NOTIFICATION_SEND_MS = 3_000;

/**
 * Sends the notifications' outbox every NOTIFICATION_SEND_MS (ADR 038). Releases lapsed holds and counts again recently sold deals' sales (the `popular` order's key) every minute, and runs the expiry sweep (reminders, expiry, auto-refunds,
 * pending refunds, the weekly statements), then the daily reconciliation when yesterday's is not done, once at start and then every EXPIRY_SWEEP_INTERVAL_SECONDS,
 * unless EXPIRY_SWEEP is off; safe with any number of servers doing the same. A sweep still running
 * when the next is due is not started twice.
 */
export function startBackgroundJobs(app: FastifyInstance, deps: AppDeps, jobs: { payments: PaymentProvider; sms: SmsSender; email: EmailSender }): void {
  let timer: NodeJS.Timeout | undefined;
  let sendTimer: NodeJS.Timeout | undefined;
  let sending = false;
  let closing = false;
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      releaseExpiredOrders(deps.database.db).catch((err: unknown) => app.log.error({ err }, 'releasing expired holds failed'));
      refreshSoldCounts(deps.database.db).catch((err: unknown) => app.log.error({ err }, 'refreshing sold counts failed'));
    }, HOLD_SWEEP_MS);
    timer.unref();
    const senderDeps = { db: deps.database.db, sms: jobs.sms, email: jobs.email, logger: app.log, publicOrigin: deps.config.publicOrigin };
    sendTimer = setInterval(() => {
      if (sending) return;
      sending = true;
      sendAllDueNotifications(senderDeps, () => closing)
        .catch((err: unknown) => app.log.error({ err }, 'sending notifications failed'))
        .finally(() => {
          sending = false;
        });
    }, NOTIFICATION_SEND_MS);
    sendTimer.unref();
    if (!deps.config.EXPIRY_SWEEP) return;
    const sweep = () => {
      if (sweeping) return;
      sweeping = true;
      runExpirySweep({ db: deps.database.db, payments: jobs.payments, logger: app.log })
        .catch((err: unknown) => app.log.error({ err }, 'the expiry sweep failed'))
        .then(() => reconcileYesterday({ db: deps.database.db, payments: jobs.payments, logger: app.log }))
        .catch((err: unknown) => app.log.error({ err }, 'the daily reconciliation failed'))
        .finally(() => {
          sweeping = false;
        });
    };
    // At once too, so a server started after a week closed shows its statements without waiting a minute.
    sweep();
    sweepTimer = setInterval(sweep, EXPIRY_SWEEP_INTERVAL_SECONDS * 1000);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    clearInterval(sendTimer);
    clearInterval(sweepTimer);
  });
}
