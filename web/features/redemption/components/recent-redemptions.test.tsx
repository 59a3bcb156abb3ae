// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REDEMPTION_UNDO_MINUTES } from '../../../../contract/constants';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { STAFF_USER, MERCHANT_USER, renderScreen } from '../test-support';
import { undoTimeLeft } from '../undo-time';
import { RecentRedemptions } from './recent-redemptions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function record(overrides: Partial<RedemptionRecord>): RedemptionRecord {
  return {
    id: 'r1',
    voucher_code: 'ABCD2345',
    voucher_pin: null,
    deal_title: 'Premium Sushi Platter for 2',
    user_email: null,
    merchant_name: 'Sakura Sushi House',
    price_cents: 1999,
    success: true,
    reason: null,
    created_at: '2026-11-22T14:05:00.000Z',
    undone_at: null,
    voucher_id: 'v-1',
    ...overrides,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** The list answers `pages` in turn (the last one from then on); the undo answers `undo`. */
function stubList(pages: RedemptionRecord[][], undo: () => Response = () => json({})) {
  let reads = 0;
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/merchant/redemptions?')) return json(pages[Math.min(reads++, pages.length - 1)]);
    if (url.endsWith('/undo')) return undo();
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('RecentRedemptions', () => {
  it('asks for the last ten attempts and shows Redeemed, Failed with its reason, and Undone for a success taken back', async () => {
    const fetchMock = stubList([
      [
        record({ id: 'r3', voucher_code: 'WXYZ6789' }),
        record({ id: 'r2', success: false, reason: 'Incorrect PIN (4 attempts left)', voucher_code: 'EFGH6789', voucher_id: null }),
        record({ id: 'r1', undone_at: '2026-11-22T14:08:00.000Z' }),
      ],
    ]);
    renderScreen(<RecentRedemptions />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    const rows = await screen.findAllByRole('listitem');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/merchant/redemptions?limit=10');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Redeemed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Incorrect PIN (4 attempts left)')).toBeTruthy();
    expect(within(rows[2]!).getByText('Undone')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Redeemed')).toBeNull();
  });

  it("writes each attempt's time in the merchant's time zone and names the zone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = String(input);
        if (url === '/api/merchant/clock') return json({ timeZone: 'America/Los_Angeles', now: '2026-11-22T20:00:00.000Z' });
        if (url.startsWith('/api/merchant/redemptions?')) return json([record({ created_at: '2026-11-22T06:05:00.000Z' })]);
        return json({ message: 'Not found' }, 404);
      }),
    );
    renderScreen(<RecentRedemptions />, { user: STAFF_USER, path: '/merchant/redeem' });
    // 06:05 UTC on Nov 22 is 22:05 on Nov 21 in Los Angeles.
    expect(await screen.findByText('Nov 21, 2026 22:05')).toBeTruthy();
    expect(screen.getByText(/Times in Pacific Time \(America\/Los_Angeles\)\./)).toBeTruthy();
  });

  it(`offers Undo only on successes younger than ${REDEMPTION_UNDO_MINUTES} minutes that still stand`, async () => {
    stubList([
      [
        record({ id: 'fresh', voucher_code: 'FRSH2345', created_at: minutesAgo(1) }),
        record({ id: 'old', voucher_code: 'OLDD2345', created_at: minutesAgo(REDEMPTION_UNDO_MINUTES + 1) }),
        record({ id: 'failed', voucher_code: 'FAIL2345', created_at: minutesAgo(1), success: false, reason: 'Voucher not found', voucher_id: null }),
        record({ id: 'undone', voucher_code: 'UNDN2345', created_at: minutesAgo(2), undone_at: minutesAgo(1) }),
      ],
    ]);
    renderScreen(<RecentRedemptions />, { user: STAFF_USER, path: '/merchant/redeem' });
    expect(await screen.findByRole('button', { name: 'Undo FRSH2345' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Undo/ })).toHaveLength(1);
  });

  it('undoes from the list, says so, and shows the row as Undone once read again', async () => {
    const redeemedAt = minutesAgo(1);
    const fetchMock = stubList(
      [[record({ created_at: redeemedAt })], [record({ created_at: redeemedAt, undone_at: new Date().toISOString() })]],
      () => json({ voucherId: 'v-1', voucherCode: 'ABCD2345', status: 'active', undoneAt: new Date().toISOString() }),
    );
    renderScreen(<RecentRedemptions />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo ABCD2345' }));
    expect(await screen.findByText('Redemption undone: the voucher is active again')).toBeTruthy();
    expect(await screen.findByText('Undone')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    const undo = fetchMock.mock.calls.find(([url]) => String(url) === '/api/merchant/redemptions/v-1/undo');
    expect(undo?.[1]?.method).toBe('POST');
  });

  it("shows the server's refusal of an undo", async () => {
    stubList([[record({ created_at: minutesAgo(1) })]], () => json({ message: 'The time to undo this redemption has passed' }, 409));
    renderScreen(<RecentRedemptions />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo ABCD2345' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The time to undo this redemption has passed');
  });

  it('takes the Undo away when its time is up', async () => {
    stubList([[record({ created_at: new Date(Date.now() - REDEMPTION_UNDO_MINUTES * 60_000 + 300).toISOString() })]]);
    renderScreen(<RecentRedemptions />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    expect(await screen.findByRole('button', { name: 'Undo ABCD2345' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo ABCD2345' })).toBeNull());
  });
});

describe('undoTimeLeft', () => {
  it('counts the undo time from the redemption', () => {
    const at = '2026-11-22T10:00:00.000Z';
    const start = Date.parse(at);
    expect(undoTimeLeft(at, start)).toBe(REDEMPTION_UNDO_MINUTES * 60_000);
    expect(undoTimeLeft(at, start + REDEMPTION_UNDO_MINUTES * 60_000 - 1)).toBe(1);
    expect(undoTimeLeft(at, start + REDEMPTION_UNDO_MINUTES * 60_000)).toBe(0);
    expect(undoTimeLeft('not a date', start)).toBe(REDEMPTION_UNDO_MINUTES * 60_000);
  });
});
