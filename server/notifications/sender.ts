/**
 * The outbox's sender (ADR 038), run by every server every few seconds and safe with any number at once.
 * A send is claimed first (status `sending`, one try more, a lease until `next_attempt_at`), rows another
 * server is claiming skipped rather than waited for; then sent through the SMS or email port; then settled:
 * `sent`, or back to `pending` after a wait of NOTIFICATION_RETRY_BASE_SECONDS × 4^(tries − 1), or `failed`
 * after NOTIFICATION_MAX_ATTEMPTS tries, for the superadmin's list. A server that stops between the send and
 * the settling leaves the claim to lapse, and the message is sent again: at least once, never lost; a refused
 * send is never counted as sent, so a retry never doubles one that was refused.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { NOTIFICATION_MAX_ATTEMPTS, NOTIFICATION_RETRY_BASE_SECONDS } from '../../contract/constants';
import type { Db } from '../db/client';
import { notificationDeliveries, notifications, users } from '../db/schema';
import type { EmailSender } from '../integrations/email/email-sender';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { emailOf, smsOf } from './texts';

export interface SenderDeps {
  db: Db;
  sms: SmsSender;
  email: EmailSender;
  logger: FastifyBaseLogger;
  /** Where the links in messages point: the app's public origin. */
  publicOrigin: string;
}

/** Sends one pass takes at most. */
export const NOTIFICATION_SEND_BATCH = 50;
/** How long a claim holds before another server may take the send over. */
export const SEND_LEASE_MS = 120_000;
/** The longest a vendor's refusal is kept, for the superadmin's list. */
const ERROR_MAX_LENGTH = 500;

export interface SendResult {
  sent: number;
  /** Refused this time, to be tried again later. */
  retrying: number;
  /** Refused for the last time: listed for superadmins. */
  failed: number;
}

/** The wait before try `attempts + 1`, after `attempts` refused tries. */
export function retryDelayMs(attempts: number): number {
  return NOTIFICATION_RETRY_BASE_SECONDS * 1000 * 4 ** Math.max(0, attempts - 1);
}

/** One pass: claims up to `batch` sends that are due, sends them and settles each. */
export async function sendDueNotifications(deps: SenderDeps, { batch = NOTIFICATION_SEND_BATCH, now = new Date() } = {}): Promise<SendResult> {
  const { db } = deps;
  // A claim that lapsed after its last try is given up: the message may or may not have left.
  await db
    .update(notificationDeliveries)
    .set({ status: 'failed', lastError: 'no answer from the sender', updatedAt: now })
    .where(
      and(
        eq(notificationDeliveries.status, 'sending'),
        lte(notificationDeliveries.nextAttemptAt, now),
        gte(notificationDeliveries.attempts, NOTIFICATION_MAX_ATTEMPTS),
      ),
    );
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          or(eq(notificationDeliveries.status, 'pending'), eq(notificationDeliveries.status, 'sending')),
          lte(notificationDeliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(notificationDeliveries.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(notificationDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS),
        updatedAt: now,
      })
      .where(inArray(notificationDeliveries.id, due.map((d) => d.id)))
      .returning({ id: notificationDeliveries.id });
  });
  const result: SendResult = { sent: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return result;
  const rows = await db
    .select({
      id: notificationDeliveries.id,
      channel: notificationDeliveries.channel,
      address: notificationDeliveries.address,
      attempts: notificationDeliveries.attempts,
      kind: notifications.kind,
      subjectId: notifications.subjectId,
      params: notifications.params,
      language: users.language,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(inArray(notificationDeliveries.id, claimed.map((c) => c.id)));
  const sent: string[] = [];
  for (const row of rows) {
    try {
      if (row.channel === 'sms') await deps.sms.send(row.address, smsOf(row, row.language, deps.publicOrigin));
      else await deps.email.send({ to: row.address, ...emailOf(row, row.language, deps.publicOrigin) });
    } catch (err) {
      const last = row.attempts >= NOTIFICATION_MAX_ATTEMPTS;
      deps.logger.warn({ err, deliveryId: row.id, channel: row.channel, attempts: row.attempts }, last ? 'a notification could not be sent' : 'a notification will be tried again');
      await db
        .update(notificationDeliveries)
        .set({
          status: last ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX_LENGTH),
          updatedAt: new Date(),
        })
        .where(and(eq(notificationDeliveries.id, row.id), eq(notificationDeliveries.status, 'sending')));
      if (last) result.failed++;
      else result.retrying++;
      continue;
    }
    sent.push(row.id);
  }
  // The sent ones are settled together, in one statement: a pass costs two commits, not one per message.
  if (sent.length > 0) {
    await db
      .update(notificationDeliveries)
      .set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() })
      .where(and(inArray(notificationDeliveries.id, sent), eq(notificationDeliveries.status, 'sending')));
  }
  result.sent = sent.length;
  return result;
}

/**
 * Passes one after the other while each finds a full batch due, so a busy hour's receipts leave at the pace
 * they are written rather than a batch per period; stops between passes when `stopping` says so.
 */
export async function sendAllDueNotifications(deps: SenderDeps, stopping: () => boolean = () => false): Promise<SendResult> {
  const total: SendResult = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const pass = await sendDueNotifications(deps);
    total.sent += pass.sent;
    total.retrying += pass.retrying;
    total.failed += pass.failed;
    if (pass.sent + pass.retrying + pass.failed < NOTIFICATION_SEND_BATCH || stopping()) return total;
  }
}
