import { describe, expect, it } from 'vitest';
import { statementCsvHref, weekLabel } from './statement-format';

describe('statement weeks', () => {
  it('names the Monday and the Sunday of the UTC week', () => {
    expect(weekLabel('2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z')).toBe('Nov 16 – Nov 22, 2026');
    expect(weekLabel('2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z')).toBe('Nov 30 – Dec 6, 2026');
    expect(weekLabel('2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(weekLabel('nonsense', '2027-01-04T00:00:00.000Z')).toBe('');
  });

  it('links the CSV of the merchant\'s and the superadmin\'s calls', () => {
    expect(statementCsvHref('merchant', 's 1')).toBe('/api/merchant/statements/s%201/csv');
    expect(statementCsvHref('admin', 's1')).toBe('/api/admin/statements/s1/csv');
  });
});
