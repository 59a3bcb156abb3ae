import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatCount } from './numbers';
import { formatDay } from './dates';
import { formatMoney } from './money';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 98765, 1234567, -1234]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatBasisPoints', () => {
  it('writes a rate as a percentage with at most two decimals and no trailing zeros', () => {
    expect([0, 5, 1000, 1250, 1234, 10_000].map(formatBasisPoints)).toEqual(['0%', '0.05%', '10%', '12.5%', '12.34%', '100%']);
  });
});

describe('formatDay and formatMoney', () => {
  it('write what the en-US Intl formatters write', () => {
    const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (const iso of ['2026-01-01T00:00:00', '2026-12-31T23:59:00', '2027-05-09T12:00:00.000Z']) expect(formatDay(iso)).toBe(day.format(new Date(iso)));
    expect(formatDay('not a date')).toBe('');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 5, 99, 100, 1999, 123456789, -250]) expect(formatMoney(cents)).toBe(usd.format(cents / 100));
  });
});
