import { format } from 'date-fns';
import { REDEMPTION_LOG_DATE_FORMAT } from '../../../contract/constants';

/** A log entry's time as SPEC.md §9 writes it ('Nov 22, 2026 14:05'), in the viewer's time zone. */
export function formatLogDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REDEMPTION_LOG_DATE_FORMAT);
}
