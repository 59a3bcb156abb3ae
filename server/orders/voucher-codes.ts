/**
 * Voucher codes and PINs (ADR 014), from a cryptographic random source: the one generator, used by
 * fulfilment (fulfil_order issues the vouchers with codes drawn here), the demo data and the tests' fixtures.
 */
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

/** A code and a PIN, for vouchers written outside fulfilment (the demo data's past orders, the tests' fixtures). */
export function drawVoucherCode(): { code: string; pin: string } {
  return { code: generateVoucherCode(), pin: generateVoucherPin() };
}
