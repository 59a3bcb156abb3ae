/**
 * The home's days are calendar days of the merchant's time zone written 'yyyy-MM-dd' (ADR 039). They are named as
 * written, not through the viewer's time zone, which could move a day's midnight into the day before; in the language
 * of the screen ('Nov 2, 2026', in Chinese '2026年11月2日', docs/product/language.md#formats).
 */
import { formatLanguage } from '../../i18n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(day: string): { year: string; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? Number(match[2]) : 0;
  if (!match?.[1] || !MONTHS[month - 1]) return null;
  return { year: match[1], month, date: Number(match[3]) };
}

/** 'Nov 2' ('11月2日'), as the charts' axis writes a day; the text itself when it is no such day. */
export function shortDay(day: string): string {
  const p = parts(day);
  if (!p) return day;
  return formatLanguage() === 'zh-CN' ? `${p.month}月${p.date}日` : `${MONTHS[p.month - 1]} ${p.date}`;
}

/** 'Nov 2, 2026' ('2026年11月2日'), as the charts' tables name a day. */
export function longDay(day: string): string {
  const p = parts(day);
  if (!p) return day;
  return formatLanguage() === 'zh-CN' ? `${p.year}年${p.month}月${p.date}日` : `${MONTHS[p.month - 1]} ${p.date}, ${p.year}`;
}
