/**
 * Times on the merchant's screens, written in the merchant's time zone rather than the viewer's (ADR 039): the
 * redemption log, statement lines and weeks. Same formats as date-format.ts ('Nov 02, 2026 14:05', in Chinese
 * '2026年11月2日 14:05'), and the zone's name as people say it ('Pacific Time', '北美太平洋时间').
 */
import { DEFAULT_TIME_ZONE, isTimeZone, wallClockOf, type WallClock } from '../../contract/time-zones';
import { formatLanguage } from '../i18n/languages';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of an ISO time in a zone; null when the text is no readable time. An unknown zone reads as UTC. */
function wallOf(iso: string, zone: string): WallClock | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return wallClockOf(date, isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
}

/** 'MMM dd, yyyy HH:mm' in a zone, as the logs write times ('Nov 02, 2026 14:05'); '' when no readable time. */
export function formatLogTimeIn(iso: string, zone: string): string {
  const w = wallOf(iso, zone);
  if (!w) return '';
  const clock = `${pad(w.hour)}:${pad(w.minute)}`;
  if (formatLanguage() === 'zh-CN') return `${pad(w.year, 4)}年${w.month}月${w.day}日 ${clock}`;
  return `${MONTHS[w.month - 1]} ${pad(w.day)}, ${pad(w.year, 4)} ${clock}`;
}

/** A calendar day in a zone, for a week's first and last: 'Nov 16' or 'Nov 16, 2026' ('11月16日', '2026年11月16日'). */
function dayIn(w: WallClock, withYear: boolean): string {
  if (formatLanguage() === 'zh-CN') return `${withYear ? `${w.year}年` : ''}${w.month}月${w.day}日`;
  const day = `${MONTHS[w.month - 1]} ${w.day}`;
  return withYear ? `${day}, ${w.year}` : day;
}

/**
 * A week from Monday 00:00 to the next Monday 00:00 in a zone, by its first and last day there: 'Nov 16 – Nov 22,
 * 2026', with both years when it spans two (Chinese writes the year first: '2026年11月16日 – 11月22日').
 */
export function formatWeekIn(periodStart: string, periodEnd: string, zone: string): string {
  const start = wallOf(periodStart, zone);
  // The week ends at the next Monday's midnight: its last day is the one a moment before.
  const end = new Date(periodEnd);
  const last = Number.isNaN(end.getTime()) ? null : wallOf(new Date(end.getTime() - 1).toISOString(), zone);
  if (!start || !last) return '';
  const sameYear = start.year === last.year;
  if (formatLanguage() === 'zh-CN') return `${dayIn(start, true)} – ${dayIn(last, !sameYear)}`;
  return `${dayIn(start, !sameYear)} – ${dayIn(last, true)}`;
}

/**
 * The zone's name as people say it in the screen's language ('Pacific Time', '北美太平洋时间'; UTC's long name for
 * UTC), or the IANA name itself where the runtime has no such name.
 */
export function zoneName(zone: string, at: Date = new Date()): string {
  if (!isTimeZone(zone)) return zone;
  const language = formatLanguage() === 'zh-CN' ? 'zh-CN' : 'en-US';
  const style = zone === DEFAULT_TIME_ZONE || zone.startsWith('Etc/') ? 'long' : 'longGeneric';
  try {
    const part = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}
