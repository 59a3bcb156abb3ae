import { describe, expect, it } from 'vitest';
import { redeemUrl } from './vouchers.service';

describe('redeemUrl', () => {
  it('points at the merchant redeem screen with code and PIN', () => {
    expect(redeemUrl('https://deals.example', 'ABCD2345', '012345')).toBe('https://deals.example/merchant/redeem?code=ABCD2345&pin=012345');
  });

  it('does not double a trailing slash of the origin', () => {
    expect(redeemUrl('http://127.0.0.1:3000/', 'ZZZZ9999', '999999')).toBe('http://127.0.0.1:3000/merchant/redeem?code=ZZZZ9999&pin=999999');
  });

  it('escapes what it is given, so the query string cannot be bent', () => {
    const url = new URL(redeemUrl('https://deals.example', 'A&pin=1', '1 2'));
    expect(url.searchParams.get('code')).toBe('A&pin=1');
    expect(url.searchParams.get('pin')).toBe('1 2');
  });
});
