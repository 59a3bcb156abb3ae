/** Twilio's Messages API over fetch: one form-encoded POST per message, HTTP basic auth. */
import type { SmsSender } from './sms-sender';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio phone number, or a Messaging Service SID starting with 'MG'. */
  from: string;
  /** Overridable so tests can point it at a local server. */
  apiBase?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';

  constructor(private readonly settings: TwilioSettings) {}

  async send(to: string, body: string): Promise<void> {
    const { accountSid, authToken, from } = this.settings;
    const base = (this.settings.apiBase ?? 'https://api.twilio.com').replace(/\/$/, '');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: to, Body: body });
    if (from.startsWith('MG')) form.set('MessagingServiceSid', from);
    else form.set('From', from);
    const doFetch = this.settings.fetchImpl ?? fetch;
    const response = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
    });
    if (!response.ok) {
      let detail = response.statusText;
      try {
        const json = (await response.json()) as { message?: string; code?: number };
        detail = json.message ? `${json.message}${json.code ? ` (code ${json.code})` : ''}` : detail;
      } catch {
        // the body was not JSON; keep the status text
      }
      throw new Error(`Twilio refused the message: ${response.status} ${detail}`);
    }
  }
}
