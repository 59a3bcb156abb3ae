// Journey: Buy Now on the deal page goes straight to the payment page for one unit; a guest gets the login dialog
// instead (and comes back to the deal after logging in); guests are asked to log in before using the cart, and a
// checkout the server refuses shows its reason. The sushi platter is also sold to groups, so its Buy Now reads
// "Buy alone $19.99".
import type { Page } from '@playwright/test';
import { DEMO_CUSTOMER, signInAsNewCustomer } from './accounts';
import { loginDialog, passwordInput } from './auth-screens';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { buyThroughApi, expectPurchaseToast } from './purchase-helpers';
import { checkoutEndpoints } from '../contract/checkout';
import { dealEndpoints } from '../contract/deals';
import { pathPattern } from './api-paths';

const SPA = SPEC_DEALS[1];

async function openSushi(page: Page) {
  await page.goto('/');
  await dealCard(page, SUSHI.title).getByRole('link', { name: SUSHI.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
}

test.describe('Buy Now', () => {
  test('takes a customer from the deal page straight to the payment page for one unit', async ({ page }) => {
    await signInAsNewCustomer(page);
    await openSushi(page);
    await page.getByRole('button', { name: `Buy alone ${SUSHI.price}` }).click();

    await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details.getByRole('listitem')).toHaveCount(1);
    await expect(details.getByRole('listitem')).toContainText(`1 × ${SUSHI.price}`);
    await expect(page.getByRole('button', { name: 'Confirm Payment' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Credit / Debit Card' })).toBeChecked();

    // Back releases the held unit and returns to the cart.
    await page.getByRole('button', { name: 'Back to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('opens the login dialog for a guest, who returns to the deal after logging in', async ({ page }) => {
    await openSushi(page);
    const dealUrl = page.url();
    await page.getByRole('button', { name: `Buy alone ${SUSHI.price}` }).click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(dealUrl);
    await expectAccessible(page, '/deal (login dialog)');

    await dialog.getByLabel('Phone Number').fill(DEMO_CUSTOMER.phone);
    await passwordInput(dialog).fill(DEMO_CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(dealUrl);
    await expect(page.getByRole('button', { name: `Buy alone ${SUSHI.price}` })).toBeEnabled();
  });

  test('asks a guest to log in before adding to the cart, and the cart says so too', async ({ page }) => {
    await page.goto('/');
    await dealCard(page, SUSHI.title).getByRole('button', { name: `Add to Cart: ${SUSHI.title}` }).click();
    await expectPurchaseToast(page, 'Please Login First', 'Please login to add items to cart');

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
    await expectAccessible(page, '/cart (guest)');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await expect(loginDialog(page)).toBeVisible();
  });

  test.describe('when the server refuses the checkout', () => {
    test.use({ allowedConsoleErrors: [failedRequest(409, pathPattern(checkoutEndpoints.checkout))] });

    test("shows Checkout Error with the server's reason", async ({ page, request }) => {
      // The spa day allows two per customer across all orders. The cart is opened first; the customer then buys two
      // elsewhere (another tab, another device), so the cart's line looks fine until checkout refuses it.
      const { sessionId } = await signInAsNewCustomer(page);
      await page.goto('/');
      await dealCard(page, SPA.title).getByRole('button', { name: `Add to Cart: ${SPA.title}` }).click();
      const allowanceRead = page.waitForResponse((response) => new RegExp(`${pathPattern(dealEndpoints.allowance)}$`).test(new URL(response.url()).pathname));
      await page.goto('/cart');
      await allowanceRead;
      const checkout = page.getByRole('button', { name: 'Checkout Now' });
      await expect(checkout).toBeEnabled();
      await buyThroughApi(request, sessionId, [{ dealId: await dealIdByTitle(request, SPA.title), quantity: 2 }]);

      await checkout.click();
      await expectPurchaseToast(page, 'Checkout Error', `You can buy at most 2 of "${SPA.title}"`);
      await expect(page).toHaveURL(/\/cart$/);
      // The cart reads what the customer may still buy again: the line says why, and Checkout Now waits for it to go.
      const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SPA.title }) });
      await expect(line.getByText('You have bought the most one customer may (2)')).toBeVisible();
      await expect(checkout).toBeDisabled();
    });
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the guest cart and the deal page fit and stay accessible', async ({ page }) => {
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, '/cart (guest, phone)');

      await signInAsNewCustomer(page);
      await openSushi(page);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectPurchaseToast(page, 'Added to Cart', SUSHI.title);
      await page.getByRole('button', { name: `Buy alone ${SUSHI.price}` }).click();
      await expect(page).toHaveURL(/\/checkout\?session_id=/);
      await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(SUSHI.title);
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, '/checkout (phone)');
    });
  });
});
