/**
 * Reading what a QR code (or the manual QR text box) holds: the voucher link of ADR 014
 * ({origin}/merchant/redeem?code=CODE&pin=PIN), or a bare code of at least 8 characters (docs/product/screens.md#scan-qr-code).
 */
import { SCAN_CODE_MIN_LENGTH } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { normalizePin, normalizeVoucherCode } from './redeem-input';

export type ScanReading =
  /** A voucher link: both halves are known, the redeem form opens ready to confirm. */
  | { kind: 'link'; code: string; pin: string }
  /** A bare code: the merchant still asks the customer for the PIN. */
  | { kind: 'code'; code: string }
  | { kind: 'invalid' };

/** Code and PIN from a voucher link, or null when the text is not one. Links from any origin count: only the two values are used. */
export function readVoucherLink(text: string): { code: string; pin: string } | null {
  const trimmed = text.trim();
  let url: URL;
  try {
    // A path alone ('/merchant/redeem?...') is read against a placeholder origin; only its path and query matter.
    url = new URL(trimmed, 'http://voucher.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!trimmed.startsWith('/') && !/^https?:\/\//i.test(trimmed)) return null;
  if (url.pathname.replace(/\/+$/, '') !== paths.merchantRedeem) return null;
  const code = normalizeVoucherCode(url.searchParams.get('code') ?? '');
  if (code === '') return null;
  return { code, pin: normalizePin(url.searchParams.get('pin') ?? '') };
}

/** Anything shaped like an address that is not a voucher link is not a voucher code either. */
function looksLikeAddress(text: string): boolean {
  return text.includes('://') || text.startsWith('/') || /^www\./i.test(text);
}

export function interpretScan(text: string): ScanReading {
  const trimmed = text.trim();
  const link = readVoucherLink(trimmed);
  if (link) return { kind: 'link', ...link };
  if (looksLikeAddress(trimmed)) return { kind: 'invalid' };
  if (trimmed.replace(/\s+/g, '').length < SCAN_CODE_MIN_LENGTH) return { kind: 'invalid' };
  return { kind: 'code', code: normalizeVoucherCode(trimmed) };
}

/** The redeem form, filled in with what was scanned (the same address the voucher's QR code carries). */
export function redeemFormHref(code: string, pin?: string): string {
  const params = new URLSearchParams({ code });
  if (pin) params.set('pin', pin);
  return `${paths.merchantRedeem}?${params.toString()}`;
}
