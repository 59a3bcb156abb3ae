// Journey: a declined card (4000 0000 0000 0002) shows the failure and issues no voucher; leaving the checkout
// releases it, and its result page says the payment was not completed.
import { signInAsNewCustomer } from './accounts';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { CARD_EXPIRY, expectPurchaseToast } from './purchase-helpers';
import { checkoutEndpoints } from '../contract/checkout';
import { pathPattern } from './api-paths';


// The provider answers 402 for the declined card; Chromium logs that answer as a console error.
test.use({ allowedConsoleErrors: [failedRequest(402, pathPattern(checkoutEndpoints.testPay))] });

for (const viewport of [null, PHONE_VIEWPORT]) {
  const width = viewport ? 'phone' : 'desktop';

  test.describe(`a declined card (${width})`, () => {
    if (viewport) test.use({ viewport });

    test('shows the failure and issues no voucher', async ({ page }) => {
      // The 2 s payment step and five screens with an axe check each.
      await signInAsNewCustomer(page);
      await page.goto('/');
      await dealCard(page, SUSHI.title).getByRole('button', { name: `Add to Cart: ${SUSHI.title}` }).click();
      await page.goto('/cart');
      await page.getByRole('button', { name: 'Checkout Now' }).click();
      await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
      const sessionId = new URL(page.url()).searchParams.get('session_id') ?? '';

      await page.getByLabel('Card Number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry Date (MM/YY)').fill(CARD_EXPIRY);
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Cardholder Name').fill('Declined Shopper');
      await page.getByRole('button', { name: 'Confirm Payment' }).click();
      await expect(page.getByRole('button', { name: 'Processing…' })).toBeDisabled();

      await expectPurchaseToast(page, '支付失败', 'Your card was declined.');
      await expect(page).toHaveURL(/\/checkout\?session_id=/);
      await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeEnabled();
      // The card details stay, so another card can be tried.
      await expect(page.getByLabel('Cardholder Name')).toHaveValue('Declined Shopper');
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, `/checkout declined (${width})`);

      // Nothing was bought: the cart still holds the deal.
      await page.getByRole('button', { name: 'Back to Cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('link', { name: SUSHI.title })).toBeVisible();

      await page.goto('/my/vouchers');
      await expect(page.getByRole('heading', { name: 'No vouchers found' })).toBeVisible();
      await expectAccessible(page, `/my/vouchers empty (${width})`);

      // Back released the checkout; its result page says so, and its payment page too.
      await page.goto(`/success?session_id=${encodeURIComponent(sessionId)}`);
      await expect(page.getByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
      await expect(page.getByText(/cancelled before payment/)).toBeVisible();
      await expectAccessible(page, `/success not completed (${width})`);

      await page.goto(`/checkout?session_id=${encodeURIComponent(sessionId)}`);
      await expect(page.getByRole('heading', { name: 'This checkout has expired' })).toBeVisible();
      await expectAccessible(page, `/checkout expired (${width})`);
    });
  });
}
