/** The port every SMS vendor implements. */
export interface SmsSender {
  readonly name: string;
  /** Sends one text message; rejects when the vendor refuses it. */
  send(to: string, body: string): Promise<void>;
}

export interface SentSms {
  to: string;
  body: string;
  sentAt: Date;
}
