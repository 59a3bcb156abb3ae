/**
 * Email over SMTP through nodemailer. The server is given as one URL: smtp://user:pass@host:587
 * (upgraded with STARTTLS when the server offers it) or smtps://user:pass@host:465 (TLS from the
 * start); characters such as @ or : in the user or password are percent-encoded.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { EmailMessage, EmailSender } from './email-sender';

export interface SmtpSettings {
  url: string;
  /** The sender, e.g. `DealMarket <no-reply@example.com>`. */
  from: string;
  /** How long to wait for the connection, the greeting and each answer (ms). */
  timeoutMs?: number;
}

/** The parts of an smtp:// or smtps:// URL that nodemailer needs; throws on any other URL. */
export function smtpOptions(raw: string): { host: string; port?: number; secure: boolean; auth?: { user: string; pass: string } } {
  const url = new URL(raw);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('SMTP_URL has no host');
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(url.port ? { port: Number(url.port) } : {}),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  };
}

export class SmtpEmailSender implements EmailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 10_000;
    this.transport = createTransport({
      ...smtpOptions(settings.url),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.settings.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
