import { formatIso, formatLogTime } from '../../lib/date-format';

/** When an attempt happened, as the redemption log writes it ('Nov 22, 2026 14:05'), in the viewer's time zone. */
export function formatAttemptTime(iso: string): string {
  return formatIso(iso, formatLogTime);
}
