// @vitest-environment jsdom
// The printable voucher (/my/vouchers/{id}/print) and the Show QR of a used voucher on My Vouchers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { aUser, aVoucher } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import { WaitingGroupsPanel } from '../groups';
import VoucherPrintPage from './voucher-print-page';
import MyVouchersPage from './my-vouchers-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REDEEMED_AT = '2026-11-21T09:30:00.000Z';

function renderPrint(voucher = aVoucher({ id: 'v1', redemptionInstructions: '<p>Book a day ahead.</p>' })) {
  stubApi({ [`GET /api/user/vouchers/${voucher.id}`]: () => json(voucher) });
  return renderScreen(<VoucherPrintPage id={voucher.id} />, { user: aUser(), path: `/my/vouchers/${voucher.id}/print` });
}

describe('VoucherPrintPage', () => {
  it('shows the deal, code, PIN, QR with its alt text, the merchant with address and hours, how to redeem and the validity', async () => {
    renderPrint();
    expect(await screen.findByRole('heading', { level: 1, name: 'Luxury Spa Day Package' })).toBeTruthy();
    expect(screen.getByText('CODEXXV1')).toBeTruthy();
    expect(screen.getByText('493117')).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'QR code for voucher CODEXXV1' });
    expect(qr.getAttribute('src')).toBe('/api/vouchers/v1/qr.svg');
    expect(screen.getByText('88 Willow Lane, Springfield')).toBeTruthy();
    expect(screen.getByText('Morning 09:00-12:00')).toBeTruthy();
    expect(screen.getByText('Afternoon 13:00-19:00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How to redeem' })).toBeTruthy();
    expect(screen.getByText('Book a day ahead.')).toBeTruthy();
    expect(screen.getByText('Valid until', { selector: 'dt' }).nextElementSibling?.textContent).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('prints with the Print button', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPrint();
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when a voucher was redeemed, with its QR folded away behind Show QR', async () => {
    renderPrint(aVoucher({ id: 'v2', status: 'redeemed', redeemed: true, redeemedAt: REDEEMED_AT }));
    expect(await screen.findByText(/^Redeemed on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    const show = screen.getByRole('button', { name: 'Show QR for voucher CODEXXV2' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('img', { name: 'QR code for voucher CODEXXV2 (already used)' })).toBeTruthy();
  });

  it('says a refund is pending, without the PIN or QR, until the provider confirms it', async () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    renderPrint(aVoucher({ id: 'v3', status: 'refunded', refund: { ...refund, status: 'pending' } }));
    expect(await screen.findByText('Refund pending: this voucher can no longer be used.')).toBeTruthy();
    expect(screen.getByText('CODEXXV3')).toBeTruthy();
    expect(screen.queryByText('PIN')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('says when a voucher was refunded, and shows no PIN or QR even if an old answer carried them', async () => {
    const refund = { id: 'r1', amountCents: 3999, reason: 'customer', createdAt: '2026-11-23T10:00:00.000Z' } as const;
    renderPrint(aVoucher({ id: 'v4', status: 'refunded', refund: { ...refund, status: 'succeeded' } }));
    expect(await screen.findByText(/^Refunded on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}: this voucher can no longer be used\.$/)).toBeTruthy();
    expect(screen.getByText('CODEXXV4')).toBeTruthy();
    expect(screen.queryByText('493117')).toBeNull();
    expect(screen.queryByText('PIN')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Show QR/ })).toBeNull();
  });

  it('says when a voucher expired, with its code alone', async () => {
    renderPrint(aVoucher({ id: 'v5', status: 'expired', expired: true, voucherPin: null, qrCodeUrl: null, validUntil: '2026-10-01T12:00:00.000Z' }));
    expect(await screen.findByText(/^Expired on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeTruthy();
    expect(screen.getByText('CODEXXV5')).toBeTruthy();
    expect(screen.queryByText('PIN')).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
  });

  it('shows no PIN for a redeemed voucher', async () => {
    renderPrint(aVoucher({ id: 'v6', status: 'redeemed', redeemed: true, redeemedAt: REDEEMED_AT, voucherPin: null }));
    expect(await screen.findByText(/^Redeemed on /)).toBeTruthy();
    expect(screen.queryByText('PIN')).toBeNull();
  });

  it("says a voucher that is not the customer's was not found", async () => {
    stubApi({ 'GET /api/user/vouchers/v9': () => json({ message: 'Voucher not found' }, 404) });
    renderScreen(<VoucherPrintPage id="v9" />, { user: aUser(), path: '/my/vouchers/v9/print' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Voucher not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('asks a guest to log in', async () => {
    stubApi({});
    renderScreen(<VoucherPrintPage id="v1" />, { user: null, path: '/my/vouchers/v1/print' });
    expect(await screen.findByRole('heading', { name: 'Please Login First' })).toBeTruthy();
  });
});

describe('My Vouchers: printing and used vouchers', () => {
  it('links each usable or used voucher to its printable page, and folds a used one’s QR behind Show QR', async () => {
    stubApi({
      'GET /api/user/vouchers': () =>
        json([aVoucher({ id: 'a1' }), aVoucher({ id: 'a2', status: 'redeemed', redeemed: true, redeemedAt: REDEEMED_AT })]),
      'GET /api/groups': () => json([]),
    });
    renderScreen(<MyVouchersPage waitingGroups={<WaitingGroupsPanel />} />, { user: aUser(), path: '/my/vouchers' });
    const [valid, used] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(valid).getByRole('link', { name: 'Print voucher CODEXXA1' }).getAttribute('href')).toBe('/my/vouchers/a1/print');
    expect(within(used).getByRole('link', { name: 'Print voucher CODEXXA2' }).getAttribute('href')).toBe('/my/vouchers/a2/print');
    expect(within(valid).queryByRole('button', { name: /Show QR/ })).toBeNull();
    expect(within(used).queryByRole('img')).toBeTruthy(); // the deal's picture
    expect(within(used).queryByRole('img', { name: /QR code/ })).toBeNull();
    fireEvent.click(within(used).getByRole('button', { name: 'Show QR for voucher CODEXXA2' }));
    expect(within(used).getByRole('img', { name: 'QR code for voucher CODEXXA2 (already used)' })).toBeTruthy();
  });
});
