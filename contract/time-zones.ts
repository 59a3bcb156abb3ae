/**
 * The merchant's clock (ADR 039): IANA time zone names and the calendar in one zone, written once for the server
 * (the merchant's "today", its charts' days, its statement weeks) and the web (the zone select, times shown in the
 * merchant's zone). Built on Intl alone: a zone's rules are the runtime's time zone data.
 */

/** The zone of a merchant nobody has placed, and of everything drawn up before merchants had zones. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA name as written: `UTC`, or an area and a place (`America/Los_Angeles`, `America/Argentina/Salta`, `Etc/GMT+5`). */
const ZONE_NAME = /^(UTC|[A-Z][A-Za-z]+(\/[A-Za-z0-9][A-Za-z0-9_+-]*){1,2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made on first use (the first costs a little time; every later call is quick). */
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/**
 * Whether `name` is an IANA time zone the runtime knows, written as the zone database writes it (case and all):
 * canonical names and their links alike (`Asia/Kolkata` and `Asia/Calcutta`), never an offset (`+01:00`) or an
 * abbreviation (`PST`).
 */
export function isTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    formatIn(name);
    return true;
  } catch {
    return false;
  }
}

let zoneNames: string[] | undefined;

/** Every zone the runtime lists, UTC first and the rest by name: the choices of the merchant form's select. */
export function timeZoneNames(): string[] {
  zoneNames ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((z) => z !== DEFAULT_TIME_ZONE && isTimeZone(z)).sort()];
  return zoneNames;
}

/** The wall clock of an instant in a zone. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClockOf(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The wall clock read as if it were UTC, in milliseconds: the instant plus the zone's offset then. */
function wallMs(instant: number, zone: string): number {
  const w = wallClockOf(new Date(instant), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

const HOUR_MS = 3_600_000;

/**
 * The first instant of a calendar day in a zone: its midnight, or where a zone skips midnight (a clock change at
 * 00:00) the moment the day begins. Month and day may run over (day 0, day 32): they count on as Date.UTC does.
 */
export function zonedDayStart(year: number, month: number, day: number, zone: string): Date {
  const midnight = Date.UTC(year, month - 1, day);
  const dayOf = (ms: number) => Math.floor(ms / 86_400_000);
  // The offset a day before, at, and after midnight: one of them is the offset in force when the day starts.
  let first: number | null = null;
  for (const probe of [midnight - 26 * HOUR_MS, midnight, midnight + 26 * HOUR_MS]) {
    const candidate = midnight - (wallMs(probe, zone) - probe);
    const wall = wallMs(candidate, zone);
    // The candidate is on the day, and nothing of the day is before it (the instant before is on the day before).
    if (dayOf(wall) === dayOf(midnight) && dayOf(wallMs(candidate - 1000, zone)) < dayOf(midnight)) first = first === null ? candidate : Math.min(first, candidate);
  }
  if (first !== null) return new Date(first);
  // Not reached with the zone database's rules; the UTC reading keeps a caller going.
  return new Date(midnight);
}

/** The calendar day of an instant in a zone, as year, month and day. */
export function zonedDate(instant: Date, zone: string): { year: number; month: number; day: number } {
  const { year, month, day } = wallClockOf(instant, zone);
  return { year, month, day };
}

/** The first instant of the day `instant` falls on in a zone, moved `days` days on (negative: back). */
export function startOfZonedDay(instant: Date, zone: string, days = 0): Date {
  const { year, month, day } = zonedDate(instant, zone);
  return zonedDayStart(year, month, day + days, zone);
}

/** Monday 00:00 in a zone of the week `instant` falls in, moved `weeks` weeks on (negative: back). */
export function zonedWeekStart(instant: Date, zone: string, weeks = 0): Date {
  const { year, month, day } = zonedDate(instant, zone);
  const daysSinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return zonedDayStart(year, month, day - daysSinceMonday + 7 * weeks, zone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-MM-dd' of the day an instant falls on in a zone. */
export function zonedIsoDay(instant: Date, zone: string): string {
  const { year, month, day } = zonedDate(instant, zone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** 'yyyy-MM-dd' of a calendar day given as year, month and day, which may run over as Date.UTC's do. */
export function isoDayOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at an instant, as '+hh:mm' or '-hh:mm'. */
export function zoneOffsetText(instant: Date, zone: string): string {
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  const minutes = Math.round((wallMs(whole, zone) - whole) / 60_000);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as local ISO 8601 in a zone, with the offset: '2026-03-09T14:05:00-07:00'. */
export function zonedIsoTime(instant: Date, zone: string): string {
  const w = wallClockOf(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${zoneOffsetText(instant, zone)}`;
}
