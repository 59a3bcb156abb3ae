/** The default sender: writes each message to the log and remembers the latest per phone for development. */
import type { FastifyBaseLogger } from 'fastify';
import type { SentSms, SmsSender } from './sms-sender';

const KEEP_PHONES = 1000;

export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  private readonly latest = new Map<string, SentSms>();

  constructor(private readonly logger?: FastifyBaseLogger) {}

  async send(to: string, body: string): Promise<void> {
    const sent = { to, body, sentAt: new Date() };
    this.latest.delete(to);
    this.latest.set(to, sent);
    if (this.latest.size > KEEP_PHONES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    this.logger?.info({ sms: { to, body } }, 'SMS (console sender)');
  }

  /** The latest message sent to a phone in this process, if any. */
  lastSentTo(phone: string): SentSms | undefined {
    return this.latest.get(phone);
  }
}
