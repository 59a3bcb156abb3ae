/**
 * The scan screen hands its result to the redeem form through the history entry it opens, so the form can say the
 * code came from a QR code without putting anything extra in the address (which stays the voucher link of ADR 014).
 */

export const SCAN_SUCCESS_MESSAGE = 'QR Code scanned successfully! Voucher validated.';

interface ScanHandoffState {
  scanned: true;
}

export const scanHandoffState: ScanHandoffState = { scanned: true };

/** True when the current history entry was opened by a scan. */
export function cameFromScan(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'scanned' in state && state.scanned === true;
}
