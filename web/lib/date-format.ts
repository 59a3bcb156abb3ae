/**
 * Dates and times as the logs, forms and tables write them, in the viewer's time zone: logs read
 * 'Nov 02, 2026 14:05' (REDEMPTION_LOG_DATE_FORMAT, 'MMM dd, yyyy HH:mm'), forms and tables 'yyyy-MM-dd'.
 * (Shoppers' calendar dates are in dates.ts, which the first page needs.) In Chinese, dates with times read
 * '2026年11月2日 14:05' and times of day '14:05' (docs/product/language.md#formats).
 */
import { formatLanguage } from '../i18n/languages';

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short' });

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy': the year on at least four digits, so that year 26 reads 0026 (and a datetime-local input accepts it). */
const year4 = (date: Date) => String(date.getFullYear()).padStart(4, '0');

/** The date, or null when the text is no readable date. */
function readDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'yyyy-MM-dd', e.g. '2026-11-02'. */
export function formatIsoDay(date: Date): string {
  return `${year4(date)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'HH:mm', e.g. '14:05'. */
function clock24(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value: 'yyyy-MM-ddTHH:mm'. */
export function formatLocalDateTime(date: Date): string {
  return `${formatIsoDay(date)}T${clock24(date)}`;
}

/** '2026年11月2日 14:05'. */
function chineseDayTime(date: Date): string {
  return `${year4(date)}年${date.getMonth() + 1}月${date.getDate()}日 ${clock24(date)}`;
}

/** 'MMM dd, yyyy HH:mm' (day of the month on two digits), e.g. 'Nov 02, 2026 14:05'. */
export function formatLogTime(date: Date): string {
  if (formatLanguage() === 'zh-CN') return chineseDayTime(date);
  return `${monthFormat.format(date)} ${pad(date.getDate())}, ${year4(date)} ${clock24(date)}`;
}

/** 'MMM d, yyyy HH:mm', e.g. 'Nov 2, 2026 14:05'. */
export function formatDayTime(date: Date): string {
  if (formatLanguage() === 'zh-CN') return chineseDayTime(date);
  return `${monthFormat.format(date)} ${date.getDate()}, ${year4(date)} ${clock24(date)}`;
}

/** The time on a 12-hour clock, e.g. '2:05 PM'. */
export function formatClockTime(date: Date): string {
  if (formatLanguage() === 'zh-CN') return clock24(date);
  const hours = date.getHours();
  return `${hours % 12 === 0 ? 12 : hours % 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'yyyy年M月d日' or 'MMM d, yyyy': the calendar day alone. */
function day(date: Date): string {
  if (formatLanguage() === 'zh-CN') return `${year4(date)}年${date.getMonth() + 1}月${date.getDate()}日`;
  return `${monthFormat.format(date)} ${date.getDate()}, ${year4(date)}`;
}

/**
 * A moment to come, such as a group's deadline: the time of day when it falls on today's date in the viewer's time
 * zone ('2:05 PM', '14:05'), else the day too ('Nov 23, 2026, 2:05 PM', '2026年11月23日 14:05').
 */
export function formatTimeOrDayTime(date: Date, now: Date = new Date()): string {
  const sameDay = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  if (sameDay) return formatClockTime(date);
  return `${day(date)}${formatLanguage() === 'zh-CN' ? ' ' : ', '}${formatClockTime(date)}`;
}

/** Any of the formats above applied to an ISO text; '' when it is no readable date. */
export function formatIso(iso: string, formatter: (date: Date) => string): string {
  const date = readDate(iso);
  return date ? formatter(date) : '';
}
