/** The default sender: writes each message to the log and remembers the latest ones per address for development. */
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage, EmailSender, SentEmail } from './email-sender';

const KEEP_ADDRESSES = 1000;
/** Messages kept per address, the latest. */
export const KEEP_PER_ADDRESS = 50;

export class ConsoleEmailSender implements EmailSender {
  readonly name = 'console';
  private readonly sent = new Map<string, SentEmail[]>();

  constructor(private readonly logger?: FastifyBaseLogger) {}

  async send(message: EmailMessage): Promise<void> {
    const key = message.to.toLowerCase();
    const list = this.sent.get(key) ?? [];
    list.push({ ...message, sentAt: new Date() });
    if (list.length > KEEP_PER_ADDRESS) list.shift();
    this.sent.delete(key);
    this.sent.set(key, list);
    if (this.sent.size > KEEP_ADDRESSES) {
      const oldest = this.sent.keys().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
    this.logger?.info({ email: { to: message.to, subject: message.subject, text: message.text } }, 'Email (console sender)');
  }

  /** The latest message sent to an address in this process, if any; letter case does not matter. */
  lastSentTo(address: string): SentEmail | undefined {
    return this.sent.get(address.toLowerCase())?.at(-1);
  }

  /** The messages sent to an address in this process, oldest first (the latest KEEP_PER_ADDRESS); letter case does not matter. */
  sentTo(address: string): readonly SentEmail[] {
    return this.sent.get(address.toLowerCase()) ?? [];
  }
}
