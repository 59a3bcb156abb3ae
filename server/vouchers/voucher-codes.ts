/** Voucher codes and PINs (ADR 014), from a cryptographic random source. */
import { randomInt } from 'node:crypto';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH, VOUCHER_PIN_LENGTH } from '../../contract/constants';

/** 8 characters from an alphabet without 0/O/1/I: 32^8, about 1.1 trillion codes. */
export function generateVoucherCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[random(VOUCHER_CODE_ALPHABET.length)];
  return code;
}

export function generateVoucherPin(random: (max: number) => number = randomInt): string {
  let pin = '';
  for (let i = 0; i < VOUCHER_PIN_LENGTH; i++) pin += String(random(10));
  return pin;
}

/** The link a voucher's QR code carries: a phone camera opens the redeem screen pre-filled. */
export function redeemUrl(origin: string, code: string, pin: string): string {
  return `${origin.replace(/\/$/, '')}/merchant/redeem?code=${encodeURIComponent(code)}&pin=${encodeURIComponent(pin)}`;
}
