// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, missingCardFields } from './card-format';

describe('formatCardNumber', () => {
  it('keeps digits only, in groups of four, up to 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000x0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiry', () => {
  it('adds the slash after the month and keeps MM/YY', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/305')).toBe('12/30');
  });
  it('reads a first digit above 1 as a one-digit month', () => {
    expect(formatExpiry('4')).toBe('04/');
  });
  it('lets the shopper delete the slash', () => {
    expect(formatExpiry('12', '12/')).toBe('12');
  });
});

describe('formatCvc', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a34 5')).toBe('1234');
  });
});

describe('missingCardFields', () => {
  it('lists the empty fields in form order', () => {
    expect(missingCardFields({ cardNumber: '4242', expiry: ' ', cvc: '', cardholderName: 'Ann' })).toEqual(['expiry', 'cvc']);
    expect(missingCardFields({ cardNumber: '4242', expiry: '12/30', cvc: '123', cardholderName: 'Ann' })).toEqual([]);
  });
});
