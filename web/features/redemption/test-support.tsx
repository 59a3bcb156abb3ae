// Rendering the redemption screens in tests: a query cache that already knows who is signed in, an in-memory address,
// and a counter's server stubbed.
import { vi } from 'vitest';
import type { CurrentUser } from '../../../contract/auth';
import type { RedemptionRecord } from '../../../contract/redemption';

export { renderScreen } from '../../test/screens';

export const MERCHANT_USER: CurrentUser = {
  id: 'u-merchant',
  phone: '5550100001',
  phoneVerified: true,
  email: null,
  pendingEmail: null,
  role: 'merchant',
  merchantId: 'm-sakura',
  merchantRole: 'owner',
  hasPassword: true,
  mustChangePassword: false,
};

export const STAFF_USER: CurrentUser = { ...MERCHANT_USER, id: 'u-staff', phone: '5550100002', merchantRole: 'staff' };

export const CUSTOMER_USER: CurrentUser = { ...MERCHANT_USER, id: 'u-customer', role: 'customer', merchantId: null, merchantRole: null };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const PREVIEW = { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', priceCents: 1999, phoneMasked: '•••• 4567', validUntil: null };

/** A counter's server: the check, the redemption, and the log, which holds the success once it happened. */
export function stubCounter() {
  const log: RedemptionRecord[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === '/api/merchant/redemptions/preview') return json(PREVIEW);
    if (url === '/api/redeem') {
      const redeemedAt = new Date().toISOString();
      log.unshift({
        id: 'r1',
        voucher_code: 'ABCD2345',
        voucher_pin: null,
        deal_title: PREVIEW.dealTitle,
        user_email: null,
        merchant_name: 'Sakura Sushi House',
        price_cents: 1999,
        success: true,
        reason: null,
        created_at: redeemedAt,
        undone_at: null,
        voucher_id: 'v-1',
      });
      return json({ ok: true, reason: null, voucher: { voucherId: 'v-1', voucherCode: 'ABCD2345', dealTitle: PREVIEW.dealTitle, priceCents: 1999, redeemedAt } });
    }
    if (url.startsWith('/api/merchant/redemptions?')) return json(log);
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
