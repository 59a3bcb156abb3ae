// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { aVoucher } from '../../../test/fixtures';
import { VoucherTicket } from './voucher-ticket';

afterEach(cleanup);

describe('VoucherTicket on the payment result', () => {
  it("states the deal's refund terms beside the validity", () => {
    render(<VoucherTicket voucher={aVoucher()} />);
    expect(screen.getByText('Refund anytime')).toBeTruthy();
    expect(screen.getByText('Auto-refund if unused')).toBeTruthy();
  });

  it('says nothing of refunds when the deal has neither', () => {
    render(<VoucherTicket voucher={aVoucher({ refundAnytime: false, autoRefundOnExpiry: false })} />);
    expect(screen.queryByText('Refund anytime')).toBeNull();
    expect(screen.queryByText('Auto-refund if unused')).toBeNull();
  });

  it('shows the code, PIN and QR, Print and Share of a voucher that can be redeemed', () => {
    render(<VoucherTicket voucher={aVoucher()} />);
    expect(screen.getByText('493117')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code for voucher CODEXXV1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share voucher CODEXXV1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print voucher CODEXXV1' })).toBeTruthy();
  });

  it('opened again after a refund, says when it was refunded and shows no PIN, QR, Share or Print', () => {
    const refund = { id: 'r1', amountCents: 3999, status: 'succeeded', reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    render(<VoucherTicket voucher={aVoucher({ status: 'refunded', refund, voucherPin: null, qrCodeUrl: null })} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Refunded on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}: this voucher can no longer be used\.$/);
    expect(screen.getByText('CODEXXV1')).toBeTruthy();
    expect(screen.queryByText('PIN')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Share/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Print/ })).toBeNull();
  });

  it('says an expired voucher expired, without its PIN, even if the answer still had one', () => {
    render(<VoucherTicket voucher={aVoucher({ status: 'active', expired: true, validUntil: '2026-10-01T12:00:00.000Z' })} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Expired on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(screen.queryByText('493117')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('keeps a redeemed voucher’s QR folded away, with no PIN', () => {
    render(<VoucherTicket voucher={aVoucher({ status: 'redeemed', redeemed: true, redeemedAt: '2026-11-21T09:30:00.000Z', voucherPin: null })} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Redeemed on /);
    expect(screen.queryByText('PIN')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show QR for voucher CODEXXV1' })).toBeTruthy();
  });
});
