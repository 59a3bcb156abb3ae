/** How the bell and the failed sends write times and addresses. */
import { formatDayTime, formatIso } from '../../lib/date-format';
import { safeNextPath } from '../../lib/safe-next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a notification gives its date rather than how long ago it came. */
const RELATIVE_DAYS = 7;

/** What `relativeTime` says: a key of the notifications catalogue's `time` group with its count, or a date. */
export type RelativeTime = { key: 'justNow' } | { key: 'minutes' | 'hours' | 'days'; count: number } | { date: string };

/** How long ago `iso` was, seen at `now`: "just now" under a minute (and for a clock running a little ahead), then minutes, hours, days, then the date. */
export function relativeTime(iso: string, now: number): RelativeTime {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return { date: '' };
  const ago = now - at;
  if (ago < MINUTE) return { key: 'justNow' };
  if (ago < HOUR) return { key: 'minutes', count: Math.floor(ago / MINUTE) };
  if (ago < DAY) return { key: 'hours', count: Math.floor(ago / HOUR) };
  if (ago < RELATIVE_DAYS * DAY) return { key: 'days', count: Math.floor(ago / DAY) };
  return { date: formatIso(iso, formatDayTime) };
}

/** A notification's link when it is a path of this site, else null (it is then shown without one). */
export function inAppLink(link: string | null): string | null {
  if (link === null) return null;
  const path = safeNextPath(link, '');
  return path === '' ? null : path;
}

/** An address as the failed sends show it: a phone by its last four digits, an email by its first letter and its domain. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.slice(0, 1)}•••${address.slice(at)}`;
  const digits = address.replace(/\D/g, '');
  if (digits.length <= 4) return '••••';
  return `•••• ${digits.slice(-4)}`;
}
