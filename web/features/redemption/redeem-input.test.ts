// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { normalizePin, normalizeVoucherCode } from './redeem-input';

describe('normalizeVoucherCode', () => {
  it('uppercases and cuts to 8 characters', () => {
    expect(normalizeVoucherCode('abcd2345xyz')).toBe('ABCD2345');
  });

  it('drops spaces typed or pasted between groups', () => {
    expect(normalizeVoucherCode(' abcd 2345 ')).toBe('ABCD2345');
  });

  it('leaves a short code short', () => {
    expect(normalizeVoucherCode('ab')).toBe('AB');
  });
});

describe('normalizePin', () => {
  it('keeps digits only, at most 6', () => {
    expect(normalizePin('1a2b3c4d5e6f7')).toBe('123456');
    expect(normalizePin('12-34')).toBe('1234');
    expect(normalizePin('abc')).toBe('');
  });
});
