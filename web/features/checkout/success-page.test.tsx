// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentStatusAnswer } from '../../../contract/checkout';
import { GROUP_POLL_MS } from '../../../contract/constants';
import type { Group } from '../../../contract/groups';
import { successPageSlots } from '../../app/success-screen';
import { useToasts } from '../../components/ui/toast';
import { formatTimeOrDayTime } from '../../lib/date-format';
import { aDeal, aGroup, aUser, aVoucher } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import SuccessPage from './success-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const STATUS_PATH = 'GET /api/payment-status/cs_test_group';
const DEAL = aDeal({ groupSize: 3, groupPriceCents: 1499 });
const DEADLINE = new Date(Date.now() + 5 * 3_600_000).toISOString();
/** The group as its page reads it: the customer has just paid the second place of three. */
const GROUP: Group = aGroup({ id: 'g1', deal: DEAL, deadline: DEADLINE, mine: 'paid', paidCount: 2, seatsLeft: 1, members: [{ initials: 'AL' }, { initials: 'ME' }] });
const GROUP_PATH = 'GET /api/groups/g1';

function anAnswer(overrides: Partial<PaymentStatusAnswer> = {}): PaymentStatusAnswer {
  return {
    status: 'paid',
    vouchers: [],
    deal: DEAL,
    order: {
      id: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5',
      status: 'paid',
      totalCents: 1499,
      createdAt: '2026-11-22T10:00:00.000Z',
      expiresAt: '2026-11-22T10:30:00.000Z',
      items: [{ dealId: DEAL.id, title: DEAL.title, quantity: 1, unitPriceCents: 1499, imageUrl: '' }],
    },
    group: { id: 'g1', status: 'open', size: 3, waitingFor: 1, deadline: DEADLINE, closedAt: null },
    ...overrides,
  };
}

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => t.title).join(' | ')}</p>;
}

const renderSuccess = () =>
  renderScreen(
    <>
      <SuccessPage slots={successPageSlots} />
      <Toasts />
    </>,
    { user: aUser(), path: '/success?session_id=cs_test_group' },
  );

describe('The payment result of a place in a group', () => {
  it("says the customer is in, whom to invite by when and that a group that doesn't fill is refunded, never that a voucher is ready", async () => {
    stubApi({ [STATUS_PATH]: () => json(anAnswer()), [GROUP_PATH]: () => json(GROUP) });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: "You're in!" })).toBeTruthy();
    const time = formatTimeOrDayTime(new Date(DEADLINE));
    expect(screen.getByText(`Invite 1 more before ${time}. If the group doesn't fill, you're refunded automatically.`)).toBeTruthy();
    // The places as the group page shows them, and their count, announced politely as it changes.
    const members = await screen.findByRole('list', { name: 'Group members' });
    expect(within(members).getAllByRole('listitem').map((place) => place.textContent)).toEqual(['ALMember AL', 'MEMember ME', 'Open place']);
    expect(screen.getByRole('status').textContent).toBe('2 of 3 places paid');
    expect(screen.getByRole('link', { name: 'View your group' }).getAttribute('href')).toBe('/group/g1');
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/voucher/i);
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('adds the date to a deadline that is not today', async () => {
    const later = new Date(Date.now() + 2 * 24 * 3_600_000);
    const group = { ...anAnswer().group!, deadline: later.toISOString() };
    stubApi({ [STATUS_PATH]: () => json(anAnswer({ group })), [GROUP_PATH]: () => json({ ...GROUP, deadline: later.toISOString() }) });
    renderSuccess();
    const day = later.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    expect(await screen.findByText(new RegExp(`^Invite 1 more before ${day}, \\d{1,2}:\\d{2} [AP]M\\.`))).toBeTruthy();
  });

  it('shares the group with the deal title and its link, or copies the link with "Link copied"', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true, clipboard: { writeText } });
    stubApi({ [STATUS_PATH]: () => json(anAnswer()), [GROUP_PATH]: () => json(GROUP) });
    renderSuccess();
    await screen.findByRole('list', { name: 'Group members' });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: DEAL.title, url: `${window.location.origin}/group/g1` }));
    expect(writeText).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/g1`);
  });

  it('copies the link from Share when the device has no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    stubApi({ [STATUS_PATH]: () => json(anAnswer()), [GROUP_PATH]: () => json(GROUP) });
    renderSuccess();
    await screen.findByRole('list', { name: 'Group members' });
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/g1`);
  });

  it('updates the count as places are paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    const first = aGroup({ ...GROUP, paidCount: 1, seatsLeft: 2, members: [{ initials: 'ME' }] });
    stubApi({ [STATUS_PATH]: () => json(anAnswer({ group: { ...anAnswer().group!, waitingFor: 2 } })), [GROUP_PATH]: () => json(reads++ === 0 ? first : GROUP) });
    renderSuccess();
    await screen.findByRole('list', { name: 'Group members' });
    expect(screen.getByRole('status').textContent).toBe('1 of 3 places paid');
    expect(screen.getByText(/^Invite 2 more before/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 of 3 places paid'));
    expect(screen.getByText(/^Invite 1 more before/)).toBeTruthy();
  });

  it('celebrates the group forming while the page is open, then shows the vouchers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let formed = false;
    // Read open first, then formed: celebrated however long ago the answer says it closed.
    const FORMED_LONG_AGO = new Date(Date.now() - 3_600_000).toISOString();
    const formedGroup = { ...GROUP, status: 'formed' as const, paidCount: 3, seatsLeft: 0, members: [...GROUP.members, { initials: 'CY' }] };
    stubApi({
      [STATUS_PATH]: () =>
        json(
          formed
            ? anAnswer({ vouchers: [aVoucher({ id: 'v9', dealId: DEAL.id, dealTitle: DEAL.title, priceCents: 1499 })], group: { ...anAnswer().group!, status: 'formed', waitingFor: 0, closedAt: FORMED_LONG_AGO } })
            : anAnswer(),
        ),
      [GROUP_PATH]: () => json(formed ? formedGroup : GROUP),
    });
    renderSuccess();
    await screen.findByRole('list', { name: 'Group members' });
    formed = true;
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Group formed!' });
    const celebration = heading.closest('[data-celebration]')!;
    expect(celebration.getAttribute('role')).toBe('status');
    expect(celebration.textContent).toContain('Your voucher is ready.');
    expect(celebration.querySelectorAll('[aria-hidden="true"] .celebration-piece').length).toBeGreaterThan(0);
    expect(screen.getAllByText('CODEXXV9').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: "You're in!" })).toBeNull();
  });

  it('celebrates with the last member, whose payment formed the group', async () => {
    stubApi({
      [STATUS_PATH]: () =>
        json(anAnswer({ vouchers: [aVoucher({ id: 'v9', dealId: DEAL.id })], group: { ...anAnswer().group!, status: 'formed', waitingFor: 0, closedAt: new Date(Date.now() - 5_000).toISOString() } })),
    });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Group formed!' })).toBeTruthy();
  });

  it('shows a group that formed long ago plainly', async () => {
    stubApi({
      [STATUS_PATH]: () =>
        json(anAnswer({ vouchers: [aVoucher({ id: 'v9', dealId: DEAL.id })], group: { ...anAnswer().group!, status: 'formed', waitingFor: 0, closedAt: new Date(Date.now() - 3_600_000).toISOString() } })),
    });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Group formed!' })).toBeNull();
  });

  it('keeps reading while the group fills, and shows the vouchers once it has formed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    stubApi({
      [STATUS_PATH]: () => {
        reads += 1;
        return json(
          reads === 1
            ? anAnswer()
            : anAnswer({ vouchers: [aVoucher({ id: 'v9', dealId: DEAL.id, dealTitle: DEAL.title, priceCents: 1499 })], group: { ...anAnswer().group!, status: 'formed', waitingFor: 0 } }),
        );
      },
    });
    renderSuccess();
    expect(await screen.findByRole('link', { name: 'View your group' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS));
    expect(await screen.findByText('Your voucher is ready.', { exact: false })).toBeTruthy();
    expect(screen.getAllByText('CODEXXV9').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'View your group' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(GROUP_POLL_MS * 2));
    expect(reads).toBe(2);
  });

  it('says a group that did not fill was refunded', async () => {
    stubApi({
      [STATUS_PATH]: () =>
        json(anAnswer({ status: 'failed', order: { ...anAnswer().order, status: 'refunded' }, group: { ...anAnswer().group!, status: 'failed', waitingFor: 1 } })),
    });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeTruthy();
    expect(screen.getByText('This group did not fill in time, so your payment was refunded and no voucher was issued.')).toBeTruthy();
  });

  it('still reports an ordinary paid order without vouchers as a problem', async () => {
    stubApi({ [STATUS_PATH]: () => json(anAnswer({ group: null })) });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Voucher Not Found' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'View your group' })).toBeNull());
  });
});
