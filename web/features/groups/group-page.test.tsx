// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GROUP_POLL_MS } from '../../../contract/constants';
import type { Group } from '../../../contract/groups';
import { useToasts } from '../../components/ui/toast';
import { aGroup, aUser } from '../../test/fixtures';
import { json, OWNER, renderScreen, sentBodies, stubApi } from '../../test/screens';
import { closeAuthDialog, getAuthDialogState } from '../auth';
import { goToPaymentPage } from '../checkout';
import { groupQueryOptions } from './api/get-group';
import GroupPage from './group-page';

vi.mock('../checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../checkout')>()),
  // The payment page is another site as far as these tests go: record where the browser would go.
  goToPaymentPage: vi.fn(() => new Promise<never>(() => undefined)),
}));

const CUSTOMER = aUser();
const GROUP = aGroup();
const GROUP_PATH = `/api/groups/${GROUP.id}`;
const PAYMENT_URL = '/checkout?session_id=cs_test_group';

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => t.title).join(' | ')}</p>;
}

function renderGroup(group: Group, { user = CUSTOMER, routes = {} }: { user?: typeof CUSTOMER | null; routes?: Parameters<typeof stubApi>[0] } = {}) {
  const fetchMock = stubApi({ [`GET /api/groups/${group.id}`]: () => json(group), ...routes });
  const view = renderScreen(
    <>
      <GroupPage id={group.id} />
      <Toasts />
    </>,
    { user, path: `/group/${group.id}` },
  );
  return { ...view, fetchMock };
}

const section = () => screen.getByRole('region', { name: 'The group' });
/** The group's state, once the group is on the page (the skeleton has a status of its own). */
const groupStatus = async () => within(await screen.findByRole('region', { name: 'The group' })).getByRole('status');

beforeEach(() => {
  vi.mocked(goToPaymentPage).mockClear();
});

afterEach(() => {
  cleanup();
  closeAuthDialog();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('The group page: an open group', () => {
  it('shows the deal, the group price against the usual one, the members, the places and the time left', async () => {
    renderGroup(GROUP);

    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Sushi Platter for 2' })).toBeTruthy();
    expect(screen.getByText('Sakura Sushi House')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Premium Sushi Platter for 2' })).toBeTruthy();
    const prices = screen.getByText('Group price:').parentElement!;
    expect(prices.textContent).toContain('Group price:$14.99');
    expect(prices.textContent).toContain('Usual price:$19.99 usual price');
    expect(within(prices).getByText('$19.99').tagName).toBe('S');
    expect(screen.getByText('Group of 3')).toBeTruthy();

    const members = within(section()).getByRole('list', { name: 'Group members' });
    const places = within(members).getAllByRole('listitem');
    expect(places.map((place) => place.textContent)).toEqual(['ALMember AL', 'Open place', 'Open place']);
    expect(within(section()).getByText('2 seats left')).toBeTruthy();
    expect(within(section()).getByRole('status').textContent).toBe('Waiting for 2 more');
    // Five hours out: the clock reads h:mm:ss and is not a live region.
    const timer = within(section()).getByRole('timer');
    expect(timer.textContent).toMatch(/^4:59:\d{2}$|^5:00:00$/);
    expect(timer.getAttribute('dateTime')).toBe(GROUP.deadline);
    expect(timer.closest('[role="status"]')).toBeNull();
    expect(document.title).toBe('Group: Premium Sushi Platter for 2 · DealMarket');
  });

  it('counts down every second, and shows days and hours a day or more out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    renderGroup(aGroup({ deadline: new Date(now + 90_000).toISOString() }));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^0:01:(29|30)$/);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(timer.textContent).toMatch(/^0:01:(26|27)$/);
    cleanup();

    renderGroup(aGroup({ deadline: new Date(Date.now() + (2 * 24 + 4) * 3_600_000 + 60_000).toISOString() }));
    expect((await screen.findByRole('timer')).textContent).toBe('2d 4h');
  });

  it('offers a guest Join, which asks them to log in and come back here', async () => {
    const { fetchMock } = renderGroup(GROUP, { user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Join for $14.99' }));
    await waitFor(() => expect(getAuthDialogState()).toEqual({ open: 'login', next: `/group/${GROUP.id}` }));
    expect(sentBodies(fetchMock, 'POST', `${GROUP_PATH}/join`)).toHaveLength(0);
  });

  it('joins a customer and sends them to the payment page for their place', async () => {
    const { fetchMock } = renderGroup(GROUP, {
      routes: { [`POST ${GROUP_PATH}/join`]: () => json({ group: { ...GROUP, mine: 'held', seatsLeft: 1 }, url: PAYMENT_URL }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join for $14.99' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url) === `${GROUP_PATH}/join`)).toHaveLength(1);
    // The answer's group holds the customer's place while the browser leaves.
    expect(await screen.findByText('Finish paying to hold your place.')).toBeTruthy();
  });

  it('shows a refused join (409) with its reason and offers to start a new group', async () => {
    const { fetchMock } = renderGroup(GROUP, {
      routes: {
        [`POST ${GROUP_PATH}/join`]: () => json({ message: 'This group is full. Start a new group instead.' }, 409),
        'POST /api/groups': () => json({ group: aGroup({ id: 'g-new', mine: 'held' }), url: PAYMENT_URL }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join for $14.99' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This group is full. Start a new group instead.');
    expect(screen.getByTestId('toasts').textContent).toBe('');
    expect(goToPaymentPage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Start a new group $14.99' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(sentBodies(fetchMock, 'POST', '/api/groups')).toEqual([{ dealId: GROUP.deal.id }]);
  });

  it.each([
    ['held', 'Finish paying to hold your place.'],
    ['paid', "You're in. Share the link so friends can join."],
  ] as const)('tells a member whose place is %s where they stand, without Join', async (mine, text) => {
    renderGroup(aGroup({ mine }));
    expect(await within(await screen.findByRole('region', { name: 'The group' })).findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('tells merchant accounts they cannot buy instead of offering Join', async () => {
    renderGroup(GROUP, { user: OWNER });
    expect(await screen.findByText('Merchant accounts cannot buy deals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it('reads the group again while it is open, and announces when it forms', async () => {
    expect(groupQueryOptions('g').refetchInterval).toBeTypeOf('function');
    const interval = groupQueryOptions('g').refetchInterval as (query: { state: { data: Group | undefined } }) => number | false;
    expect(interval({ state: { data: aGroup() } })).toBe(GROUP_POLL_MS);
    expect(interval({ state: { data: aGroup({ status: 'formed' }) } })).toBe(false);
    expect(interval({ state: { data: aGroup({ status: 'failed' }) } })).toBe(false);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const paid = aGroup({ mine: 'paid' });
    stubApi({
      [`GET ${GROUP_PATH}`]: () => {
        reads += 1;
        return json(reads === 1 ? paid : { ...paid, status: 'formed', seatsLeft: 0, paidCount: 3, members: [{ initials: 'AL' }, { initials: 'BO' }, { initials: 'CY' }], formedAt: new Date().toISOString() });
      },
    });
    renderScreen(<GroupPage id={GROUP.id} />, { user: CUSTOMER, path: `/group/${GROUP.id}` });
    const status = await groupStatus();
    expect(status.textContent).toBe('Waiting for 2 more');
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    await waitFor(() => expect(status.textContent).toBe('Group complete! Vouchers are in My Vouchers'));
    expect(reads).toBe(2);
    expect(screen.getByRole('link', { name: 'Go to My Vouchers' }).getAttribute('href')).toBe('/my/vouchers');
    expect(screen.queryByRole('timer')).toBeNull();
    // Formed: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS * 2));
    expect(reads).toBe(2);
  });
});

describe('The group page: the group forming', () => {
  const FORMED: Partial<Group> = { status: 'formed', seatsLeft: 0, paidCount: 3, members: [{ initials: 'AL' }, { initials: 'BO' }, { initials: 'CY' }] };

  it('celebrates with a member watching the moment the group forms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const paid = aGroup({ mine: 'paid' });
    stubApi({ [`GET ${GROUP_PATH}`]: () => json(reads++ === 0 ? paid : { ...paid, ...FORMED, formedAt: new Date().toISOString() }) });
    renderScreen(<GroupPage id={GROUP.id} />, { user: CUSTOMER, path: `/group/${GROUP.id}` });
    expect((await groupStatus()).textContent).toBe('Waiting for 2 more');
    expect(screen.queryByRole('heading', { name: 'Group formed!' })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Group formed!' });
    // The burst is decoration; the group's own status line is what is read out.
    const celebration = heading.closest('[data-celebration]')!;
    expect(celebration.getAttribute('role')).toBeNull();
    expect(celebration.querySelectorAll('[aria-hidden="true"] .celebration-piece').length).toBeGreaterThan(0);
    expect((await groupStatus()).textContent).toBe('Group complete! Vouchers are in My Vouchers');
    expect(screen.getByRole('link', { name: 'Go to My Vouchers' })).toBeTruthy();
  });

  it('does not celebrate a group that had formed before the page opened, nor for someone not in it', async () => {
    renderGroup(aGroup({ ...FORMED, mine: 'paid' }));
    expect((await groupStatus()).textContent).toBe('Group complete! Vouchers are in My Vouchers');
    expect(screen.queryByRole('heading', { name: 'Group formed!' })).toBeNull();
    cleanup();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({ [`GET ${GROUP_PATH}`]: () => json(reads++ === 0 ? GROUP : { ...GROUP, ...FORMED }) });
    renderScreen(<GroupPage id={GROUP.id} />, { user: CUSTOMER, path: `/group/${GROUP.id}` });
    expect((await groupStatus()).textContent).toBe('Waiting for 2 more');
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    await waitFor(async () => expect((await groupStatus()).textContent).toBe('Group complete!'));
    expect(screen.queryByRole('heading', { name: 'Group formed!' })).toBeNull();
  });
});

describe('The group page: sharing', () => {
  it('copies the link when the device has no share sheet, with a toast and never an alert', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderGroup(aGroup({ mine: 'paid' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/${GROUP.id}`);
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('uses the share sheet when there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true, clipboard: { writeText } });
    renderGroup(GROUP);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: 'Premium Sushi Platter for 2',
      text: 'Join my group for Premium Sushi Platter for 2: $14.99 each instead of $19.99.',
      url: `${window.location.origin}/group/${GROUP.id}`,
    });
    expect(writeText).not.toHaveBeenCalled();
  });
});

describe('The group page: a closed group', () => {
  it('tells a member of a formed group their vouchers are in My Vouchers', async () => {
    renderGroup(aGroup({ status: 'formed', mine: 'paid', seatsLeft: 0, paidCount: 3, members: [{ initials: 'AL' }, { initials: 'BO' }, { initials: 'CY' }] }));
    expect((await groupStatus()).textContent).toBe('Group complete! Vouchers are in My Vouchers');
    expect(screen.queryByText(/seats left/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Join|Start a new group|Share/ })).toBeNull();
  });

  it('offers anyone else a new group of their own', async () => {
    renderGroup(aGroup({ status: 'formed', mine: null, seatsLeft: 0, paidCount: 3 }));
    expect((await groupStatus()).textContent).toContain('Group complete!');
    expect(screen.getByRole('button', { name: 'Start a new group $14.99' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
  });

  it.each([
    ['refunding', 'Your payment is being refunded.'],
    ['refunded', 'Your payment has been refunded.'],
  ] as const)('says a group that did not fill is refunded, and where a %s member stands', async (mine, text) => {
    renderGroup(aGroup({ status: 'failed', mine }));
    expect((await groupStatus()).textContent).toBe('This group did not fill in time. Everyone who paid is refunded.');
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a new group $14.99' })).toBeTruthy();
  });

  it('says so when there is no such group', async () => {
    stubApi({ 'GET /api/groups/nope': () => json({ message: 'Group not found' }, 404) });
    renderScreen(<GroupPage id="nope" />, { user: null, path: '/group/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Group Not Found' })).toBeTruthy();
  });
});

describe('The group page: what the customer may still buy', () => {
  const allowance = (bought: number, held = 0) => ({ dealId: GROUP.deal.id, limit: 4, bought, held, remaining: Math.max(0, 4 - bought - held) });
  const allowanceRoute = (answer: ReturnType<typeof allowance>) => ({ [`GET /api/deals/${GROUP.deal.id}/allowance`]: () => json(answer) });
  const described = (element: HTMLElement) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | ');

  it('at the limit: Join is disabled, and the reason beside it says why', async () => {
    renderGroup(GROUP, { routes: allowanceRoute(allowance(4)) });
    const reason = await within(await screen.findByRole('region', { name: 'The group' })).findByText('You have bought the most one customer may (4)');
    const join = screen.getByRole('button', { name: 'Join for $14.99' }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(described(join)).toBe(reason.textContent);
  });

  it('at the limit: Start a new group is disabled too, where this group cannot take them', async () => {
    renderGroup(aGroup({ status: 'formed', mine: null, seatsLeft: 0, paidCount: 3 }), { routes: allowanceRoute(allowance(2, 2)) });
    const start = (await screen.findByRole('button', { name: 'Start a new group $14.99' })) as HTMLButtonElement;
    await waitFor(() => expect(start.disabled).toBe(true));
    expect(described(start)).toContain('You have bought the most one customer may (4) Including 2 held for checkouts not paid yet.');
  });

  it('one short: says "You can buy 1 more" and leaves Join on', async () => {
    renderGroup(GROUP, { routes: allowanceRoute(allowance(3)) });
    expect(await screen.findByText('You can buy 1 more')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Join for $14.99' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks nothing for a guest', async () => {
    const { fetchMock } = renderGroup(GROUP, { user: null });
    expect(((await screen.findByRole('button', { name: 'Join for $14.99' })) as HTMLButtonElement).disabled).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/allowance'))).toBe(false);
  });

  it('asks nothing for a member waiting with the group, who has nothing to buy here', async () => {
    const { fetchMock } = renderGroup(aGroup({ mine: 'paid' }), { routes: allowanceRoute(allowance(4)) });
    expect((await groupStatus()).textContent).toBe('Waiting for 2 more');
    expect(screen.queryByText(/You have bought the most/)).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/allowance'))).toBe(false);
  });
});
