// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseBusinessHours } from './get-merchant';

describe('parseBusinessHours', () => {
  it('lists the periods that are set, in day order', () => {
    expect(parseBusinessHours('{"evening":"17:00-22:00","morning":"09:00-12:00"}')).toEqual([
      { period: 'morning', hours: '09:00-12:00' },
      { period: 'evening', hours: '17:00-22:00' },
    ]);
  });

  it('reads null, malformed JSON and odd values as no hours', () => {
    expect(parseBusinessHours(null)).toEqual([]);
    expect(parseBusinessHours('{not json')).toEqual([]);
    expect(parseBusinessHours('"09:00-12:00"')).toEqual([]);
    expect(parseBusinessHours('{"morning":42,"afternoon":""}')).toEqual([]);
  });
});
