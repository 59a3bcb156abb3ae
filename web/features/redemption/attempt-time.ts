import { format } from 'date-fns';
import { REDEMPTION_LOG_DATE_FORMAT } from '../../../contract/constants';

/** When an attempt happened, as the redemption log writes it ('Nov 22, 2026 14:05'), in the viewer's time zone. */
export function formatAttemptTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REDEMPTION_LOG_DATE_FORMAT);
}
