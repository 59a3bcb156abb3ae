import { describe, expect, it } from 'vitest';
import { longDay, shortDay } from './chart-days';

describe('chart days', () => {
  it('names a UTC day as written, whatever the time zone', () => {
    expect(shortDay('2026-11-02')).toBe('Nov 2');
    expect(longDay('2026-11-02')).toBe('Nov 2, 2026');
    expect(shortDay('2027-01-31')).toBe('Jan 31');
  });

  it('leaves anything else as it is', () => {
    expect(shortDay('2026-13-02')).toBe('2026-13-02');
    expect(longDay('today')).toBe('today');
  });
});
