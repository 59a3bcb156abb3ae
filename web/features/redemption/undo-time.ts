/** How long a redemption can still be taken back: REDEMPTION_UNDO_MINUTES, counted from the redemption. */
import { REDEMPTION_UNDO_MINUTES } from '../../../contract/constants';

/** Milliseconds left to undo a redemption made at `redeemedAt` (an unreadable time counts from now). */
export function undoTimeLeft(redeemedAt: string, now = Date.now()): number {
  const at = Date.parse(redeemedAt);
  const from = Number.isNaN(at) ? now : at;
  return Math.max(0, from + REDEMPTION_UNDO_MINUTES * 60_000 - now);
}
