// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import { MERCHANT_CHART_DAYS } from '../../../contract/constants';
import type { MerchantOverview } from '../../../contract/workspace';
import { createQueryClient } from '../../lib/query-client';
import { aUser } from '../../test/fixtures';
import { currentUserQueryKey } from '../auth';
import { countScale } from './components/daily-chart';
import MerchantHomePage from './merchant-home-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OWNER = aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'owner' });
const STAFF = aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'staff' });

function days(): MerchantOverview['days'] {
  return Array.from({ length: MERCHANT_CHART_DAYS }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 22 - (MERCHANT_CHART_DAYS - 1) + index)).toISOString().slice(0, 10);
    return { date, unitsSold: index === MERCHANT_CHART_DAYS - 1 ? 3 : index % 3, redemptions: index % 2 };
  });
}

function anOverview(overrides: Partial<MerchantOverview> = {}): MerchantOverview {
  return {
    merchantName: 'Sakura Sushi House',
    timeZone: 'America/Los_Angeles',
    today: { redemptions: 2, unitsSold: 3, refunds: 1 },
    totals: { unitsSold: 1234, vouchersOutstanding: 56, refunds: 7, refundedCents: 13_993, redeemedCents: 2_398_800 },
    deals: [
      { id: 'd1', title: 'Premium Sushi Platter for 2', status: 'published', active: true, priceCents: 1999, sold: 1200, redeemed: 1100, refunded: 7, outstanding: 56 },
      { id: 'd2', title: 'Sake tasting', status: 'pending_review', active: false, priceCents: 2500, sold: 34, redeemed: 34, refunded: 0, outstanding: 0 },
    ],
    days: days(),
    ...overrides,
  };
}

function stubOverview(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHome(user: CurrentUser | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  const location = memoryLocation({ path: '/merchant', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <MerchantHomePage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('MerchantHomePage', () => {
  it("shows an owner today's figures, the totals and every deal with its figures", async () => {
    const fetchMock = stubOverview(() => new Response(JSON.stringify(anOverview()), { status: 200 }));
    renderHome(OWNER);
    expect(await screen.findByText('Sakura Sushi House')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/merchant/overview');
    // "Today" and the charts' days are the merchant's, and the page says which zone they are counted in.
    expect(screen.getByText('Times in Pacific Time (America/Los_Angeles)')).toBeTruthy();

    const today = screen.getByRole('region', { name: 'Today' });
    const figure = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling?.textContent;
    expect(figure(today, 'Redemptions')).toBe('2');
    expect(figure(today, 'Units sold')).toBe('3');
    expect(figure(today, 'Refunds')).toBe('1');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(figure(totals, 'Units sold')).toBe('1,234');
    expect(figure(totals, 'Vouchers outstanding')).toBe('56');
    expect(figure(totals, 'Refunds')).toBe('7');
    expect(within(totals).getByText('$139.93')).toBeTruthy();
    expect(figure(totals, 'Redeemed value')).toBe('$23,988.00');

    const deals = within(screen.getByRole('region', { name: 'Your deals' })).getByRole('table');
    const rows = within(deals).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Deal', 'Status', 'Price', 'Sold', 'Redeemed', 'Refunded', 'Outstanding']);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Published', '$19.99', '1,200', '1,100', '7', '56']);
    expect(within(rows[1]!).getByRole('link', { name: 'Premium Sushi Platter for 2' }).getAttribute('href')).toBe('/merchant/deals/d1');
    expect(within(rows[2]!).getByText('Pending review')).toBeTruthy();
    // Phones get the same deals as cards.
    expect(screen.getAllByRole('link', { name: 'Sake tasting' })).toHaveLength(2);
  });

  it('draws both charts with a name, a bar a day and a hidden table of their numbers', async () => {
    stubOverview(() => new Response(JSON.stringify(anOverview()), { status: 200 }));
    renderHome(OWNER);
    const sales = await screen.findByRole('img', { name: /^Units sold per day: / });
    expect(sales.getAttribute('aria-label')).toBe(`Units sold per day: 31 in the last ${MERCHANT_CHART_DAYS} days. The numbers follow in a table.`);
    const redemptions = screen.getByRole('img', { name: /^Redemptions per day: / });

    // A day sold nothing has no bar; the tallest (3) stands on a count axis up to 4, the day axis names every 7th day back from today.
    const bars = (chart: Element) => [...chart.querySelectorAll('[data-day] rect[fill]')];
    expect(bars(sales)).toHaveLength(days().filter((day) => day.unitsSold > 0).length);
    expect(bars(redemptions)).toHaveLength(days().filter((day) => day.redemptions > 0).length);
    const today = sales.querySelector('[data-day="2026-11-22"] rect[fill]');
    expect(Number(today?.getAttribute('height'))).toBe((196 - 8) * (3 / 4));
    const countAxis = sales.parentElement?.querySelector('svg[aria-hidden="true"]');
    expect([...(countAxis?.querySelectorAll('text') ?? [])].map((label) => label.textContent)).toEqual(['0', '1', '2', '3', '4']);
    expect([...sales.querySelectorAll('text')].map((label) => label.textContent)).toEqual(['Oct 25', 'Nov 1', 'Nov 8', 'Nov 15', 'Nov 22']);

    // The legend names the whole span, and the day the pointer is on.
    const legend = within(sales.closest('figure')!);
    expect(legend.getByText('Last 30 days')).toBeTruthy();
    fireEvent.pointerEnter(sales.querySelector('[data-day="2026-11-22"]')!);
    expect(legend.getByText('Nov 22, 2026', { selector: 'p span' })).toBeTruthy();
    expect(legend.getByText('3', { selector: 'p span' })).toBeTruthy();
    fireEvent.pointerLeave(sales);
    expect(legend.getByText('Last 30 days')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Units sold per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(MERCHANT_CHART_DAYS + 1);
    expect(rows.at(-1)?.textContent).toBe('Nov 22, 20263');
  });

  it.each([
    [0, { step: 1, top: 4 }],
    [3, { step: 1, top: 4 }],
    [5, { step: 1, top: 5 }],
    [7, { step: 2, top: 8 }],
    [23, { step: 5, top: 25 }],
    [1234, { step: 500, top: 1500 }],
  ])('steps the count axis in whole numbers up to at least the largest day (%i)', (largest, scale) => {
    expect(countScale(largest)).toEqual(scale);
  });

  it('says when nothing was sold yet', async () => {
    const empty = anOverview({
      today: { redemptions: 0, unitsSold: 0, refunds: 0 },
      totals: { unitsSold: 0, vouchersOutstanding: 0, refunds: 0, refundedCents: 0, redeemedCents: 0 },
      deals: [],
      days: days().map((day) => ({ ...day, unitsSold: 0, redemptions: 0 })),
    });
    stubOverview(() => new Response(JSON.stringify(empty), { status: 200 }));
    renderHome(OWNER);
    expect(await screen.findByRole('heading', { name: 'Nothing sold yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Propose a deal' }).getAttribute('href')).toBe('/merchant/deals/new');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    stubOverview(() => new Response('{"message":"Something went wrong"}', { status: 500 }));
    renderHome(OWNER);
    expect(await screen.findByText('Your figures could not be loaded', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends staff to the redeem screen without asking for the figures', () => {
    const fetchMock = stubOverview(() => new Response('{}', { status: 403 }));
    const location = renderHome(STAFF);
    expect(location.history?.at(-1)).toBe('/merchant/redeem');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['guests', null],
    ['customers', aUser()],
    ['superadmins', aUser({ role: 'superadmin' })],
  ])('asks %s to log in as a merchant', (_who, user) => {
    const fetchMock = stubOverview(() => new Response('{}', { status: 403 }));
    renderHome(user);
    expect(screen.getByRole('heading', { level: 1, name: 'Merchant Home' })).toBeTruthy();
    expect(screen.getByText('Please log in as a merchant to see your sales and deals.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Merchant Login' }).getAttribute('href')).toBe('/merchant/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
