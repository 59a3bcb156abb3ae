// Journey: the payment result page's other views: no session_id goes home; a pending payment shows
// 'Processing Payment...' and turns into the vouchers by itself; a failed read, and a paid order without
// vouchers, say so. The API's answers are shaped here to reach each view.
import type { Page, Route } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { checkoutEndpoints } from '../contract/checkout';
import { pathPattern } from './api-paths';

const SESSION = 'cs_test_journey_states';
const STATUS_URL = `**${pathOf(checkoutEndpoints.paymentStatus, { sessionId: SESSION })}`;

function answer(status: 'pending' | 'paid', withVoucher: boolean) {
  const order = {
    id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    status: status === 'paid' ? 'paid' : 'pending',
    totalCents: 1999,
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    items: [{ dealId: 'd-1', title: 'Premium Sushi Platter for 2', quantity: 1, unitPriceCents: 1999, imageUrl: '/images/deals/sushi-platter.svg' }],
  };
  const voucher = {
    id: 'v-1',
    orderId: order.id,
    dealId: 'd-1',
    voucherCode: 'ABCD2345',
    voucherPin: '123456',
    // A 1x1 PNG stands in for the QR image.
    qrCodeUrl: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
    status: 'active',
    redeemed: false,
    redeemedAt: null,
    redeemedBy: null,
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    expired: false,
    createdAt: new Date().toISOString(),
    dealTitle: 'Premium Sushi Platter for 2',
    priceCents: 1999,
    originalPriceCents: 2999,
    dealDescription: '',
    dealImage: '/images/deals/sushi-platter.svg',
    redemptionInstructions: '<p>Show your code.</p>',
    termsConditions: '',
    merchantId: 'm-1',
    merchantName: 'Sakura Sushi House',
    merchantAddress: '1 Market St',
    merchantPhone: '5550100001',
    merchantHours: null,
    merchantLatitude: null,
    merchantLongitude: null,
    reviewed: false,
    refundAnytime: true,
    autoRefundOnExpiry: true,
    refund: null,
  };
  return {
    status,
    vouchers: status === 'paid' && withVoucher ? [voucher] : [],
    // The page reads the deal's id, title and price; the rest of a deal is not needed here.
    deal: withVoucher ? { id: 'd-1', title: 'Premium Sushi Platter for 2', priceCents: 1999 } : null,
    order,
    // A single purchase: no group place to wait for.
    group: null,
  };
}

async function fulfil(route: Route, body: unknown) {
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
}

async function openResult(page: Page) {
  await page.goto(`/success?session_id=${SESSION}`);
}

test.describe('payment result views', () => {
  test('without a session_id the page goes home', async ({ page }) => {
    await page.goto('/success');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();
  });

  test('a pending payment shows Processing Payment... and is polled until it is paid', async ({ page }) => {
    await signInAsNewCustomer(page);
    let reads = 0;
    await page.route(STATUS_URL, async (route) => {
      reads += 1;
      await fulfil(route, reads < 2 ? answer('pending', false) : answer('paid', true));
    });
    await openResult(page);
    await expect(page.getByRole('heading', { name: 'Processing Payment...' })).toBeVisible();
    await expectAccessible(page, '/success (pending)');
    // The next poll comes 2 s later and finds the payment done.
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('img', { name: 'QR code for voucher ABCD2345' })).toBeVisible();
    await expect(page.getByText('#0a1b2c3d')).toBeVisible();
    const pollsWhenPaid = reads;
    await page.waitForTimeout(2_500);
    expect(reads, 'no polling once paid').toBe(pollsWhenPaid);
  });

  test.describe('when the status cannot be read', () => {
    test.use({ allowedConsoleErrors: [failedRequest(500, pathPattern(checkoutEndpoints.paymentStatus, { sessionId: SESSION }))] });

    test('shows Error Loading Payment Status', async ({ page }) => {
      await signInAsNewCustomer(page);
      await page.route(STATUS_URL, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
      await openResult(page);
      await expect(page.getByRole('heading', { name: 'Error Loading Payment Status' })).toBeVisible();
      await expect(page.getByText('There was an issue retrieving your payment information.')).toBeVisible();
      await expectAccessible(page, '/success (error)');
    });
  });

  test('a paid order without a voucher shows Voucher Not Found', async ({ page }) => {
    await signInAsNewCustomer(page);
    await page.route(STATUS_URL, (route) => fulfil(route, answer('paid', false)));
    await openResult(page);
    await expect(page.getByRole('heading', { name: 'Voucher Not Found' })).toBeVisible();
    await expect(page.getByText("Your payment was successful but we couldn't generate your voucher.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All My Vouchers' })).toHaveAttribute('href', '/account/vouchers');
    await expectAccessible(page, '/success (voucher not found)');
  });
});
