import { describe, expect, it } from 'vitest';
import { openingStateAt, periodsOf } from './opening-hours';

const at = (iso: string) => new Date(iso);

describe('openingStateAt', () => {
  const lunchAndDinner = { morning: '11:00-14:00', evening: '17:00-21:00' };

  it('is open inside a period, until its end, on the merchant\'s own clock', () => {
    // 12:30 in Los Angeles (PDT, UTC-7).
    expect(openingStateAt(lunchAndDinner, 'America/Los_Angeles', at('2026-07-01T19:30:00Z'))).toEqual({
      openNow: true,
      openUntil: '14:00',
      opensAt: null,
      localTime: '12:30',
      localDay: '2026-07-01',
    });
  });

  it('is closed between periods and says when it opens next, tomorrow\'s first after the last', () => {
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T15:00:00Z'))).toMatchObject({ openNow: false, opensAt: '17:00', openUntil: null });
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T22:00:00Z'))).toMatchObject({ openNow: false, opensAt: '11:00' });
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T06:00:00Z'))).toMatchObject({ openNow: false, opensAt: '11:00' });
  });

  it('counts a period\'s start as open and its end as closed', () => {
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T11:00:00Z')).openNow).toBe(true);
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T13:59:59Z')).openNow).toBe(true);
    expect(openingStateAt(lunchAndDinner, 'UTC', at('2026-07-01T14:00:00Z'))).toMatchObject({ openNow: false, opensAt: '17:00' });
  });

  it('wraps a period past midnight', () => {
    const late = { evening: '18:00-02:00' };
    expect(openingStateAt(late, 'UTC', at('2026-07-01T23:30:00Z'))).toMatchObject({ openNow: true, openUntil: '02:00' });
    expect(openingStateAt(late, 'UTC', at('2026-07-02T01:15:00Z'))).toMatchObject({ openNow: true, openUntil: '02:00', localDay: '2026-07-02' });
    expect(openingStateAt(late, 'UTC', at('2026-07-02T02:00:00Z'))).toMatchObject({ openNow: false, opensAt: '18:00' });
    expect(openingStateAt(late, 'UTC', at('2026-07-02T12:00:00Z'))).toMatchObject({ openNow: false, opensAt: '18:00' });
  });

  it('reads periods that follow each other as one', () => {
    const allDay = { morning: '09:00-14:00', afternoon: '14:00-18:00', evening: '18:00-23:30' };
    expect(openingStateAt(allDay, 'UTC', at('2026-07-01T10:00:00Z'))).toMatchObject({ openNow: true, openUntil: '23:30' });
  });

  it('treats a period whose end is its start as open all day', () => {
    expect(openingStateAt({ morning: '00:00-00:00' }, 'UTC', at('2026-07-01T03:00:00Z'))).toMatchObject({ openNow: true, openUntil: null, opensAt: null });
  });

  it('is null without hours, and ignores malformed ones', () => {
    expect(openingStateAt(null, 'Asia/Shanghai', at('2026-07-01T03:00:00Z'))).toEqual({
      openNow: null,
      openUntil: null,
      opensAt: null,
      localTime: '11:00',
      localDay: '2026-07-01',
    });
    expect(openingStateAt({}, 'UTC', at('2026-07-01T03:00:00Z')).openNow).toBeNull();
    expect(openingStateAt({ morning: '9-5', evening: 42 }, 'UTC', at('2026-07-01T03:00:00Z')).openNow).toBeNull();
    expect(periodsOf({ morning: '25:00-26:00', afternoon: ' 13:00-15:00 ' })).toEqual([{ start: 13 * 60, end: 15 * 60 }]);
  });

  it('follows daylight saving: the wall clock of the day the clocks change', () => {
    const nineToFive = { morning: '09:00-17:00' };
    // New York springs forward on 2026-03-08: 13:30 UTC is 09:30 EDT (it would be 08:30 on standard time).
    expect(openingStateAt(nineToFive, 'America/New_York', at('2026-03-08T13:30:00Z'))).toMatchObject({ openNow: true, localTime: '09:30', openUntil: '17:00' });
    // The day before, still on standard time, the same instant is 08:30.
    expect(openingStateAt(nineToFive, 'America/New_York', at('2026-03-07T13:30:00Z'))).toMatchObject({ openNow: false, localTime: '08:30', opensAt: '09:00' });
    // It falls back on 2026-11-01: 13:30 UTC is 08:30 EST.
    expect(openingStateAt(nineToFive, 'America/New_York', at('2026-11-01T13:30:00Z'))).toMatchObject({ openNow: false, localTime: '08:30' });
    // A night period across the spring-forward hour (02:00-03:00 never happens): 06:30 UTC is 01:30 EST, 07:30 UTC 03:30 EDT.
    const night = { evening: '22:00-04:00' };
    expect(openingStateAt(night, 'America/New_York', at('2026-03-08T06:30:00Z'))).toMatchObject({ openNow: true, localTime: '01:30' });
    expect(openingStateAt(night, 'America/New_York', at('2026-03-08T07:30:00Z'))).toMatchObject({ openNow: true, localTime: '03:30' });
    expect(openingStateAt(night, 'America/New_York', at('2026-03-08T08:30:00Z'))).toMatchObject({ openNow: false, localTime: '04:30', opensAt: '22:00' });
  });

  it('reads an unknown zone as UTC', () => {
    expect(openingStateAt({ morning: '09:00-17:00' }, 'Mars/Olympus', at('2026-07-01T10:00:00Z'))).toMatchObject({ openNow: true, localTime: '10:00' });
  });
});
