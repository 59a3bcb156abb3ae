// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReconciliationRun } from '../../../contract/money';
import type { LedgerEntry, LedgerPage } from '../../../contract/orders';
import { sentBodies } from '../../test/screens';
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

const totals = { paymentsCents: 3998, refundsCents: -1999, payoutsCents: 0, reversalsCents: 0, balanceCents: 1999, entries: 3 };

/** The ledger screen also reads the latest reconciliation; none has run in these tests unless they say so. */
const NO_RUN = { 'GET /api/admin/reconciliation': () => json({ run: null }) };

describe('Ledger', () => {
  it('shows the totals, the entries newest first with signed amounts, and loads more with the cursor', async () => {
    const first: LedgerPage = {
      entries: [entry(3, { kind: 'refund', amountCents: -1999, providerRef: 're_test_1', note: 'Refund asked by the customer' }), entry(2, { kind: 'payment', amountCents: 1999 })],
      totals,
      nextCursor: '2',
    };
    const second: LedgerPage = { entries: [entry(1, { orderId: '0a1b2c3d-0000-4000-8000-000000000000' })], totals, nextCursor: null };
    const fetchMock = stubApi({ ...NO_RUN, 'GET /api/admin/ledger': () => json(first), 'GET /api/admin/ledger?cursor=2': () => json(second) });
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
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/ledger'))).toEqual(['/api/admin/ledger', '/api/admin/ledger?cursor=2']);
  });

  it('says when the ledger is empty, and offers a retry when it cannot be read', async () => {
    let calls = 0;
    stubApi({
      ...NO_RUN,
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

describe('Ledger: reversals', () => {
  it('labels a refund the provider failed after it had succeeded, and shows the reversals in the totals when there are any', async () => {
    const page: LedgerPage = {
      entries: [entry(2, { kind: 'reversal', amountCents: 1999, providerRef: 're_test_1' }), entry(1, { kind: 'refund', amountCents: -1999, providerRef: 're_test_1' })],
      totals: { ...totals, reversalsCents: 1999, balanceCents: 3998 },
      nextCursor: null,
    };
    stubApi({ ...NO_RUN, 'GET /api/admin/ledger': () => json(page) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });

    const table = await screen.findByRole('region', { name: 'Entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Refund reversed');
    expect(rows[0]!.textContent).toContain('+$19.99');
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('Reversals').nextElementSibling?.textContent).toBe('$19.99');
  });

  it('leaves reversals out of the totals while there are none', async () => {
    stubApi({ ...NO_RUN, 'GET /api/admin/ledger': () => json({ entries: [entry(1)], totals, nextCursor: null }) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });
    const sums = await screen.findByRole('region', { name: 'Totals' });
    expect(within(sums).queryByText('Reversals')).toBeNull();
  });
});

function aRun(overrides: Partial<ReconciliationRun> = {}): ReconciliationRun {
  return {
    id: 'run-1',
    trigger: 'daily',
    provider: 'stripe',
    periodStart: '2026-11-21T00:00:00.000Z',
    periodEnd: '2026-11-22T00:00:00.000Z',
    startedAt: '2026-11-22T00:05:00.000Z',
    finishedAt: '2026-11-22T00:06:00.000Z',
    status: 'matched',
    error: null,
    ledgerPaymentsCents: 3998,
    providerPaymentsCents: 3998,
    ledgerRefundsCents: -1999,
    providerRefundsCents: -1999,
    differences: [],
    ...overrides,
  };
}

describe('Ledger: reconciliation with the payment provider', () => {
  const LEDGER = { 'GET /api/admin/ledger': () => json({ entries: [], totals, nextCursor: null }) };

  it('says when no reconciliation has run, runs one on demand and shows it with its differences', async () => {
    const differing = aRun({
      id: 'run-2',
      trigger: 'manual',
      status: 'differences',
      providerPaymentsCents: 1999,
      differences: [
        { kind: 'missing_at_provider', what: 'payment', providerRef: 'pi_gone', orderId: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5', ledgerCents: 1999, providerCents: null },
        { kind: 'amount_differs', what: 'refund', providerRef: 're_half', orderId: null, ledgerCents: -1999, providerCents: -999 },
      ],
    });
    const fetchMock = stubApi({ ...LEDGER, ...NO_RUN, 'POST /api/admin/reconciliation': () => json({ run: differing }) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });

    const panel = await screen.findByRole('region', { name: 'Reconciliation with the payment provider' });
    expect(await within(panel).findByText('Not run yet')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Needs attention' }).getAttribute('href')).toBe('/admin/attention');

    fireEvent.click(within(panel).getByRole('button', { name: 'Run now' }));
    expect(await within(panel).findByText('2 differences')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', '/api/admin/reconciliation')).toEqual([{}]);
    expect(within(panel).getByRole('status').textContent).toBe('2 differences');
    expect(panel.textContent).toContain('On demand');
    expect(panel.textContent).toMatch(/Period\s*Nov 2[01], 2026 \d{2}:\d{2} to Nov 2[12], 2026 \d{2}:\d{2}/);

    const totalsTable = within(panel).getByRole('table', { name: 'Ledger and provider totals' });
    expect(within(totalsTable).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Total', 'Ledger', 'Provider']);
    expect(within(totalsTable).getByRole('rowheader', { name: 'Payments' }).parentElement?.textContent).toBe('Payments$39.98$19.99');
    expect(within(totalsTable).getByRole('rowheader', { name: 'Refunds' }).parentElement?.textContent).toBe('Refunds-$19.99-$19.99');

    const differences = within(panel).getByRole('region', { name: 'Differences' });
    expect(within(differences).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Difference',
      'Payment or refund',
      'Provider reference',
      'Order',
      'Ledger amount',
      'Provider amount',
    ]);
    const rows = within(differences).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toBe('Missing at the providerPaymentpi_gone#5fb239e9$19.99—none');
    expect(rows[1]!.textContent).toBe('Amounts differRefundre_half—none-$19.99-$9.99');
  });

  it('shows a matched run, and a failed one with its error', async () => {
    stubApi({ ...LEDGER, 'GET /api/admin/reconciliation': () => json({ run: aRun() }) });
    const first = renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });
    const panel = await screen.findByRole('region', { name: 'Reconciliation with the payment provider' });
    expect(await within(panel).findByText('Matched')).toBeTruthy();
    expect(panel.textContent).toContain('Daily');
    expect(panel.textContent).toContain('Stripe');
    expect(within(panel).queryByRole('region', { name: 'Differences' })).toBeNull();
    first.unmount();

    stubApi({ ...LEDGER, 'GET /api/admin/reconciliation': () => json({ run: aRun({ status: 'failed', error: 'The provider could not be listed: timeout' }) }) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });
    const failed = await screen.findByRole('region', { name: 'Reconciliation with the payment provider' });
    expect(await within(failed).findByText('Failed')).toBeTruthy();
    expect(failed.textContent).toContain('The provider could not be listed: timeout');
  });

  it("says why a run now was refused, in the server's words", async () => {
    stubApi({ ...LEDGER, ...NO_RUN, 'POST /api/admin/reconciliation': () => json({ message: 'A reconciliation is running already' }, 409) });
    renderScreen(<LedgerPageScreen />, { path: '/admin/ledger' });
    const panel = await screen.findByRole('region', { name: 'Reconciliation with the payment provider' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Run now' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('The reconciliation could not be runA reconciliation is running already');
    expect(within(panel).getByText('Not run yet')).toBeTruthy();
  });
});
