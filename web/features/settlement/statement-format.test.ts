import { describe, expect, it } from 'vitest';
import { statementCsvHref, weekLabel } from './statement-format';

const utcWeek = (periodStart: string, periodEnd: string) => weekLabel({ periodStart, periodEnd, timeZone: 'UTC' });

describe('statement weeks', () => {
  it('names the Monday and the Sunday of a UTC week', () => {
    expect(utcWeek('2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z')).toBe('Nov 16 – Nov 22, 2026');
    expect(utcWeek('2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z')).toBe('Nov 30 – Dec 6, 2026');
    expect(utcWeek('2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(utcWeek('nonsense', '2027-01-04T00:00:00.000Z')).toBe('');
  });

  it('names the days of a week in its own zone, whatever the viewer\'s, the weeks of a change of clocks included', () => {
    const la = (periodStart: string, periodEnd: string) => weekLabel({ periodStart, periodEnd, timeZone: 'America/Los_Angeles' });
    // Monday 00:00 in Los Angeles is 08:00 UTC in winter, 07:00 in summer.
    expect(la('2026-11-16T08:00:00.000Z', '2026-11-23T08:00:00.000Z')).toBe('Nov 16 – Nov 22, 2026');
    // 167 hours: the clocks go forward on Sunday, March 8.
    expect(la('2026-03-02T08:00:00.000Z', '2026-03-09T07:00:00.000Z')).toBe('Mar 2 – Mar 8, 2026');
    // 169 hours: they go back on Sunday, November 1.
    expect(la('2026-10-26T07:00:00.000Z', '2026-11-02T08:00:00.000Z')).toBe('Oct 26 – Nov 1, 2026');
    // Tokyo's Monday starts on Sunday in UTC.
    expect(weekLabel({ periodStart: '2026-11-15T15:00:00.000Z', periodEnd: '2026-11-22T15:00:00.000Z', timeZone: 'Asia/Tokyo' })).toBe('Nov 16 – Nov 22, 2026');
  });

  it('links the CSV of the merchant\'s and the superadmin\'s calls', () => {
    expect(statementCsvHref('merchant', 's 1')).toBe('/api/merchant/statements/s%201/csv');
    expect(statementCsvHref('admin', 's1')).toBe('/api/admin/statements/s1/csv');
  });
});
