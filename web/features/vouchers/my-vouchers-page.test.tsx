// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../../contract/auth';
import type { Voucher } from '../../../contract/checkout';
import { NEXT_CURSOR_HEADER } from '../../../contract/constants';
import { createQueryClient } from '../../lib/query-client';
import { currentUserQueryKey } from '../auth';
import { WaitingGroupsPanel } from '../groups';
import { aGroup, aVoucher } from '../../test/fixtures';
import MyVouchersPage from './my-vouchers-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER = {
  id: 'u-customer',
  phone: '5550000001',
  phoneVerified: true,
  email: null,
  role: 'customer',
  merchantId: null,
  hasPassword: true,
  mustChangePassword: false,
} as CurrentUser;

const voucher = (id: string, overrides: Partial<Voucher> = {}): Voucher => aVoucher({ id, ...overrides });

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

function stubVoucherPages(pages: Record<string, () => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const route = pages[`${url.pathname}${url.search}`];
    return route ? route() : new Response('not stubbed', { status: 599 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, CUSTOMER);
  const location = memoryLocation({ path: '/my/vouchers', record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <MyVouchersPage waitingGroups={<WaitingGroupsPanel />} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('My Vouchers, a page at a time', () => {
  it('shows the first page with lazy QR images, counts it as "n+", and loads the rest with Load more', async () => {
    const fetchMock = stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1'), voucher('a2')], { [NEXT_CURSOR_HEADER]: 'page-2' }),
      '/api/user/vouchers?cursor=page-2': () =>
        json([
          voucher('b1', { status: 'redeemed', redeemed: true, redeemedAt: new Date().toISOString() }),
          voucher('b2', { dealId: 'd-sushi', dealTitle: 'Sushi Platter', status: 'redeemed', redeemed: true, redeemedAt: new Date().toISOString() }),
          voucher('b3', { dealId: 'd-sushi', dealTitle: 'Sushi Platter', status: 'redeemed', redeemed: true, redeemedAt: new Date().toISOString() }),
        ]),
    });
    renderPage();

    expect(await screen.findAllByRole('article')).toHaveLength(2);
    const filters = screen.getByRole('group', { name: 'Filter vouchers' });
    expect(within(filters).getByRole('button', { name: 'All 2+' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Redeemed 0+' })).toBeTruthy();
    const thumbnail = screen.getByRole('button', { name: 'Enlarge QR code for voucher CODEXXA1' }).querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe('/api/vouchers/a1/qr.svg');
    expect(thumbnail?.getAttribute('loading')).toBe('lazy');
    expect(thumbnail?.getAttribute('width')).toBe('88');
    // Only a customer who used a deal may review it: nothing redeemed yet, no offer.
    expect(screen.queryAllByRole('button', { name: /^Write a review/ })).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(within(filters).getByRole('button', { name: 'All 5' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Valid 2' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Redeemed 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // One offer per deal, on its newest redeemed voucher.
    expect(screen.getAllByRole('button', { name: /^Write a review of Luxury Spa Day Package/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Write a review of Sushi Platter/ })).toHaveLength(1);
    // The voucher pages, each read once (the groups waiting to fill are read beside them).
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/user/vouchers'))).toEqual([
      '/api/user/vouchers',
      '/api/user/vouchers?cursor=page-2',
    ]);
  });

  it('keeps what it has when a further page fails, and says so', async () => {
    stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1')], { [NEXT_CURSOR_HEADER]: 'page-2' }),
      '/api/user/vouchers?cursor=page-2': () => new Response('{"message":"boom"}', { status: 500 }),
    });
    renderPage();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveProperty('textContent', 'More vouchers could not be loaded. Please try again.');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Error Loading Vouchers' })).toBeNull();
  });

  it('says a filter found nothing yet while older vouchers remain', async () => {
    stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1')], { [NEXT_CURSOR_HEADER]: 'page-2' }),
    });
    renderPage();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Redeemed 0+' }));
    expect(screen.getByText('None of the vouchers loaded so far is redeemed. Load more to look further back.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});

describe('My Vouchers, refunds', () => {
  const refund = (status: 'pending' | 'succeeded') => ({ id: 'r1', amountCents: 3999, status, reason: 'customer' as const, createdAt: '2026-11-23T10:00:00.000Z' });

  it('tells the refund terms, and offers Refund only on an active voucher of a refund-anytime deal', async () => {
    stubVoucherPages({
      '/api/user/vouchers': () =>
        json([
          voucher('a1'),
          voucher('a2', { refundAnytime: false, autoRefundOnExpiry: false }),
          voucher('a3', { status: 'redeemed', redeemed: true, redeemedAt: new Date().toISOString() }),
        ]),
    });
    renderPage();
    const [first, second, third] = await screen.findAllByRole('article');
    expect(within(first!).getByText('Refund anytime')).toBeTruthy();
    expect(within(first!).getByText('Auto-refund if unused')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Refund voucher CODEXXA1' })).toBeTruthy();
    expect(within(second!).queryByText('Refund anytime')).toBeNull();
    expect(within(second!).queryByText('Auto-refund if unused')).toBeNull();
    expect(within(second!).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(within(third!).queryByRole('button', { name: /^Refund/ })).toBeNull();
    // A used voucher keeps its code for reference, with nothing left to scan or copy.
    expect(within(third!).getByText('CODEXXA3')).toBeTruthy();
    expect(within(third!).queryByRole('button', { name: /Enlarge QR code/ })).toBeNull();
    expect(within(third!).queryByRole('button', { name: /Copy code/ })).toBeNull();
  });

  it('confirms, refunds, and shows the voucher as refunded with the amount and date; the Refunded filter counts it', async () => {
    let refunded = false;
    const fetchMock = stubVoucherPages({
      '/api/user/vouchers': () =>
        json([refunded ? voucher('a1', { status: 'refunded', refund: refund('succeeded') }) : voucher('a1'), voucher('a2')]),
      '/api/vouchers/a1/refund': () => {
        refunded = true;
        return json({ voucher: voucher('a1', { status: 'refunded', refund: refund('succeeded') }), refund: refund('succeeded') });
      },
    });
    renderPage();
    const [card] = await screen.findAllByRole('article');
    fireEvent.click(within(card!).getByRole('button', { name: 'Refund voucher CODEXXA1' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this voucher?' });
    expect(within(dialog).getByText('$39.99')).toBeTruthy();
    expect(within(dialog).getByText('The money goes back to your card. This cannot be undone.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const after = screen.getAllByRole('article')[0]!;
    expect(within(after).getAllByText('Refunded').length).toBeGreaterThan(0);
    expect(after.textContent).toMatch(/Refunded: \$39\.99 on Nov 2[34], 2026 \d{2}:\d{2}/);
    expect(within(after).queryByRole('button', { name: /Enlarge QR code/ })).toBeNull();
    expect(within(after).queryByRole('button', { name: /^Refund voucher/ })).toBeNull();
    const filters = screen.getByRole('group', { name: 'Filter vouchers' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: 'Refunded 1' })).toBeTruthy());
    expect(within(filters).getByRole('button', { name: 'Valid 1' })).toBeTruthy();
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/vouchers/a1/refund');
    expect(post?.[1]?.method).toBe('POST');
  });

  it('says "Refund pending", not "Refunded", until the provider confirms, with nothing left to redeem', async () => {
    // The server reads such a voucher as refunded already; only its refund tells that the money is still on its way.
    stubVoucherPages({ '/api/user/vouchers': () => json([voucher('a1', { status: 'refunded', refund: refund('pending') })]) });
    renderPage();
    const [card] = await screen.findAllByRole('article');
    expect(card!.textContent).toMatch(/Refund pending: \$39\.99, asked on Nov 2[34], 2026/);
    expect(within(card!).getByText('Refund pending')).toBeTruthy();
    expect(within(card!).queryByText('Refunded')).toBeNull();
    expect(within(card!).getByText('CODEXXA1')).toBeTruthy();
    expect(within(card!).queryByText('PIN')).toBeNull();
    expect(within(card!).queryByRole('button', { name: /Enlarge QR code/ })).toBeNull();
    expect(within(card!).queryByRole('button', { name: /Copy code/ })).toBeNull();
    expect(within(card!).queryByRole('link', { name: /^Print/ })).toBeNull();
    expect(within(card!).queryByRole('button', { name: /^Refund voucher/ })).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Filter vouchers' })).getByRole('button', { name: 'Refunded 1' })).toBeTruthy();
  });

  it('shows an expired voucher with its code and "Expired on …", never its PIN or QR', async () => {
    stubVoucherPages({
      '/api/user/vouchers': () =>
        json([
          // Past its date but not swept yet: the server has already left out the PIN and the image.
          voucher('a1', { expired: true, validUntil: '2026-10-01T12:00:00.000Z', voucherPin: null, qrCodeUrl: null }),
          // Even an answer that still carried them shows none once the voucher is expired.
          voucher('a2', { status: 'expired', expired: true, validUntil: '2026-10-01T12:00:00.000Z' }),
        ]),
    });
    renderPage();
    const cards = await screen.findAllByRole('article');
    for (const card of cards) {
      expect(within(card).getByText(/^Expired on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeTruthy();
      expect(within(card).queryByText('PIN')).toBeNull();
      expect(within(card).queryByText('493117')).toBeNull();
      expect(within(card).queryByRole('button', { name: /Enlarge QR code/ })).toBeNull();
      expect(within(card).queryByRole('button', { name: /Show QR/ })).toBeNull();
    }
    expect(within(cards[0]!).getByText('CODEXXA1')).toBeTruthy();
  });

  it('reads the vouchers again while a refund is pending, and stops once the provider has answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      stubVoucherPages({
        '/api/user/vouchers': () => {
          reads += 1;
          return json([voucher('a1', { status: 'refunded', refund: refund(reads < 3 ? 'pending' : 'succeeded') }), voucher('a2')]);
        },
      });
      renderPage();
      const card = () => screen.getAllByRole('article')[0]!;
      expect(await screen.findByText('Refund pending')).toBeTruthy();

      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(reads).toBe(2);
      expect(within(card()).getByText('Refund pending')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(within(card()).getByText('Refunded')).toBeTruthy());
      expect(card().textContent).toMatch(/Refunded: \$39\.99 on Nov 2[34], 2026/);

      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not read the vouchers again when no refund is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = stubVoucherPages({ '/api/user/vouchers': () => json([voucher('a1', { status: 'refunded', refund: refund('succeeded') }), voucher('a2')]) });
      renderPage();
      await screen.findAllByRole('article');
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/vouchers')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the dialog open with the server's refusal in an alert", async () => {
    stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1')]),
      '/api/vouchers/a1/refund': () => new Response(JSON.stringify({ message: 'Voucher was already redeemed' }), { status: 409 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund voucher CODEXXA1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this voucher?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Voucher was already redeemed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refund voucher CODEXXA1' }));
  });
});

describe('My Vouchers: groups still filling up', () => {
  it('lists the open groups the customer has paid or is paying a place in, above the vouchers, each linking to its page', async () => {
    const deadline = new Date(Date.now() + (5 * 60 + 12) * 60_000 + 30_000).toISOString();
    const fetchMock = stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1')]),
      '/api/groups': () =>
        json([
          aGroup({ id: 'g-paid', mine: 'paid', deadline, deal: { ...aGroup().deal, title: 'Hot pot for four' } }),
          aGroup({ id: 'g-held', mine: 'held', size: 4, paidCount: 2 }),
          aGroup({ id: 'g-formed', mine: 'paid', status: 'formed' }),
          aGroup({ id: 'g-failed', mine: 'refunded', status: 'failed' }),
        ]),
    });
    renderPage();

    const panel = await screen.findByRole('region', { name: 'Waiting for your group' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/group/g-paid', '/group/g-held']);
    expect(links[0]!.textContent).toBe('Hot pot for four — waiting for 2 more, closes in 5h 12m');
    expect(links[1]!.textContent).toMatch(/^Premium Sushi Platter for 2 — waiting for 2 more, closes in (4h 59m|5h 0m)$/);
    // Above the vouchers.
    const [card] = screen.getAllByRole('article');
    expect(panel.compareDocumentPosition(card!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/groups')).toHaveLength(1);
  });

  it('shows nothing when no group is waiting', async () => {
    let answered = false;
    stubVoucherPages({
      '/api/user/vouchers': () => json([voucher('a1')]),
      '/api/groups': () => {
        answered = true;
        return json([aGroup({ mine: 'paid', status: 'formed' }), aGroup({ mine: null })]);
      },
    });
    renderPage();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    await waitFor(() => expect(answered).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/Waiting for your group/)).toBeNull();
  });
});
