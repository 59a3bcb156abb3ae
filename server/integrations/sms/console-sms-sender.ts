/** The default sender: writes each message to the log and remembers the latest ones per phone for development. */
import type { FastifyBaseLogger } from 'fastify';
import type { SentSms, SmsSender } from './sms-sender';

const KEEP_PHONES = 1000;
/** Messages kept per phone, the latest. */
export const KEEP_PER_PHONE = 50;

export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  private readonly sent = new Map<string, SentSms[]>();

  constructor(private readonly logger?: FastifyBaseLogger) {}

  async send(to: string, body: string): Promise<void> {
    const list = this.sent.get(to) ?? [];
    list.push({ to, body, sentAt: new Date() });
    if (list.length > KEEP_PER_PHONE) list.shift();
    // Most recently written last, so the phone that waited longest goes first when the map is full.
    this.sent.delete(to);
    this.sent.set(to, list);
    if (this.sent.size > KEEP_PHONES) {
      const oldest = this.sent.keys().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
    this.logger?.info({ sms: { to, body } }, 'SMS (console sender)');
  }

  /** The latest message sent to a phone in this process, if any. */
  lastSentTo(phone: string): SentSms | undefined {
    return this.sent.get(phone)?.at(-1);
  }

  /** The messages sent to a phone in this process, oldest first (the latest KEEP_PER_PHONE). */
  sentTo(phone: string): readonly SentSms[] {
    return this.sent.get(phone) ?? [];
  }
}
