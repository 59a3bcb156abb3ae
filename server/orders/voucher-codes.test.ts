import { describe, expect, it } from 'vitest';
import { VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH, VOUCHER_PIN_LENGTH } from '../../contract/constants';
import { generateVoucherCode, generateVoucherPin } from './voucher-codes';

/** A random source that answers the given values in turn, recording each `max` it was asked for. */
function scripted(values: number[]) {
  const asked: number[] = [];
  let i = 0;
  const random = (max: number) => {
    asked.push(max);
    const v = values[i++ % values.length]!;
    if (v < 0 || v >= max) throw new Error(`scripted value ${v} outside 0..${max - 1}`);
    return v;
  };
  return { random, asked };
}

describe('voucher codes', () => {
  it('uses 32 symbols: uppercase letters and digits without 0, O, 1 and I', () => {
    expect(VOUCHER_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(VOUCHER_CODE_ALPHABET).size).toBe(32);
    for (const lookalike of ['0', 'O', '1', 'I']) expect(VOUCHER_CODE_ALPHABET).not.toContain(lookalike);
    expect(VOUCHER_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it('maps each draw of the random source onto the alphabet, one symbol per draw', () => {
    const { random, asked } = scripted([0, 1, 7, 8, 13, 23, 24, 31]);
    expect(generateVoucherCode(random)).toBe('ABHJPZ29');
    expect(asked).toEqual(Array(VOUCHER_CODE_LENGTH).fill(32));
  });

  it('reaches every symbol of the alphabet and nothing else', () => {
    const seen = new Set<string>();
    for (let start = 0; start < 32; start += VOUCHER_CODE_LENGTH) {
      const { random } = scripted(Array.from({ length: VOUCHER_CODE_LENGTH }, (_, k) => start + k));
      for (const ch of generateVoucherCode(random)) seen.add(ch);
    }
    expect([...seen].sort().join('')).toBe([...VOUCHER_CODE_ALPHABET].sort().join(''));
  });

  it('draws 8 uppercase characters from the alphabet, and 10,000 draws are all different', () => {
    const codes = Array.from({ length: 10_000 }, () => generateVoucherCode());
    // One assertion over the misfits rather than 30,000 single ones.
    expect(codes.filter((code) => !/^[A-HJ-NP-Z2-9]{8}$/.test(code) || code.length !== VOUCHER_CODE_LENGTH)).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('voucher PINs', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 1000; i++) expect(generateVoucherPin()).toMatch(/^\d{6}$/);
    expect(generateVoucherPin(scripted([0]).random)).toBe('000000');
    const { random, asked } = scripted([9, 0, 5, 1, 2, 3]);
    expect(generateVoucherPin(random)).toBe('905123');
    expect(asked).toEqual(Array(VOUCHER_PIN_LENGTH).fill(10));
  });

  it('use every digit', () => {
    const digits = new Set(Array.from({ length: 200 }, () => generateVoucherPin()).join(''));
    expect(digits.size).toBe(10);
  });
});
