/**
 * The home's days are UTC calendar days written 'yyyy-MM-dd'. They are named as written, not through the viewer's
 * time zone, which would move a day's midnight into the day before west of Greenwich.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(day: string): { year: string; month: string; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match?.[1] || !month) return null;
  return { year: match[1], month, date: Number(match[3]) };
}

/** 'Nov 2', as the charts' axis writes a day; the text itself when it is no such day. */
export function shortDay(day: string): string {
  const p = parts(day);
  return p ? `${p.month} ${p.date}` : day;
}

/** 'Nov 2, 2026', as the charts' tables name a day. */
export function longDay(day: string): string {
  const p = parts(day);
  return p ? `${p.month} ${p.date}, ${p.year}` : day;
}
