/** The port every email vendor implements. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  readonly name: string;
  /** Sends one plain-text message; rejects when the server refuses it or cannot be reached. */
  send(message: EmailMessage): Promise<void>;
}

export interface SentEmail extends EmailMessage {
  sentAt: Date;
}
