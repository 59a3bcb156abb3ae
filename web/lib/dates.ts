/**
 * Calendar dates as shoppers read them ('Dec 31, 2026', in Chinese '2026年12月31日'), in the viewer's time zone: what
 * month, day and year formatting gives, written out without Intl, whose first formatter costs a long pause on a slow
 * phone (see numbers.ts).
 */
import { formatLanguage } from '../i18n/languages';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (formatLanguage() === 'zh-CN') return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
