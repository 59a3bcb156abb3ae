import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { REDEMPTION_LOG_DATE_FORMAT } from '../../contract/constants';
import { formatClockTime, formatDayTime, formatIso, formatIsoDay, formatLocalDateTime, formatLogTime, formatTimeOrDayTime } from './date-format';

// Every month, midnight, noon, both sides of them and single-digit days: the same text as the date-fns patterns.
const samples = [
  new Date(2026, 0, 1, 0, 0),
  new Date(2026, 1, 9, 0, 5),
  new Date(2026, 2, 15, 11, 59),
  new Date(2026, 3, 30, 12, 0),
  new Date(2026, 4, 2, 12, 30),
  new Date(2026, 5, 3, 13, 7),
  new Date(2026, 6, 4, 23, 59),
  new Date(2026, 7, 5, 9, 9),
  new Date(2026, 8, 6, 10, 10),
  new Date(2026, 9, 7, 14, 5),
  new Date(2026, 10, 22, 14, 5),
  new Date(2026, 11, 31, 18, 45),
];

/** A local date in a year below 100, which the Date constructor would read as 19xx. */
function earlyYear(year: number, month: number, day: number, hours: number, minutes: number): Date {
  const date = new Date(2026, month, day, hours, minutes);
  date.setFullYear(year);
  return date;
}
// Years of fewer than four digits, as a slip in a date picker gives: 'yyyy' still writes four.
samples.push(earlyYear(26, 10, 24, 9, 0), earlyYear(1, 0, 1, 0, 0), new Date(999, 5, 15, 12, 30));

describe('date formats', () => {
  it.each(samples)('writes %s as the date-fns patterns do', (date) => {
    expect(formatIsoDay(date)).toBe(format(date, 'yyyy-MM-dd'));
    expect(formatLocalDateTime(date)).toBe(format(date, "yyyy-MM-dd'T'HH:mm"));
    expect(formatLogTime(date)).toBe(format(date, REDEMPTION_LOG_DATE_FORMAT));
    expect(formatDayTime(date)).toBe(format(date, 'MMM d, yyyy HH:mm'));
    expect(formatClockTime(date)).toBe(format(date, 'p'));
  });

  it('reads ISO text and leaves unreadable text empty', () => {
    const date = new Date(2026, 10, 2, 14, 5);
    expect(formatIso(date.toISOString(), formatLogTime)).toBe('Nov 02, 2026 14:05');
    expect(formatIso('not a date', formatLogTime)).toBe('');
  });
});

describe('a moment to come', () => {
  it('is the time of day on the same day, and the day with it on another', () => {
    const now = new Date(2026, 10, 22, 9, 0);
    expect(formatTimeOrDayTime(new Date(2026, 10, 22, 14, 5), now)).toBe('2:05 PM');
    expect(formatTimeOrDayTime(new Date(2026, 10, 23, 9, 30), now)).toBe('Nov 23, 2026, 9:30 AM');
    expect(formatTimeOrDayTime(new Date(2027, 0, 1, 0, 0), now)).toBe('Jan 1, 2027, 12:00 AM');
  });
});
