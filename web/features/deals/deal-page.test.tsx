// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import type { OpenGroup } from '../../../contract/groups';
import { dealPageActions } from '../../app/deal-screen';
import { useToasts } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { aDeal, aGroup, aUser } from '../../test/fixtures';
import { json, OWNER, renderScreen, sentBodies, stubApi } from '../../test/screens';
import { closeAuthDialog, currentUserQueryKey, getAuthDialogState } from '../auth';
import { goToPaymentPage } from '../checkout';
import { dealQueryOptions } from './api/get-deal';
import DealPage from './deal-page';

vi.mock('../checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../checkout')>()),
  // The payment page is another site as far as these tests go: record where the browser would go.
  goToPaymentPage: vi.fn(() => new Promise<never>(() => undefined)),
}));

beforeEach(() => {
  vi.mocked(goToPaymentPage).mockClear();
});

afterEach(() => {
  cleanup();
  closeAuthDialog();
  vi.unstubAllGlobals();
});

function renderDealPage(user: CurrentUser | null) {
  // Reviews and the merchant card ask for more; they are not what this test is about.
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response('{"message":"Not found"}', { status: 404 })));
  const deal = aDeal();
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  queryClient.setQueryData(dealQueryOptions(deal.id).queryKey, deal);
  render(
    <QueryClientProvider client={queryClient}>
      <DealPage id={deal.id} actions={dealPageActions} />
    </QueryClientProvider>,
  );
}

describe('DealPage: the purchase box', () => {
  it.each([
    ['guests', null],
    ['customers', aUser()],
  ])('offers %s Buy Now and Add to Cart', async (_who, user) => {
    renderDealPage(user);
    expect(await screen.findByRole('button', { name: 'Buy Now - $19.99' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it.each([
    ['merchant', aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'staff' }), 'Merchant accounts cannot buy deals'],
    ['superadmin', aUser({ role: 'superadmin' }), 'Admin accounts cannot buy deals'],
  ])('tells a %s account it cannot buy instead', async (_who, user, note) => {
    renderDealPage(user);
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });
});

describe('DealPage: a deal sold to groups too', () => {
  const DEAL = aDeal({ groupSize: 3, groupPriceCents: 1499, groupWindowHours: 24 });
  const GROUPS_PATH = `/api/deals/${DEAL.id}/groups`;
  const PAYMENT_URL = '/checkout?session_id=cs_test_group';
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 30_000).toISOString();
  const openGroup = (id: string, overrides: Partial<OpenGroup> = {}): OpenGroup => {
    const { id: _id, size, priceCents, seatsLeft, paidCount, members, deadline, mine } = aGroup({ id, ...overrides });
    return { id: _id, size, priceCents, seatsLeft, paidCount, members, deadline, mine };
  };
  const GROUPS = [
    openGroup('g1', { deadline: at(5 * 60 + 12) }),
    openGroup('g2', { seatsLeft: 1, paidCount: 2, members: [{ initials: 'BO' }, { initials: 'CY' }], deadline: at(20 * 60), mine: 'paid' }),
  ];

  function Toasts() {
    const toasts = useToasts();
    return <p data-testid="toasts">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join(' | ')}</p>;
  }

  function renderGroupDeal(user: CurrentUser | null, routes: Parameters<typeof stubApi>[0] = {}) {
    const fetchMock = stubApi({ [`GET /api/deals/${DEAL.id}`]: () => json(DEAL), [`GET ${GROUPS_PATH}`]: () => json(GROUPS), ...routes });
    renderScreen(
      <>
        <DealPage id={DEAL.id} actions={dealPageActions} />
        <Toasts />
      </>,
      { user, path: `/deal/${DEAL.id}` },
    );
    return fetchMock;
  }

  it.each([
    ['guests', null],
    ['customers', aUser()],
  ])('shows %s both prices, and the open groups with their members, places and time left', async (_who, user) => {
    renderGroupDeal(user);
    const alone = await screen.findByRole('button', { name: 'Buy alone $19.99' });
    const start = screen.getByRole('button', { name: 'Start a group $14.99' });
    expect(document.getElementById(start.getAttribute('aria-describedby')!)?.textContent).toBe('3 people · 24 h to fill');
    expect(alone.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Buy Now/ })).toBeNull();
    const purchase = screen.getByRole('region', { name: 'Purchase' });
    expect(within(purchase).getByText(/each in a group of 3/).textContent).toBe('Or $14.99 each in a group of 3');
    expect(screen.getByText('Group price', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$14.99 each in a group of 3, 24 h to fill');

    const section = screen.getByRole('region', { name: 'Join a group' });
    await within(section).findByRole('button', { name: 'Join' });
    const rows = Array.from(section.querySelector('ul')!.children) as HTMLElement[];
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('list', { name: 'Group members' }).textContent).toBe('ALMember ALOpen placeOpen place');
    expect(first.textContent).toContain('2 seats left');
    expect(first.textContent).toContain('5h 12m left');
    const join = within(first).getByRole('button', { name: 'Join' });
    expect(document.getElementById(join.getAttribute('aria-describedby')!)?.textContent).toContain('2 seats left');
    // A group the shopper is in: no Join, a link to its page.
    expect(second.textContent).toContain('1 seat left');
    expect(second.textContent).toContain('20h 0m left');
    expect(within(second).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(within(second).getByText("You're in")).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'View group' }).getAttribute('href')).toBe('/group/g2');
  });

  it('starts a group for a customer and sends them to the payment page for their unit', async () => {
    const fetchMock = renderGroupDeal(aUser(), { 'POST /api/groups': () => json({ group: aGroup({ id: 'g-new', mine: 'held' }), url: PAYMENT_URL }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Start a group $14.99' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(sentBodies(fetchMock, 'POST', '/api/groups')).toEqual([{ dealId: DEAL.id }]);
    expect((screen.getByRole('button', { name: 'Start a group $14.99' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('joins an open group for a customer', async () => {
    const fetchMock = renderGroupDeal(aUser(), { 'POST /api/groups/g1/join': () => json({ group: aGroup({ id: 'g1', mine: 'held' }), url: PAYMENT_URL }) });
    const section = await screen.findByRole('region', { name: 'Join a group' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === '/api/groups/g1/join')).toHaveLength(1);
  });

  it('tells a customer why a join was refused, and reads the open groups again', async () => {
    let listReads = 0;
    renderGroupDeal(aUser(), {
      [`GET ${GROUPS_PATH}`]: () => {
        listReads += 1;
        return json(listReads === 1 ? GROUPS : GROUPS.slice(1));
      },
      'POST /api/groups/g1/join': () => json({ message: 'This group is full. Start a new group instead.' }, 409),
    });
    const section = await screen.findByRole('region', { name: 'Join a group' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Could not join this group: This group is full. Start a new group instead.'));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Join' })).toBeNull());
    expect(listReads).toBe(2);
    expect(goToPaymentPage).not.toHaveBeenCalled();
  });

  it('asks a guest to log in for Start and for Join, and comes back to the deal', async () => {
    const fetchMock = renderGroupDeal(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Start a group $14.99' }));
    await waitFor(() => expect(getAuthDialogState()).toEqual({ open: 'login', next: `/deal/${DEAL.id}` }));
    closeAuthDialog();
    const section = screen.getByRole('region', { name: 'Join a group' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(getAuthDialogState()).toEqual({ open: 'login', next: `/deal/${DEAL.id}` }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('tells a merchant account it cannot buy instead of offering the group buttons', async () => {
    renderGroupDeal(OWNER);
    expect(await screen.findByText('Merchant accounts cannot buy deals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start a group|Buy alone|Join/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Join a group' })).toBeNull();
  });

  it('says when there is no open group yet', async () => {
    renderGroupDeal(aUser(), { [`GET ${GROUPS_PATH}`]: () => json([]) });
    const section = await screen.findByRole('region', { name: 'Join a group' });
    expect(await within(section).findByText('No open groups right now. Start one and share the link with friends.')).toBeTruthy();
  });

  it('leaves a deal without a group offer as it was, without asking for groups', async () => {
    const plain = aDeal();
    const fetchMock = stubApi({ [`GET /api/deals/${plain.id}`]: () => json(plain) });
    renderScreen(<DealPage id={plain.id} actions={dealPageActions} />, { user: aUser(), path: `/deal/${plain.id}` });
    expect(await screen.findByRole('button', { name: 'Buy Now - $19.99' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start a group/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Join a group' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/groups'))).toBe(false);
  });
});
