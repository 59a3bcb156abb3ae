/** How long a group has left, in words ('5h 12m') and as a running clock ('5:12:09', or '2d 4h' a day or more out). */
import { translate } from '../../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds from `now` to the deadline; 0 once it has passed. */
export function msUntil(deadline: string, now: number): number {
  const end = Date.parse(deadline);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** '2d 4h', '5h 12m', '12m' or 'less than a minute': the time left as a list reads it. */
export function durationText(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  const days = Math.floor(minutes / (DAY / MINUTE));
  const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
  const rest = minutes % 60;
  if (days > 0) return translate('groups:time.days', { days, hours });
  if (hours > 0) return translate('groups:time.hours', { hours, minutes: rest });
  if (rest > 0) return translate('groups:time.minutes', { minutes: rest });
  return translate('groups:time.lessThanMinute');
}

/** The group page's clock: h:mm:ss under a day, '2d 4h' from a day on. */
export function countdownText(ms: number): string {
  if (ms >= DAY) return durationText(ms);
  const seconds = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}
