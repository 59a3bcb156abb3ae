// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Voucher } from '../../../contract/checkout';
import {
  filterVouchers,
  hasPendingRefund,
  orderNumber,
  shareText,
  stateOfStatus,
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

  it('reads a refunded voucher as refunded, one whose refund the provider has not confirmed as pending; a failed refund leaves it valid', () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    expect(voucherState(buildVoucher({ status: 'refunded', refund: { ...refund, status: 'succeeded' } }))).toBe('refunded');
    expect(voucherState(buildVoucher({ status: 'refunded', refund: null }))).toBe('refunded');
    expect(voucherState(buildVoucher({ status: 'refunded', refund: { ...refund, status: 'pending' } }))).toBe('refundPending');
    expect(voucherState(buildVoucher({ refund: { ...refund, status: 'pending' } }))).toBe('refundPending');
    expect(voucherState(buildVoucher({ refund: { ...refund, status: 'failed' } }))).toBe('valid');
  });

  it('reads an order history voucher by its status and refund alike', () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    expect(stateOfStatus('refunded', { ...refund, status: 'pending' })).toBe('refundPending');
    expect(stateOfStatus('refunded', { ...refund, status: 'succeeded' })).toBe('refunded');
    expect(stateOfStatus('active', { ...refund, status: 'failed' })).toBe('valid');
    expect(stateOfStatus('redeemed', null)).toBe('redeemed');
    expect(stateOfStatus('expired')).toBe('expired');
  });

  it('knows when a list shows a refund still waiting for the provider', () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    expect(hasPendingRefund([buildVoucher(), buildVoucher({ status: 'refunded', refund: { ...refund, status: 'pending' } })])).toBe(true);
    expect(hasPendingRefund([buildVoucher({ status: 'refunded', refund: { ...refund, status: 'succeeded' } }), buildVoucher({ refund: { ...refund, status: 'failed' } })])).toBe(false);
  });

  it('counts and filters All, Valid, Redeemed and Refunded (expired vouchers only under All, pending refunds under Refunded)', () => {
    expect(voucherCounts([...vouchers, buildVoucher({ id: 'e', status: 'refunded' })])).toEqual({ all: 5, valid: 2, redeemed: 1, refunded: 1 });
    const pending = buildVoucher({ id: 'f', status: 'refunded', refund: { id: 'r1', amountCents: 3999, status: 'pending', reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } });
    expect(filterVouchers([...vouchers, pending], 'refunded').map((v) => v.id)).toEqual(['f']);
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
