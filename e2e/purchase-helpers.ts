// Shared steps of the purchase journeys (cart, checkout, payment result, My Vouchers).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { checkoutEndpoints } from '../contract/checkout';

/** A card expiry comfortably in the future, as MM/YY. */
export const CARD_EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

/** The header's Cart link; its name carries the count (', 3 items'). */
export const cartLink = (page: Page): Locator => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

/**
 * The toast on screen with this title. Radix renders each toast as a plain list item in the Notifications region
 * (and announces it through a live region of its own), so the item is found by its element; while a modal dialog is
 * open the region is aria-hidden, hence includeHidden.
 */
export function purchaseToast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true }).locator('li').filter({ hasText: title });
}

export async function expectPurchaseToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = purchaseToast(page, title);
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
}

/** Buys through the API what the cart and the payment page would: the checkout (checkoutEndpoints.checkout), then the test card. */
export async function buyThroughApi(
  request: APIRequestContext,
  sessionId: string,
  items: Array<{ dealId: string; quantity: number }>,
): Promise<void> {
  const headers = { authorization: `Bearer ${sessionId}` };
  const started = await request.post(pathOf(checkoutEndpoints.checkout), { headers, data: { items } });
  expect(started.ok(), await started.text()).toBe(true);
  const session = new URL(((await started.json()) as { url: string }).url).searchParams.get('session_id') ?? '';
  const paid = await request.post(pathOf(checkoutEndpoints.testPay, { id: session }), {
    headers,
    data: { cardNumber: '4242424242424242', expiry: CARD_EXPIRY, cvc: '123', cardholderName: 'Journey Buyer' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}
