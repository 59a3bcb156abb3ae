import { describe, expect, it } from 'vitest';
import { countdownText, durationText, msUntil } from './group-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the time a group has left', () => {
  it('is counted to the deadline, and never below zero', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    expect(msUntil('2026-11-22T15:12:00.000Z', now)).toBe(5 * HOUR + 12 * MINUTE);
    expect(msUntil('2026-11-22T09:00:00.000Z', now)).toBe(0);
    expect(msUntil('not a date', now)).toBe(0);
  });

  it('reads as days and hours, hours and minutes, or minutes in a list', () => {
    expect(durationText(2 * 24 * HOUR + 4 * HOUR + 30 * MINUTE)).toBe('2d 4h');
    expect(durationText(5 * HOUR + 12 * MINUTE + 59_000)).toBe('5h 12m');
    expect(durationText(5 * HOUR)).toBe('5h 0m');
    expect(durationText(12 * MINUTE)).toBe('12m');
    expect(durationText(59_000)).toBe('less than a minute');
  });

  it('runs as h:mm:ss under a day on the group page', () => {
    expect(countdownText(5 * HOUR + 12 * MINUTE + 9_000)).toBe('5:12:09');
    expect(countdownText(23 * HOUR + 59 * MINUTE + 59_999)).toBe('23:59:59');
    expect(countdownText(61_000)).toBe('0:01:01');
    expect(countdownText(0)).toBe('0:00:00');
    expect(countdownText(24 * HOUR)).toBe('1d 0h');
    expect(countdownText(2 * 24 * HOUR + 4 * HOUR)).toBe('2d 4h');
  });
});
