/** Notifications in tests: senders that keep what they are given, and the outbox sent at once. */
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Db } from '../db/client';
import type { EmailMessage, EmailSender } from '../integrations/email/email-sender';
import type { SmsSender } from '../integrations/sms/sms-sender';
import { sendDueNotifications, type SendResult } from '../notifications/sender';

export const TEST_ORIGIN = 'http://localhost:3000';

/** An SMS sender that keeps every message; `refuse` makes the next sends fail (a vendor's refusal). */
export class CapturingSms implements SmsSender {
  readonly name = 'capture';
  readonly sent: { to: string; body: string }[] = [];
  refuse = 0;
  async send(to: string, body: string): Promise<void> {
    if (this.refuse > 0) {
      this.refuse--;
      throw new Error('the SMS vendor refused the message');
    }
    this.sent.push({ to, body });
  }
  to(phone: string): string[] {
    return this.sent.filter((m) => m.to === phone).map((m) => m.body);
  }
}

export class CapturingEmail implements EmailSender {
  readonly name = 'capture';
  readonly sent: EmailMessage[] = [];
  async send(message: EmailMessage): Promise<void> {
    this.sent.push(message);
  }
}

/**
 * Sends everything due in the outbox now, pass after pass until a pass finds nothing (as the servers'
 * job would within seconds), and answers the totals.
 */
export async function deliverNotifications(
  db: Db,
  senders: { sms: SmsSender; email?: EmailSender },
  now = new Date(),
): Promise<SendResult> {
  const total: SendResult = { sent: 0, retrying: 0, failed: 0 };
  const deps = {
    db,
    sms: senders.sms,
    email: senders.email ?? new CapturingEmail(),
    logger: pino({ level: 'silent' }) as FastifyBaseLogger,
    publicOrigin: TEST_ORIGIN,
  };
  for (;;) {
    const pass = await sendDueNotifications(deps, { now });
    total.sent += pass.sent;
    total.retrying += pass.retrying;
    total.failed += pass.failed;
    if (pass.sent + pass.retrying + pass.failed === 0) return total;
  }
}
