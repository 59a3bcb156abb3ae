// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { PaymentStatusAnswer } from '../../../contract/checkout';
import { GROUP_POLL_MS } from '../../../contract/constants';
import { aDeal, aUser, aVoucher } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import SuccessPage from './success-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const STATUS_PATH = 'GET /api/payment-status/cs_test_group';
const DEAL = aDeal({ groupSize: 3, groupPriceCents: 1499 });

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
    group: { id: 'g1', status: 'open', size: 3, waitingFor: 2, deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(), closedAt: null },
    ...overrides,
  };
}

const renderSuccess = () => renderScreen(<SuccessPage />, { user: aUser(), path: '/success?session_id=cs_test_group' });

describe('The payment result of a place in a group', () => {
  it('says the customer is in the group and how many are still missing, with a link to the group, instead of "no vouchers"', async () => {
    stubApi({ [STATUS_PATH]: () => json(anAnswer()) });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      "You're in the group — waiting for 2 more. Your voucher arrives in My Vouchers as soon as the group is full.",
    );
    expect(screen.getByRole('link', { name: 'View your group' }).getAttribute('href')).toBe('/group/g1');
    expect(screen.queryByText('Voucher Not Found')).toBeNull();
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
