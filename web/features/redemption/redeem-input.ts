/** What the redeem form's fields accept (docs/product/screens.md#redeem-vouchers): codes in uppercase, cut to 8 characters; PINs digits only, at most 6. */
import { VOUCHER_CODE_LENGTH, VOUCHER_PIN_LENGTH } from '../../../contract/constants';

/** Uppercases a typed or pasted code and cuts it to the code length; spaces people type between groups are dropped. */
export function normalizeVoucherCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase().slice(0, VOUCHER_CODE_LENGTH);
}

/** Keeps the digits of a typed or pasted PIN, at most the PIN length. */
export function normalizePin(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, VOUCHER_PIN_LENGTH);
}
