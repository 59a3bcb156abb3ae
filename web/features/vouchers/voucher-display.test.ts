// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Voucher } from '../../../contract/checkout';
import {
  filterVouchers,
  orderNumber,
  shareText,
  validityStatement,
  voucherCounts,
  voucherState,
} from './voucher-display';
import { aVoucher } from '../../test/fixtures';

function buildVoucher(overrides: Partial<Voucher> = {}): Voucher {
  return aVoucher({
    id: 'v1',
    dealId: 'd1',
    voucherCode: 'HHUJ37UC',
    validUntil: '2026-12-22T02:44:52.921Z',
    createdAt: '2026-11-22T02:44:52.889Z',
    merchantId: 'm1',
    ...overrides,
  });
}

describe('voucher states and filters', () => {
  const vouchers = [
    buildVoucher({ id: 'a' }),
    buildVoucher({ id: 'b', redeemed: true, redeemedAt: '2026-11-23T10:00:00.000Z' }),
    buildVoucher({ id: 'c', expired: true }),
    buildVoucher({ id: 'd' }),
  ];

  it('reads redeemed before expired before valid', () => {
    expect(voucherState(buildVoucher())).toBe('valid');
    expect(voucherState(buildVoucher({ expired: true }))).toBe('expired');
    expect(voucherState(buildVoucher({ status: 'expired' }))).toBe('expired');
    expect(voucherState(buildVoucher({ redeemed: true, expired: true }))).toBe('redeemed');
    expect(voucherState(buildVoucher({ status: 'redeemed', redeemed: true }))).toBe('redeemed');
  });

  it('reads a refunded voucher, or one with a refund under way, as refunded; a failed refund leaves it valid', () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    expect(voucherState(buildVoucher({ status: 'refunded', refund: { ...refund, status: 'succeeded' } }))).toBe('refunded');
    expect(voucherState(buildVoucher({ refund: { ...refund, status: 'pending' } }))).toBe('refunded');
    expect(voucherState(buildVoucher({ refund: { ...refund, status: 'failed' } }))).toBe('valid');
  });

  it('counts and filters All, Valid, Redeemed and Refunded (expired vouchers only under All)', () => {
    expect(voucherCounts([...vouchers, buildVoucher({ id: 'e', status: 'refunded' })])).toEqual({ all: 5, valid: 2, redeemed: 1, refunded: 1 });
    expect(voucherCounts(vouchers)).toEqual({ all: 4, valid: 2, redeemed: 1, refunded: 0 });
    expect(filterVouchers(vouchers, 'valid').map((v) => v.id)).toEqual(['a', 'd']);
    expect(filterVouchers(vouchers, 'redeemed').map((v) => v.id)).toEqual(['b']);
    expect(filterVouchers(vouchers, 'all')).toHaveLength(4);
  });
});

describe('wording', () => {
  it('shows order numbers as the first 8 characters of the id', () => {
    expect(orderNumber('5fb239e9-aea5-4729-9a4e-6d7ff15099d5')).toBe('5fb239e9');
  });

  it("states 30 days, or the deal's earlier end", () => {
    expect(validityStatement(buildVoucher())).toBe('Voucher valid for 30 days');
    expect(validityStatement(buildVoucher({ validUntil: '2026-12-01T12:00:00.000Z' }))).toMatch(/^Voucher valid until Dec 1, 2026$/);
  });

  it('shares what a friend needs to redeem', () => {
    const text = shareText(buildVoucher());
    expect(text).toContain('Luxury Spa Day Package at Serenity Day Spa');
    expect(text).toContain('Voucher code: HHUJ37UC');
    expect(text).toContain('PIN: 493117');
  });
});
