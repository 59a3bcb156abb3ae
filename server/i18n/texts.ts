/**
 * Messages kept as text (contract/reasons.ts): a schema's reason as zod carries it, and what the server stores to
 * show later, a redemption's reason and a ledger note. The text is the message's key and values as JSON, so it is
 * rendered in the reader's language when it is shown (docs/product/language.md#stored-texts, ADR 031); a text that
 * is no message (written before texts were keys, or by a person) is shown as it is.
 */
import { format } from 'date-fns';
import { reasonOf, textOf, type Reason, type ReasonValue } from '../../contract/reasons';
import { CATALOGUES, render, type Catalogue, type Language, type Message, type MessageKey, type MessageValue } from './index';

/** A calendar day as stored: the day the message names in the server's time zone, as `{{date, day}}` writes it. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function reasonValueOf(value: MessageValue): ReasonValue {
  if (value instanceof Date) return { day: format(value, 'yyyy-MM-dd') };
  if (typeof value === 'object') return reasonOfMessage(value);
  return value;
}

function reasonOfMessage(message: Message): Reason {
  if (!message.params) return { key: message.key };
  return { key: message.key, params: Object.fromEntries(Object.entries(message.params).map(([name, value]) => [name, reasonValueOf(value)])) };
}

/** The message as the text to store: `{"key":"redemption.wrongPin","params":{"count":4}}`. */
export function textOfMessage(message: Message): string {
  return textOf(reasonOfMessage(message));
}

/** Whether the English catalogue (which every language matches) has the key, a plural's by its forms. */
function known(key: string): boolean {
  const path = key.split('.');
  const last = path.pop() ?? '';
  let node: Catalogue | string | undefined = CATALOGUES.en;
  for (const step of path) node = typeof node === 'object' ? node[step] : undefined;
  if (typeof node !== 'object') return false;
  return typeof node[last] === 'string' || typeof node[`${last}_one`] === 'string' || typeof node[`${last}_other`] === 'string';
}

function messageValueOf(value: ReasonValue): MessageValue | null {
  if (typeof value !== 'object') return value;
  if ('day' in value) {
    const day = DAY.exec(value.day);
    // Noon, so the day stays the same in any time zone the server may run in.
    return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12) : null;
  }
  return messageOfReason(value);
}

function messageOfReason(reason: Reason): Message | null {
  if (!known(reason.key)) return null;
  if (!reason.params) return { key: reason.key as MessageKey };
  const params: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(reason.params)) {
    const decoded = messageValueOf(value);
    if (decoded === null) return null;
    params[name] = decoded;
  }
  return { key: reason.key as MessageKey, params };
}

/** The message a text holds (contract/reasons.ts), or null when it holds none of the catalogue's. */
export function messageOfText(text: string | null | undefined): Message | null {
  const reason = reasonOf(text);
  return reason ? messageOfReason(reason) : null;
}

/** A stored text in `language`: the message it holds rendered, or the text as it is. */
export function renderText(language: Language, text: string): string;
export function renderText(language: Language, text: string | null): string | null;
export function renderText(language: Language, text: string | null): string | null {
  if (text === null) return null;
  const message = messageOfText(text);
  return message ? render(language, message) : text;
}
