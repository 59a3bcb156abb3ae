/**
 * A notification's words (docs/product/messages.md#notifications), in the reader's language, from what its
 * trigger kept (`params`): the bell's title and body, the SMS and the email. Codes are given, never a PIN.
 */
import { paths } from '../../contract/routes';
import type { NotificationKind } from '../../contract/constants';
import { msg, render, type Language, type Message } from '../i18n';

/** A notification as its trigger stored it. */
export interface StoredNotification {
  kind: NotificationKind;
  subjectId: string;
  params: Record<string, unknown>;
}

export interface NotificationWords {
  title: string;
  body: string;
  /** The app's path it leads to, or null. */
  link: string | null;
}

/** Codes shown in one message at most; the rest are counted. */
const CODES_SHOWN = 5;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const cents = (value: unknown): number => (typeof value === 'number' ? value : 0);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function codesOf(value: unknown): Message | string {
  const codes = strings(value);
  if (codes.length <= CODES_SHOWN) return codes.join(', ');
  return msg('notification.moreCodes', { codes: codes.slice(0, CODES_SHOWN).join(', '), count: codes.length - CODES_SHOWN });
}

/**
 * The calendar day an instant falls on in a time zone, as a Date at that day's local midnight on this server, for
 * the `day` format (which reads the server's calendar): a statement's week starts on the merchant's Monday.
 */
function dayIn(iso: string, timeZone: string): Date {
  const at = new Date(iso);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** The app's name, as messages are signed. */
const BRAND = 'DealMarket';

/** The message of a notification's title. */
function titleOf(kind: NotificationKind): Message {
  switch (kind) {
    case 'vouchers_issued':
      return msg('notification.vouchers_issued.title');
    case 'refund_succeeded':
      return msg('notification.refund_succeeded.title');
    case 'refund_failed':
      return msg('notification.refund_failed.title');
    case 'group_formed':
      return msg('notification.group_formed.title');
    case 'group_failed':
      return msg('notification.group_failed.title');
    case 'expiry_reminder':
      return msg('notification.expiry_reminder.title');
    case 'proposal_approved':
      return msg('notification.proposal_approved.title');
    case 'proposal_rejected':
      return msg('notification.proposal_rejected.title');
    case 'statement_ready':
      return msg('notification.statement_ready.title');
    case 'payout_recorded':
      return msg('notification.payout_recorded.title');
  }
}

/** The message of a notification's body, with its values. */
function bodyOf(n: StoredNotification): Message {
  const p = n.params;
  const week = () => ({ date: dayIn(text(p.periodStart), text(p.timeZone) || 'UTC'), amount: cents(p.netCents), reference: text(p.reference) });
  switch (n.kind) {
    case 'vouchers_issued':
      return msg('notification.vouchers_issued.body', { titles: strings(p.titles).join(', '), codes: codesOf(p.codes) });
    case 'group_formed':
      return msg('notification.group_formed.body', { title: text(p.title), codes: codesOf(p.codes) });
    case 'refund_succeeded':
      return msg('notification.refund_succeeded.body', { title: text(p.title), amount: cents(p.amountCents) });
    case 'refund_failed':
      return msg('notification.refund_failed.body', { title: text(p.title), amount: cents(p.amountCents) });
    case 'group_failed':
      return msg('notification.group_failed.body', { title: text(p.title), amount: cents(p.amountCents) });
    case 'expiry_reminder':
      return msg('notification.expiry_reminder.body', {
        code: text(p.code),
        title: text(p.title),
        date: new Date(text(p.validUntil)),
        then: msg(p.autoRefund === true ? 'notification.then.refunded' : 'notification.then.lost'),
      });
    case 'proposal_approved':
      return msg('notification.proposal_approved.body', { title: text(p.title) });
    case 'proposal_rejected':
      return msg('notification.proposal_rejected.body', { title: text(p.title), reason: text(p.reason) });
    case 'statement_ready':
      return msg('notification.statement_ready.body', week());
    case 'payout_recorded':
      return msg('notification.payout_recorded.body', week());
  }
}

/** Where in the app a notification leads. */
export function linkOf(n: StoredNotification): string | null {
  switch (n.kind) {
    case 'vouchers_issued':
    case 'expiry_reminder':
      return paths.myVouchers;
    case 'group_formed':
    case 'group_failed':
      return paths.group(n.subjectId);
    case 'refund_succeeded':
    case 'refund_failed':
      return paths.orders;
    case 'proposal_approved':
    case 'proposal_rejected':
      return paths.merchantDealEdit(n.subjectId);
    case 'statement_ready':
    case 'payout_recorded':
      return paths.merchantStatement(n.subjectId);
  }
}

/** The bell's words. */
export function wordsOf(n: StoredNotification, language: Language): NotificationWords {
  return {
    title: render(language, titleOf(n.kind)),
    body: render(language, bodyOf(n)),
    link: linkOf(n),
  };
}

/** The SMS: the body and a link into the app at `publicOrigin`. */
export function smsOf(n: StoredNotification, language: Language, publicOrigin: string): string {
  const words = wordsOf(n, language);
  return render(language, msg('notification.sms', { brand: BRAND, body: words.body, link: `${publicOrigin}${words.link ?? ''}` }));
}

/** The email: the title as subject; the body, the link and where to change what is sent. */
export function emailOf(n: StoredNotification, language: Language, publicOrigin: string): { subject: string; text: string } {
  const words = wordsOf(n, language);
  const footer = render(language, msg('notification.emailFooter', { link: `${publicOrigin}${paths.profile}` }));
  return { subject: words.title, text: `${words.body}\n\n${publicOrigin}${words.link ?? ''}\n\n${footer}` };
}
