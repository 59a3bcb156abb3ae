/** The default sender: writes each message to the log and remembers the latest per address for development. */
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailSender, SentEmail } from './email-sender';

const KEEP_ADDRESSES = 1000;

export class ConsoleEmailSender implements EmailSender {
  readonly name = 'console';
  private readonly latest = new Map<string, SentEmail>();

  constructor(private readonly logger?: FastifyBaseLogger) {}

  async send(message: EmailMessage): Promise<void> {
    const key = message.to.toLowerCase();
    const sent = { ...message, sentAt: new Date() };
    this.latest.delete(key);
    this.latest.set(key, sent);
    if (this.latest.size > KEEP_ADDRESSES) {
      const oldest = this.latest.keys().next().value;
      if (oldest !== undefined) this.latest.delete(oldest);
    }
    this.logger?.info({ email: { to: message.to, subject: message.subject, text: message.text } }, 'Email (console sender)');
  }

  /** The latest message sent to an address in this process, if any; letter case does not matter. */
  lastSentTo(address: string): SentEmail | undefined {
    return this.latest.get(address.toLowerCase());
  }
}
