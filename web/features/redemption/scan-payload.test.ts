// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { interpretScan, readVoucherLink, redeemFormHref } from './scan-payload';

describe('readVoucherLink', () => {
  it('reads code and PIN from the voucher QR link (ADR 014)', () => {
    expect(readVoucherLink('https://deals.example.com/merchant/redeem?code=ABCD2345&pin=123456')).toEqual({ code: 'ABCD2345', pin: '123456' });
    expect(readVoucherLink('http://127.0.0.1:3000/merchant/redeem/?pin=654321&code=wxyz6789')).toEqual({ code: 'WXYZ6789', pin: '654321' });
  });

  it('reads a link given as a path', () => {
    expect(readVoucherLink('/merchant/redeem?code=ABCD2345&pin=123456')).toEqual({ code: 'ABCD2345', pin: '123456' });
  });

  it('cleans what it reads the way the form does', () => {
    expect(readVoucherLink('https://x.test/merchant/redeem?code=abcd2345zz&pin=12a34567')).toEqual({ code: 'ABCD2345', pin: '123456' });
  });

  it('accepts a link without a PIN', () => {
    expect(readVoucherLink('https://x.test/merchant/redeem?code=ABCD2345')).toEqual({ code: 'ABCD2345', pin: '' });
  });

  it('refuses other addresses, other schemes and links without a code', () => {
    expect(readVoucherLink('https://x.test/deal/123?code=ABCD2345')).toBeNull();
    expect(readVoucherLink('javascript:alert(1)//merchant/redeem?code=ABCD2345')).toBeNull();
    expect(readVoucherLink('https://x.test/merchant/redeem?pin=123456')).toBeNull();
    expect(readVoucherLink('ABCD2345')).toBeNull();
    expect(readVoucherLink('merchant/redeem?code=ABCD2345')).toBeNull();
  });
});

describe('interpretScan', () => {
  it('treats a voucher link as a complete reading', () => {
    expect(interpretScan('  https://x.test/merchant/redeem?code=ABCD2345&pin=123456 ')).toEqual({ kind: 'link', code: 'ABCD2345', pin: '123456' });
  });

  it('accepts 8 or more characters as a code (docs/product/screens.md#scan-qr-code), cut to the code length', () => {
    expect(interpretScan('abcd2345')).toEqual({ kind: 'code', code: 'ABCD2345' });
    expect(interpretScan('ABCD2345EXTRA')).toEqual({ kind: 'code', code: 'ABCD2345' });
  });

  it('refuses shorter text, blank text and other addresses', () => {
    expect(interpretScan('ABC1234')).toEqual({ kind: 'invalid' });
    expect(interpretScan('   ')).toEqual({ kind: 'invalid' });
    expect(interpretScan('https://example.com/some/page')).toEqual({ kind: 'invalid' });
    expect(interpretScan('www.example.com')).toEqual({ kind: 'invalid' });
  });
});

describe('redeemFormHref', () => {
  it('builds the same address the voucher QR code carries', () => {
    expect(redeemFormHref('ABCD2345', '123456')).toBe('/merchant/redeem?code=ABCD2345&pin=123456');
    expect(redeemFormHref('ABCD2345')).toBe('/merchant/redeem?code=ABCD2345');
  });
});
