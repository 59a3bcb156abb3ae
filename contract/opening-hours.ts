/**
 * "Open now" (docs/product/rules.md, the store page): whether a merchant is open at an instant, read on its own wall
 * clock in its time zone from its business hours ({morning?, afternoon?, evening?}, each 'HH:MM-HH:MM', the same every
 * day). A period whose end is before its start runs past midnight (18:00-02:00 is open from 18:00 to 02:00 the next
 * morning); one whose end equals its start is open all day. Written once, without zod, for the server's answer.
 */
import { DEFAULT_TIME_ZONE, isTimeZone, wallClockOf } from './time-zones';

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MINUTES = 24 * 60;

export interface OpeningState {
  /** True while inside a period, false outside every period, null when the merchant lists no hours. */
  openNow: boolean | null;
  /** While open: when the current period ends ('HH:MM'; periods that follow each other count as one). */
  openUntil: string | null;
  /** While closed: when the next period starts ('HH:MM', today or tomorrow). */
  opensAt: string | null;
  /** The merchant's wall clock then, 'HH:MM'. */
  localTime: string;
  /** The merchant's calendar day then, 'yyyy-MM-dd'. */
  localDay: string;
}

interface Period {
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** The periods that are set and well formed, as minutes of the day; anything else is ignored. */
export function periodsOf(hours: Readonly<Record<string, unknown>> | null | undefined): Period[] {
  if (!hours) return [];
  const periods: Period[] = [];
  for (const key of ['morning', 'afternoon', 'evening']) {
    const value = hours[key];
    if (typeof value !== 'string') continue;
    const m = RANGE.exec(value.trim());
    if (!m) continue;
    periods.push({ start: Number(m[1]) * 60 + Number(m[2]), end: Number(m[3]) * 60 + Number(m[4]) });
  }
  return periods;
}

/** Minutes from `from` forward to `to` on a 24-hour dial (0 when equal). */
const ahead = (from: number, to: number) => (to - from + DAY_MINUTES) % DAY_MINUTES;

/** Whether minute `m` of the day falls in a period (its start included, its end not). */
function inside(p: Period, m: number): boolean {
  if (p.start === p.end) return true;
  return ahead(p.start, m) < ahead(p.start, p.end);
}

/**
 * The merchant's opening state at `now` in `zone` (an unknown zone reads as UTC). Daylight-saving days need nothing
 * special: the wall clock is read from the zone's rules at that instant.
 */
export function openingStateAt(hours: Readonly<Record<string, unknown>> | null | undefined, zone: string, now: Date): OpeningState {
  const wall = wallClockOf(now, isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
  const minute = wall.hour * 60 + wall.minute;
  const base = {
    localTime: clockText(minute),
    localDay: `${String(wall.year).padStart(4, '0')}-${pad(wall.month)}-${pad(wall.day)}`,
  };
  const periods = periodsOf(hours);
  if (periods.length === 0) return { openNow: null, openUntil: null, opensAt: null, ...base };

  const current = periods.find((p) => inside(p, minute));
  if (current) {
    if (current.start === current.end) return { openNow: true, openUntil: null, opensAt: null, ...base };
    // Follow periods that start where (or before) the current one ends, so 11:00-14:00 and 14:00-21:00 read "until 21:00".
    let end = current.end;
    let covered = ahead(minute, end);
    for (let step = 0; step < periods.length; step++) {
      const next = periods.find((p) => p !== current && inside(p, end) && ahead(minute, p.end) > covered);
      if (!next) break;
      if (next.start === next.end) return { openNow: true, openUntil: null, opensAt: null, ...base };
      end = next.end;
      covered = ahead(minute, end);
    }
    return { openNow: true, openUntil: clockText(end), opensAt: null, ...base };
  }
  const next = periods.reduce((best, p) => (ahead(minute, p.start) < ahead(minute, best.start) ? p : best));
  return { openNow: false, openUntil: null, opensAt: clockText(next.start), ...base };
}
