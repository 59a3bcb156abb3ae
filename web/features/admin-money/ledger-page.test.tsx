// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LedgerEntry, LedgerPage } from '../../../contract/orders';
import { aUser } from '../../test/fixtures';
import LedgerPageScreen from './ledger-page';
import { json, renderScreen, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function entry(seq: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    seq,
    kind: 'payment',
    amountCents: 3998,
    orderId: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5',
    refundId: null,
    merchantId: null,
    provider: 'test',
    providerRef: `cs_test_${seq}`,
    note: null,
    createdAt: '2026-11-22T10:01:00.000Z',
    ...overrides,
  };
}

const totals = { paymentsCents: 3998, refundsCents: -1999, payoutsCents: 0, balanceCents: 1999, entries: 3 };

describe('Ledger', () => {
  it('shows the totals, the entries newest first with signed amounts, and loads more with the cursor', async () => {
    const first: LedgerPage = {
      entries: [entry(3, { kind: 'refund', amountCents: -1999, providerRef: 're_test_1', note: 'Refund asked by the customer' }), entry(2, { kind: 'payment', amountCents: 1999 })],
      totals,
      nextCursor: '2',
    };
    const second: LedgerPage = { entries: [entry(1, { orderId: '0a1b2c3d-0000-4000-8000-000000000000' })], totals, nextCursor: null };
    const fetchMock = stubApi({ 'GET /api/admin/ledger': () => json(first), 'GET /api/admin/ledger?cursor=2': () => json(second) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });

    const table = await screen.findByRole('region', { name: 'Entries' });
    const sums = screen.getByRole('region', { name: 'Totals' });
    for (const [label, value] of [['Payments', '$39.98'], ['Refunds', '-$19.99'], ['Payouts', '$0.00'], ['Balance', '$19.99']]) {
      expect(within(sums).getByText(label!).nextElementSibling?.textContent).toBe(value);
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Refund');
    expect(rows[0]!.textContent).toContain('-$19.99');
    expect(rows[0]!.textContent).toContain('#5fb239e9');
    expect(rows[0]!.textContent).toContain('re_test_1');
    expect(rows[0]!.textContent).toContain('Refund asked by the customer');
    expect(rows[1]!.textContent).toContain('+$19.99');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[3]!.textContent).toContain('#0a1b2c3d');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/ledger', '/api/admin/ledger?cursor=2']);
  });

  it('says when the ledger is empty, and offers a retry when it cannot be read', async () => {
    let calls = 0;
    stubApi({
      'GET /api/admin/ledger': () => {
        calls += 1;
        return calls <= 2 ? json({ message: 'boom' }, 500) : json({ entries: [], totals: { ...totals, paymentsCents: 0, refundsCents: 0, balanceCents: 0, entries: 0 }, nextCursor: null });
      },
    });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 }));
    expect(await screen.findByRole('heading', { name: 'No entries yet' })).toBeTruthy();
  });

  it('is for superadmins only', () => {
    const fetchMock = stubApi({});
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger', user: aUser({ role: 'merchant', merchantId: 'm1' }) });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
