/**
 * Calendar dates as shoppers read them ('Dec 31, 2026'), in the viewer's time zone: what en-US month, day and year
 * formatting gives, written out without Intl, whose first formatter costs a long pause on a slow phone (see numbers.ts).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
