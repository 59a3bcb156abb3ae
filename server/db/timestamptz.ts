/**
 * `timestamp with time zone` columns read back as the instant they hold, for every year PostgreSQL stores.
 *
 * The drivers hand drizzle the column as PostgreSQL's text ("0050-06-01 10:00:00+00", "... BC"), and drizzle's own
 * timestamp column gives that text to `new Date()`. That parser is not ISO's: it reads years below 100 as 19xx and
 * refuses years before 1 AD, so a deal valid from the year 50 came back valid from 1950. This column parses the text
 * itself.
 */
import { customType } from 'drizzle-orm/pg-core';

/** A timestamptz as PostgreSQL writes it (DateStyle ISO) or as formatTimestamptz does: date, time, fraction, offset, era. */
const PG_TIMESTAMPTZ = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:Z|([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?( BC)?$/;

/**
 * The instant a timestamptz's text names, truncated to milliseconds as `Date` keeps it. `infinity` and text in
 * another form give an invalid Date, as `new Date()` would.
 */
export function parseTimestamptz(text: string): Date {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) return new Date(Number.NaN);
  const [, year, month, day, hours, minutes, seconds, fraction, sign, offsetHours, offsetMinutes, offsetSeconds, bc] = m;
  const time = new Date(0);
  // setUTCFullYear takes the year as it is; Date.UTC would read 0-99 as 1900-1999. 1 BC is year 0, 2 BC year -1.
  time.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  time.setUTCHours(Number(hours), Number(minutes), Number(seconds), Number((fraction ?? '').slice(0, 3).padEnd(3, '0')));
  if (sign) {
    const offsetMs = ((Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * 60 + Number(offsetSeconds ?? 0)) * 1000;
    time.setTime(time.getTime() - (sign === '-' ? -offsetMs : offsetMs));
  }
  return time;
}

/**
 * A Date as PostgreSQL reads it. `toISOString` serves for the years 1 to 9999; PostgreSQL has no year 0 and no
 * signed six-digit years, so years before 1 AD are written with BC, and later years with their plain digits.
 */
export function formatTimestamptz(time: Date): string {
  const iso = time.toISOString();
  const year = time.getUTCFullYear();
  if (year >= 1 && year <= 9999) return iso;
  const rest = iso.slice(iso.indexOf('-', 1));
  return year < 1 ? `${String(1 - year).padStart(4, '0')}${rest} BC` : `${year}${rest}`;
}

/** A `timestamp with time zone` column whose values are Dates, written and read for every year PostgreSQL keeps. */
export const timestamptz = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  toDriver: formatTimestamptz,
  fromDriver: (value) => (typeof value === 'string' ? parseTimestamptz(value) : value),
});
