// Journey: an order's life on My Orders. A customer starts a checkout with Buy Now, leaves the payment page, finds the
// order awaiting payment on My Orders with how long is left, Pay and Cancel; Pay goes back to the same payment page and
// paying there works. Another order awaiting payment is cancelled: it reads Cancelled and the deal's units are back on
// sale at once. And a refunded voucher shows no QR code or PIN, on its payment result opened again and on its page.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { SPEC_DEALS } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { CARD_EXPIRY, expectPurchaseToast } from './purchase-helpers';
import { pathOf, urlOf } from '../contract/endpoint';
import { checkoutEndpoints, voucherEndpoints } from '../contract/checkout';
import { dealEndpoints } from '../contract/deals';
import { orderEndpoints } from '../contract/orders';
import { paths } from '../contract/routes';

/** A demo deal no other journey buys, so its units left are this journey's to count (inventory 24, two per customer). */
const PIZZA = { title: 'Pizza-Making Class for 2', price: '$34.99' } as const;
const SPA = SPEC_DEALS[1];

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** The units the deal still offers, as the shoppers' deal answer says. */
async function unitsLeft(request: APIRequestContext, dealId: string): Promise<number> {
  const res = await request.get(pathOf(dealEndpoints.get, { id: dealId }));
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { remaining: number }).remaining;
}

/** Pays on the built-in provider's page with the good test card. */
async function payOnCheckoutPage(page: Page) {
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiry Date (MM/YY)').fill(CARD_EXPIRY.replace('/', ''));
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder Name').fill('Journey Shopper');
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
}

test.describe('an order’s life on My Orders', () => {
  test('an order left on the payment page is paid later from My Orders', async ({ page }) => {
    await signInAsNewCustomer(page);
    const dealId = await dealIdByTitle(page.request, PIZZA.title);
    await page.goto(paths.deal(dealId));
    await page.getByRole('button', { name: `Buy Now - ${PIZZA.price}` }).click();
    await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
    const sessionId = new URL(page.url()).searchParams.get('session_id');
    await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeVisible();

    // The customer leaves the payment page without paying or cancelling, and opens My Orders.
    await page.getByRole('banner').getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const order = page.getByRole('article').first();
    await expect(order.getByText('Awaiting payment')).toBeVisible();
    await expect(order.getByText(/^Pay within (29|30) min$/)).toBeVisible();
    await expect(order.getByText('Your units are held for you until then.')).toBeVisible();
    const number = ((await order.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/^Order #/, '');
    expect(number).toMatch(/^[0-9a-f]{8}$/);
    await expect(order.getByRole('button', { name: `Cancel order ${number}` })).toBeVisible();
    await expectAccessible(page, '/orders (awaiting payment)');

    // Pay goes back to the same payment page, and paying there works.
    await order.getByRole('button', { name: `Pay order ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?session_id=${sessionId}$`));
    await payOnCheckoutPage(page);
    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('article').getByText(/^\d{6}$/)).toBeVisible();

    await page.goto('/orders');
    const paid = page.getByRole('article', { name: `Order #${number}` });
    await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
    await expect(paid.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(paid.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  });

  test('an order awaiting payment is cancelled: it reads Cancelled and its units are back on sale at once', async ({ page }) => {
    const customer = await signInAsNewCustomer(page);
    const dealId = await dealIdByTitle(page.request, PIZZA.title);
    const before = await unitsLeft(page.request, dealId);
    const started = await page.request.post(pathOf(checkoutEndpoints.checkout), {
      headers: bearer(customer.sessionId),
      data: { items: [{ dealId, quantity: 2 }] },
    });
    expect(started.ok(), await started.text()).toBe(true);
    expect(await unitsLeft(page.request, dealId)).toBe(before - 2);

    await page.goto('/orders');
    const order = page.getByRole('article').first();
    await expect(order.getByText('Awaiting payment')).toBeVisible();
    const number = ((await order.getByRole('heading', { level: 2 }).textContent()) ?? '').replace(/^Order #/, '');
    await order.getByRole('button', { name: `Cancel order ${number}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this order?' });
    await expect(dialog.getByText(`Order ${number}: the units held for you go back on sale, and nothing is charged.`)).toBeVisible();
    await expectAccessible(page, '/orders (cancel dialog)');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expectPurchaseToast(page, 'Order cancelled');
    await expect(order.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(order.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await expect(order.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);

    // The held units are on sale again at once, not when the hold would have lapsed.
    expect(await unitsLeft(page.request, dealId)).toBe(before);
    // And the order cannot be paid any more.
    const [listed] = (await (await page.request.get(pathOf(orderEndpoints.list), { headers: bearer(customer.sessionId) })).json()) as Array<{ id: string; status: string }>;
    expect(listed!.status).toBe('cancelled');
    const orderId = listed!.id;
    const pay = await page.request.post(pathOf(orderEndpoints.pay, { id: orderId }), { headers: bearer(customer.sessionId) });
    expect(pay.status()).toBe(409);
  });
});

test.describe('a refunded voucher', () => {
  test('shows no QR code or PIN on its payment result opened again, nor on its own page', async ({ page }) => {
    const customer = await signInAsNewCustomer(page);
    const headers = bearer(customer.sessionId);
    const dealId = await dealIdByTitle(page.request, SPA.title);
    const started = await page.request.post(pathOf(checkoutEndpoints.checkout), { headers, data: { dealId } });
    expect(started.ok(), await started.text()).toBe(true);
    const session = new URL(((await started.json()) as { url: string }).url).searchParams.get('session_id') ?? '';
    const paid = await page.request.post(pathOf(checkoutEndpoints.testPay, { id: session }), {
      headers,
      data: { cardNumber: '4242424242424242', expiry: CARD_EXPIRY, cvc: '123', cardholderName: 'Journey Buyer' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const [voucher] = (await (await page.request.get(pathOf(voucherEndpoints.list), { headers })).json()) as Array<{ id: string; voucherCode: string; voucherPin: string; qrCodeUrl: string }>;

    // Before the refund, the payment result shows the code, the PIN and the QR code.
    await page.goto(`/success?session_id=${encodeURIComponent(session)}`);
    const ticket = page.getByRole('article').filter({ hasText: voucher!.voucherCode });
    await expect(ticket.getByText(voucher!.voucherPin, { exact: true })).toBeVisible();
    await expect(ticket.getByRole('img', { name: `QR code for voucher ${voucher!.voucherCode}` })).toBeVisible();

    const refunded = await page.request.post(pathOf(orderEndpoints.refund, { id: voucher!.id }), { headers });
    expect(refunded.ok(), await refunded.text()).toBe(true);

    // The payment result opened again: the state instead of the PIN and QR.
    await page.goto(`/success?session_id=${encodeURIComponent(session)}`);
    const again = page.getByRole('article').filter({ hasText: voucher!.voucherCode });
    await expect(again.getByText(/^Refunded on .+: this voucher can no longer be used\.$/)).toBeVisible();
    await expect(again.getByText(voucher!.voucherPin, { exact: true })).toHaveCount(0);
    await expect(again.getByText('PIN', { exact: true })).toHaveCount(0);
    await expect(again.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(again.getByRole('button', { name: /^Share/ })).toHaveCount(0);
    await expectAccessible(page, '/success (refunded voucher)');

    // Its own page says the same.
    await page.goto(paths.voucherPrint(voucher!.id));
    await expect(page.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
    await expect(page.getByText(/^Refunded on .+: this voucher can no longer be used\.$/)).toBeVisible();
    await expect(page.getByText(voucher!.voucherCode, { exact: true })).toBeVisible();
    await expect(page.getByText(voucher!.voucherPin, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);

    // My Vouchers: the code alone.
    await page.goto('/my/vouchers');
    const card = page.getByRole('article').filter({ hasText: voucher!.voucherCode });
    await expect(card.getByText(/^Refund(ed| pending)/).first()).toBeVisible();
    await expect(card.getByText(voucher!.voucherPin, { exact: true })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /QR/ })).toHaveCount(0);

    // The API no longer hands out the PIN, and the image is gone.
    const answer = (await (await page.request.get(urlOf(voucherEndpoints.get, { params: { id: voucher!.id } }), { headers })).json()) as { voucherPin: string | null; qrCodeUrl: string | null };
    expect(answer).toMatchObject({ voucherPin: null, qrCodeUrl: null });
    expect((await page.request.get(voucher!.qrCodeUrl, { headers })).status()).toBe(410);
  });
});
