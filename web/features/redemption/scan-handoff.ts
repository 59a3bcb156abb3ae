/**
 * The scan screen hands its result to the redeem form through the history entry it opens, without putting anything
 * extra in the address (which stays the voucher link of ADR 014). A scanned link is checked at once and lands on the
 * confirm step; the same link opened any other way only fills in the form.
 */

interface ScanHandoffState {
  scanned: true;
}

export const scanHandoffState: ScanHandoffState = { scanned: true };

/** True when the current history entry was opened by a scan. */
export function cameFromScan(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'scanned' in state && state.scanned === true;
}
