// Journey: a new customer fills the cart with two demo deals (one twice), checks out, pays with the test card on the
// built-in provider's /checkout page, gets three vouchers on /success, finds the cart empty and the vouchers under
// My Vouchers, and downloads one as JSON. Run at desktop and at phone width, with an axe check on every screen.
import type { Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { test, expect, expectAccessible } from './fixtures';
import { CARD_EXPIRY, cartLink, expectPurchaseToast } from './purchase-helpers';

const SPA = SPEC_DEALS[1];


async function addFromHome(page: Page, title: string) {
  await dealCard(page, title).getByRole('button', { name: `Add to Cart: ${title}` }).click();
  await expectPurchaseToast(page, 'Added to Cart', title);
}

async function checkFits(page: Page, where: string) {
  expect(await scrollsHorizontally(page), `${where} scrolls sideways`).toBe(false);
}

for (const viewport of [null, PHONE_VIEWPORT]) {
  const width = viewport ? 'phone' : 'desktop';

  test.describe(`buying from the cart (${width})`, () => {
    if (viewport) test.use({ viewport });
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('two deals, one twice: cart, checkout, payment, three vouchers, an empty cart and My Vouchers', async ({ page }) => {
      test.setTimeout(120_000);
      await signInAsNewCustomer(page);

      await page.goto('/');
      await addFromHome(page, SUSHI.title);
      await addFromHome(page, SPA.title);
      await expect(cartLink(page)).toHaveAccessibleName(/2 items/);

      // The cart: both deals with their prices, then a second sushi platter through the + button.
      await cartLink(page).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
      const sushiLine = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SUSHI.title }) });
      const spaLine = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SPA.title }) });
      await expect(sushiLine.getByText(SUSHI.price, { exact: true })).toBeVisible();
      await expect(sushiLine.getByText(SUSHI.original, { exact: true })).toBeVisible();
      await expect(spaLine.getByText(SPA.price, { exact: true })).toBeVisible();
      await sushiLine.getByRole('button', { name: `Increase quantity of ${SUSHI.title}` }).click();
      await expect(sushiLine.getByRole('status', { name: 'Quantity: 2' })).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName(/3 items/);
      // The spa day allows two per customer: after the second, + is disabled with a hint.
      await spaLine.getByRole('button', { name: `Increase quantity of ${SPA.title}` }).click();
      await expect(spaLine.getByText('Limit 2 per customer reached')).toBeVisible();
      await expect(spaLine.getByRole('button', { name: `Increase quantity of ${SPA.title}` })).toBeDisabled();
      await spaLine.getByRole('button', { name: `Decrease quantity of ${SPA.title}` }).click();
      await expect(spaLine.getByRole('status', { name: 'Quantity: 1' })).toBeVisible();

      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText('Items (3 units)');
      await expect(summary).toContainText('$79.97');
      await checkFits(page, '/cart');
      await expectAccessible(page, `/cart (${width})`);

      // Checkout Now leaves for the provider's page: /checkout?session_id=...
      await summary.getByRole('button', { name: 'Checkout Now' }).click();
      await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
      const details = page.getByRole('region', { name: 'Order Details' });
      await expect(details.getByRole('listitem').filter({ hasText: SUSHI.title })).toContainText(`2 × ${SUSHI.price}`);
      await expect(details.getByRole('listitem').filter({ hasText: SPA.title })).toContainText(`1 × ${SPA.price}`);
      await expect(details).toContainText('$79.97');
      await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
      await checkFits(page, '/checkout');
      await expectAccessible(page, `/checkout (${width})`);

      // All four card fields are needed.
      await page.getByRole('button', { name: 'Confirm Payment' }).click();
      await expectPurchaseToast(page, '请填写完整的支付信息');
      await expect(page.getByLabel('Card Number')).toBeFocused();

      await page.getByLabel('Card Number').fill('4242424242424242');
      await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
      await page.getByLabel('Expiry Date (MM/YY)').fill(CARD_EXPIRY.replace('/', ''));
      await expect(page.getByLabel('Expiry Date (MM/YY)')).toHaveValue(CARD_EXPIRY);
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Cardholder Name').fill('Journey Shopper');
      await page.getByRole('button', { name: 'Confirm Payment' }).click();
      await expect(page.getByRole('button', { name: 'Processing…' })).toBeDisabled();

      // The success page: three vouchers, each with a code, a PIN and a QR image.
      await expect(page).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 10_000 });
      await expectPurchaseToast(page, '支付成功');
      await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
      const tickets = page.getByRole('article');
      await expect(tickets).toHaveCount(3);
      await expect(tickets.filter({ hasText: SUSHI.title })).toHaveCount(2);
      await expect(tickets.filter({ hasText: SPA.title })).toHaveCount(1);
      const codes: string[] = [];
      for (const ticket of await tickets.all()) {
        const code = ((await ticket.getByRole('button', { name: /^Copy code / }).getAttribute('aria-label')) ?? '').replace('Copy code ', '');
        expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
        codes.push(code);
        await expect(ticket.getByText(/^\d{6}$/)).toBeVisible();
        await expect(ticket.getByRole('img', { name: `QR code for voucher ${code}` })).toBeVisible();
        await expect(ticket.getByText('Voucher valid for 30 days')).toBeVisible();
      }
      expect(new Set(codes).size).toBe(3);
      await expect(page.getByText(/^#[0-9a-f]{8}$/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'How to Use Your Voucher' })).toBeVisible();
      await checkFits(page, '/success');
      await expectAccessible(page, `/success (${width})`);

      // Each ticket links to its printable page; Share copies the details with a toast (headless Chromium has no share sheet).
      const firstCode = codes[0] ?? '';
      await expect(tickets.first().getByRole('link', { name: `Print voucher ${firstCode}` })).toHaveAttribute('href', /^\/my\/vouchers\/[0-9a-f-]{36}\/print$/);
      await tickets.first().getByRole('button', { name: /^Share/ }).click();
      await expectPurchaseToast(page, 'Voucher details copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`Voucher code: ${firstCode}`);

      // The cart no longer holds what was bought.
      await expect(cartLink(page)).toHaveAccessibleName(/0 items/);

      // View All My Vouchers: the three, all valid, none redeemed.
      await page.getByRole('link', { name: 'View All My Vouchers' }).click();
      await expect(page).toHaveURL(/\/account\/vouchers$/);
      const filters = page.getByRole('group', { name: 'Filter vouchers' });
      await expect(filters.getByRole('button', { name: 'All 3' })).toHaveAttribute('aria-pressed', 'true');
      await expect(filters.getByRole('button', { name: 'Valid 3' })).toBeVisible();
      await expect(filters.getByRole('button', { name: 'Redeemed 0' })).toBeVisible();
      for (const code of codes) await expect(page.getByText(code, { exact: true })).toBeVisible();
      await checkFits(page, '/account/vouchers');
      await expectAccessible(page, `/account/vouchers (${width})`);

      await filters.getByRole('button', { name: 'Redeemed 0' }).click();
      await expect(page.getByRole('heading', { name: 'No vouchers found' })).toBeVisible();
      await filters.getByRole('button', { name: 'Valid 3' }).click();
      await expect(page.getByRole('article')).toHaveCount(3);

      await cartLink(page).click();
      await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
      await checkFits(page, '/cart (empty)');
      await expectAccessible(page, `/cart empty (${width})`);
    });
  });
}
