// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMerchant } from '../../../contract/admin';
import type { Statement } from '../../../contract/workspace';
import AdminStatementsPage from './admin-statements-page';
import { aStatement, json, LINES, OWNER, renderScreen, stubApi, SUPERADMIN } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAKURA = '0b6f7a1e-3c1d-4b7a-9a53-8f7f8b1f2c3d';
const merchant = (id: string, name: string): AdminMerchant => ({
  id,
  name,
  phone: '5550100001',
  address: '',
  description: '',
  status: 'active',
  businessHours: null,
  city: null,
  latitude: null,
  longitude: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  photoUrls: [],
  dealCount: 2,
  accountPhone: '5550100001',
  commissionBps: 1000,
  timeZone: 'UTC',
});
const MERCHANTS = [merchant(SAKURA, 'Sakura Sushi House'), merchant('5fb239e9-aea5-4729-9a4e-6d7ff15099d5', 'Serenity Day Spa')];

describe('Statements for superadmins', () => {
  it('filters by merchant and by awaiting payout, keeping the filter in the address', async () => {
    const spa = aStatement({ id: 's2', merchantId: MERCHANTS[1]!.id, merchantName: 'Serenity Day Spa', paidAt: '2026-11-24T09:00:00.000Z', payoutReference: 'TRX-1' });
    const fetchMock = stubApi({
      'GET /api/admin/merchants': () => json(MERCHANTS),
      'GET /api/admin/statements': () => json([aStatement(), spa]),
      [`GET /api/admin/statements?merchantId=${SAKURA}`]: () => json([aStatement()]),
      [`GET /api/admin/statements?merchantId=${SAKURA}&unpaid=true`]: () => json([aStatement()]),
    });
    const { location } = renderScreen(<AdminStatementsPage />, { path: '/admin/statements', user: SUPERADMIN });

    const list = await screen.findByRole('list', { name: 'Statements' });
    expect(within(list).getAllByRole('article').map((card) => card.querySelector('h3')?.textContent)).toEqual([
      'Sakura Sushi HouseWeek of Nov 16 – Nov 22, 2026',
      'Serenity Day SpaWeek of Nov 16 – Nov 22, 2026',
    ]);
    const paid = screen.getByRole('article', { name: /Serenity Day Spa/ });
    expect(paid.textContent).toContain('Paid');
    expect(paid.textContent).toContain('TRX-1');
    expect(within(paid).queryByRole('button', { name: /Record payout/ })).toBeNull();

    const select = screen.getByRole('combobox', { name: 'Merchant' });
    await within(select).findByRole('option', { name: 'Sakura Sushi House' });
    fireEvent.change(select, { target: { value: SAKURA } });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Awaiting payout only' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/admin/statements?merchantId=${SAKURA}&unpaid=true`));
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/admin/statements?merchantId=${SAKURA}&unpaid=true`));
  });

  it('opens a statement to its lines and links its CSV', async () => {
    stubApi({
      'GET /api/admin/merchants': () => json(MERCHANTS),
      'GET /api/admin/statements': () => json([aStatement()]),
      'GET /api/admin/statements/s1': () => json({ ...aStatement(), lines: LINES }),
    });
    renderScreen(<AdminStatementsPage />, { path: '/admin/statements', user: SUPERADMIN });
    const card = await screen.findByRole('article', { name: /Sakura Sushi House/ });
    expect(within(card).getByRole('link', { name: /Download CSV/ }).getAttribute('href')).toBe('/api/admin/statements/s1/csv');

    const toggle = within(card).getByRole('button', { name: 'Show 3 lines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const lines = await within(card).findByRole('region', { name: /^Lines: Sakura Sushi House/ });
    expect(within(lines).getAllByRole('row')).toHaveLength(4);
    fireEvent.click(within(card).getByRole('button', { name: 'Hide lines' }));
    expect(within(card).queryByRole('region')).toBeNull();
  });

  it('records a payout with its reference, then shows the statement paid with it', async () => {
    let current: Statement = aStatement();
    const fetchMock = stubApi({
      'GET /api/admin/merchants': () => json(MERCHANTS),
      'GET /api/admin/statements': () => json([current]),
      'POST /api/admin/statements/s1/payout': () => {
        current = { ...current, paidAt: '2026-11-24T09:00:00.000Z', payoutReference: 'TRX-2026-11-24' };
        return json(current);
      },
    });
    renderScreen(<AdminStatementsPage />, { path: '/admin/statements', user: SUPERADMIN });
    const card = await screen.findByRole('article', { name: /Sakura Sushi House/ });
    fireEvent.click(within(card).getByRole('button', { name: /Record payout/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Record payout' });
    expect(dialog.textContent).toContain('$17.99');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(await within(dialog).findByText('Please enter the payout reference')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Payout reference' }), { target: { value: ' TRX-2026-11-24 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reference: 'TRX-2026-11-24' });

    await waitFor(() => expect(screen.getByRole('article', { name: /Sakura Sushi House/ }).textContent).toContain('TRX-2026-11-24'));
    const paid = screen.getByRole('article', { name: /Sakura Sushi House/ });
    expect(paid.querySelector('.badge')?.textContent).toBe('Paid');
    expect(within(paid).queryByRole('button', { name: /Record payout/ })).toBeNull();
  });

  it('shows the server\'s refusal of a payout in the dialog, and no payout button where there is nothing to pay', async () => {
    stubApi({
      'GET /api/admin/merchants': () => json(MERCHANTS),
      'GET /api/admin/statements': () => json([aStatement(), aStatement({ id: 's3', merchantName: 'Serenity Day Spa', netCents: -500 })]),
      'POST /api/admin/statements/s1/payout': () => json({ message: 'This statement is already paid' }, 409),
    });
    renderScreen(<AdminStatementsPage />, { path: '/admin/statements', user: SUPERADMIN });
    const nothing = await screen.findByRole('article', { name: /Serenity Day Spa/ });
    expect(nothing.textContent).toContain('Nothing to pay for this week.');
    expect(within(nothing).queryByRole('button', { name: /Record payout/ })).toBeNull();

    fireEvent.click(within(screen.getByRole('article', { name: /Sakura Sushi House/ })).getByRole('button', { name: /Record payout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payout' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Payout reference' }), { target: { value: 'TRX-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This statement is already paid');
  });

  it('is for superadmins only', () => {
    const fetchMock = stubApi({});
    renderScreen(<AdminStatementsPage />, { path: '/admin/statements', user: OWNER });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
