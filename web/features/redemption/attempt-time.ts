import { formatIso, formatLogTime } from '../../lib/date-format';
import { formatLogTimeIn } from '../../lib/zoned-time';

/**
 * When an attempt happened, as the redemption log writes it ('Nov 22, 2026 14:05'): in the merchant's time zone
 * (ADR 039), or in the viewer's until that zone is known.
 */
export function formatAttemptTime(iso: string, zone?: string): string {
  return zone ? formatLogTimeIn(iso, zone) : formatIso(iso, formatLogTime);
}
