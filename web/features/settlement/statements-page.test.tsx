// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import StatementPage from './statement-page';
import StatementsPage from './statements-page';
import { aStatement, json, LINES, renderScreen, STAFF, stubApi } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Merchant statements', () => {
  it('lists the weeks newest first with gross, commission, refunds, net and whether each was paid', async () => {
    stubApi({
      'GET /api/merchant/statements': () =>
        json([
          aStatement(),
          aStatement({ id: 's0', periodStart: '2026-11-09T00:00:00.000Z', periodEnd: '2026-11-16T00:00:00.000Z', grossCents: 123456, commissionCents: 12346, refundsCents: 0, netCents: 111110, paidAt: '2026-11-17T09:00:00.000Z', payoutReference: 'TRX-881' }),
        ]),
    });
    renderScreen(<StatementsPage />, { path: '/merchant/statements' });

    const table = await screen.findByRole('table', { name: 'Weekly statements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Nov 16 – Nov 22, 2026', '$39.98', '$2.00', '$19.99', '$17.99', 'Unpaid'],
      ['Nov 9 – Nov 15, 2026', '$1,234.56', '$123.46', '$0.00', '$1,111.10', 'Paid'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Nov 16 – Nov 22, 2026' }).getAttribute('href')).toBe('/merchant/statements/s1');
    expect(screen.getByRole('list', { name: 'Weekly statements' }).children).toHaveLength(2);
  });

  it('says when there is none yet, and is the owner account\'s', async () => {
    stubApi({ 'GET /api/merchant/statements': () => json([]) });
    renderScreen(<StatementsPage />, { path: '/merchant/statements' });
    expect(await screen.findByRole('heading', { name: 'No statements yet' })).toBeTruthy();
    cleanup();

    const fetchMock = stubApi({});
    renderScreen(<StatementsPage />, { path: '/merchant/statements', user: STAFF });
    expect(screen.getByText('Only the owner account can see this.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('One statement', () => {
  it('shows the totals, every line, the payout, and downloads its CSV by a plain link', async () => {
    stubApi({ 'GET /api/merchant/statements/s1': () => json({ ...aStatement({ paidAt: '2026-11-24T09:00:00.000Z', payoutReference: 'TRX-990' }), lines: LINES }) });
    renderScreen(<StatementPage id="s1" />, { path: '/merchant/statements/s1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Week of Nov 16 – Nov 22, 2026' })).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/merchant/statements/s1/csv');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Paid').className).toContain('badge');
    expect(screen.getByText('TRX-990')).toBeTruthy();

    const totals = screen.getByRole('region', { name: 'Totals' });
    for (const [label, value] of [['Gross', '$39.98'], ['Commission (10%)', '-$2.00'], ['Refunds', '-$19.99'], ['Net', '$17.99']]) {
      expect(within(totals).getByText(label!).nextElementSibling?.textContent).toBe(value);
    }
    const rows = within(screen.getByRole('region', { name: 'Statement lines' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['Redeemed', 'ABCD2345', 'Premium Sushi Platter for 2', '$19.99', '$2.00', '$17.99'],
      ['Expired unused', 'EFGH6789', 'Premium Sushi Platter for 2', '$19.99', '$2.00', '$17.99'],
      ['Refunded', 'JKLM2345', 'Premium Sushi Platter for 2', '-$19.99', '-$2.00', '-$17.99'],
    ]);
    expect(screen.getByRole('list', { name: 'Statement lines' }).children).toHaveLength(3);
  });

  it('names the week, its days and its lines\' times in the statement\'s zone, not the viewer\'s', async () => {
    // Los Angeles' week of Nov 16: Monday 08:00 UTC to the next; a line at 06:30 UTC on Tuesday is Monday evening there.
    const week = aStatement({ periodStart: '2026-11-16T08:00:00.000Z', periodEnd: '2026-11-23T08:00:00.000Z', timeZone: 'America/Los_Angeles' });
    const lines = [{ ...LINES[0]!, occurredAt: '2026-11-17T06:30:00.000Z' }];
    stubApi({
      'GET /api/merchant/statements/s1': () => json({ ...week, lineCount: 1, lines }),
      'GET /api/merchant/statements': () => json([week]),
    });
    renderScreen(<StatementPage id="s1" />, { path: '/merchant/statements/s1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Week of Nov 16 – Nov 22, 2026' })).toBeTruthy();
    expect(screen.getByText('Week and times in Pacific Time (America/Los_Angeles)')).toBeTruthy();
    const [row] = within(screen.getByRole('region', { name: 'Statement lines' })).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell')[0]!.textContent).toBe('Nov 16, 2026 22:30');
    cleanup();

    renderScreen(<StatementsPage />, { path: '/merchant/statements' });
    expect(await screen.findByText('Weeks in Pacific Time (America/Los_Angeles)')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nov 16 – Nov 22, 2026' }).length).toBeGreaterThan(0);
  });

  it('says so when the statement is not the merchant\'s own', async () => {
    stubApi({ 'GET /api/merchant/statements/s9': () => json({ message: 'Not found' }, 404) });
    renderScreen(<StatementPage id="s9" />, { path: '/merchant/statements/s9' });
    expect(await screen.findByRole('heading', { name: 'Statement not found' })).toBeTruthy();
  });
});
