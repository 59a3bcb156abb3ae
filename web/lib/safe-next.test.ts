// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { loginPathWithNext, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('accepts paths on this site', () => {
    expect(safeNextPath('/deal/abc')).toBe('/deal/abc');
    expect(safeNextPath('/account/vouchers?x=1')).toBe('/account/vouchers?x=1');
  });

  it('refuses other origins and odd values', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
    expect(safeNextPath('/a\nb')).toBe('/');
  });
});

describe('loginPathWithNext', () => {
  it('keeps slashes readable and encodes the rest', () => {
    expect(loginPathWithNext('/login', '/account/vouchers')).toBe('/login?next=/account/vouchers');
    expect(loginPathWithNext('/login', '/?q=spa & more')).toBe('/login?next=/%3Fq%3Dspa%20%26%20more');
    expect(safeNextPath(new URLSearchParams('next=/%3Fq%3Dspa%20%26%20more').get('next'))).toBe('/?q=spa & more');
  });
});
