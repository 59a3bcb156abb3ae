import { describe, expect, it } from 'vitest';
import { inAppLink, maskAddress, relativeTime } from './notification-format';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('relativeTime', () => {
  it('says just now, then minutes, hours and days, then the date after a week', () => {
    expect(relativeTime(ago(30_000), NOW)).toEqual({ key: 'justNow' });
    // A server clock a little ahead of the browser's.
    expect(relativeTime(ago(-5_000), NOW)).toEqual({ key: 'justNow' });
    expect(relativeTime(ago(MINUTE), NOW)).toEqual({ key: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE), NOW)).toEqual({ key: 'minutes', count: 59 });
    expect(relativeTime(ago(60 * MINUTE), NOW)).toEqual({ key: 'hours', count: 1 });
    expect(relativeTime(ago(23 * 60 * MINUTE + 59 * MINUTE), NOW)).toEqual({ key: 'hours', count: 23 });
    expect(relativeTime(ago(24 * 60 * MINUTE), NOW)).toEqual({ key: 'days', count: 1 });
    expect(relativeTime(ago(6 * 24 * 60 * MINUTE), NOW)).toEqual({ key: 'days', count: 6 });
    const old = relativeTime(ago(8 * 24 * 60 * MINUTE), NOW);
    expect('date' in old && /^Nov 1[23], 2026 \d\d:\d\d$/.test(old.date)).toBe(true);
    expect(relativeTime('not a date', NOW)).toEqual({ date: '' });
  });
});

describe('inAppLink', () => {
  it('keeps paths of this site and drops anything else', () => {
    expect(inAppLink('/my/vouchers')).toBe('/my/vouchers');
    expect(inAppLink('/merchant/statements/abc')).toBe('/merchant/statements/abc');
    for (const link of [null, '', 'https://example.com/', '//example.com/x', '/\\example.com', 'javascript:alert(1)']) expect(inAppLink(link), String(link)).toBeNull();
  });
});

describe('maskAddress', () => {
  it('shows a phone by its last four digits and an email by its first letter and its domain', () => {
    expect(maskAddress('+15551234567')).toBe('•••• 4567');
    expect(maskAddress('5550000001')).toBe('•••• 0001');
    expect(maskAddress('123')).toBe('••••');
    expect(maskAddress('alice@example.com')).toBe('a•••@example.com');
  });
});
