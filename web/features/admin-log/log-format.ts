import { formatIso, formatLogTime } from '../../lib/date-format';

/** A log entry's time as docs/product/constants.md writes it ('Nov 22, 2026 14:05'), in the viewer's time zone. */
export function formatLogDate(iso: string): string {
  return formatIso(iso, formatLogTime);
}
