// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { RedemptionRecord } from '../../../../contract/redemption';
import { MERCHANT_USER, renderScreen } from '../test-support';
import { RecentRedemptions } from './recent-redemptions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function record(overrides: Partial<RedemptionRecord> & { undone_at?: string | null }) {
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
    ...overrides,
  };
}

describe('RecentRedemptions', () => {
  it('shows Redeemed, Failed with its reason, and Undone for a success taken back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify([
            record({ id: 'r3', voucher_code: 'WXYZ6789' }),
            record({ id: 'r2', success: false, reason: 'Incorrect PIN (4 attempts left)', voucher_code: 'EFGH6789' }),
            record({ id: 'r1', undone_at: '2026-11-22T14:08:00.000Z' }),
          ]),
          { status: 200 },
        ),
      ),
    );
    renderScreen(<RecentRedemptions />, { user: MERCHANT_USER, path: '/merchant/redeem' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Redeemed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Incorrect PIN (4 attempts left)')).toBeTruthy();
    expect(within(rows[2]!).getByText('Undone')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Redeemed')).toBeNull();
  });
});
