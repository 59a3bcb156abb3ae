/**
 * How statements are written on screen. A statement's week runs from Monday 00:00 UTC to the next Monday, so its days
 * are named in UTC ('Nov 16 – Nov 22, 2026', in Chinese '2026年11月16日 – 11月22日'): in the viewer's zone the same
 * week could read Sunday to Saturday.
 */
import { pathOf } from '../../../contract/endpoint';
import { statementEndpoints } from '../../../contract/addresses';
import { formatLanguage } from '../../i18n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

function utcDay(date: Date, withYear: boolean): string {
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return withYear ? `${day}, ${date.getUTCFullYear()}` : day;
}

/** Chinese writes the year first: on the first day, and on the last only when the week spans two years. */
function chineseUtcDay(date: Date, withYear: boolean): string {
  const day = `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
  return withYear ? `${date.getUTCFullYear()}年${day}` : day;
}

/** The week's first and last day: 'Nov 16 – Nov 22, 2026', or with both years when it spans two. */
export function weekLabel(periodStart: string, periodEnd: string): string {
  const start = new Date(periodStart);
  // The period ends at the next Monday's midnight: its last day is the Sunday before.
  const last = new Date(new Date(periodEnd).getTime() - DAY_MS);
  if (Number.isNaN(start.getTime()) || Number.isNaN(last.getTime())) return '';
  const sameYear = start.getUTCFullYear() === last.getUTCFullYear();
  if (formatLanguage() === 'zh-CN') return `${chineseUtcDay(start, true)} – ${chineseUtcDay(last, !sameYear)}`;
  return `${utcDay(start, !sameYear)} – ${utcDay(last, true)}`;
}

/** The CSV download of a statement, for its merchant or for a superadmin. */
export function statementCsvHref(scope: 'merchant' | 'admin', id: string): string {
  return pathOf(scope === 'merchant' ? statementEndpoints.merchantCsv : statementEndpoints.adminCsv, { id });
}
