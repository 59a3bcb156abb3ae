// Journey: a customer's limit up front (docs/product/rules.md#per-customer-limits). The spa day allows two per customer
// and is sold to groups too. A customer who owns two opens its page and reads why they cannot buy more, beside Buy alone,
// Add to Cart, Start a group and Join, all disabled and described by that reason (in Chinese too); a customer who owns
// one reads "You can buy 1 more" and cannot pick more than one; once they have bought it and come back, the page says
// they are at the limit.
import type { Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { SPEC_DEALS } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { buyThroughApi, CARD_EXPIRY } from './purchase-helpers';
import { paths } from '../contract/routes';

const SPA = SPEC_DEALS[1];
const AT_LIMIT = 'You have bought the most one customer may (2)';

async function openSpa(page: Page, dealId: string) {
  await page.goto(paths.deal(dealId));
  await expect(page.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
}

test.describe('limits up front on the deal page', () => {
  test('a customer at the limit sees every buying button disabled, with the reason beside them', async ({ page, request }) => {
    const { sessionId } = await signInAsNewCustomer(page);
    const dealId = await dealIdByTitle(request, SPA.title);
    await buyThroughApi(request, sessionId, [{ dealId, quantity: 2 }]);

    await openSpa(page, dealId);
    const purchase = page.getByRole('region', { name: 'Purchase' });
    await expect(purchase.getByText(AT_LIMIT)).toBeVisible();
    await expect(purchase.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
    const buttons = [
      purchase.getByRole('button', { name: `Buy alone ${SPA.price}` }),
      purchase.getByRole('button', { name: 'Add to Cart', exact: true }),
      purchase.getByRole('button', { name: /^Start a group/ }),
      purchase.getByRole('button', { name: 'Join' }).first(),
    ];
    for (const button of buttons) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(new RegExp(`^${AT_LIMIT.replace(/[()]/g, '\\$&')}`));
    }
    await expectAccessible(page, '/deal (at the limit)');
  });

  test('the reason reads in Chinese for a reader who chose it', async ({ page, request }) => {
    await page.addInitScript(() => window.localStorage.setItem('lang', 'zh-CN'));
    const { sessionId } = await signInAsNewCustomer(page);
    const dealId = await dealIdByTitle(request, SPA.title);
    await buyThroughApi(request, sessionId, [{ dealId, quantity: 2 }]);

    await openSpa(page, dealId);
    const reason = page.getByText('您已达到每位顾客的购买上限（2 份）');
    await expect(reason).toBeVisible();
    await expect(page.getByRole('button', { name: /^单独购买/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^单独购买/ })).toHaveAccessibleDescription('您已达到每位顾客的购买上限（2 份）');
  });

  test('a customer one short sees "1 more" and a quantity held at 1, then the limit once they have bought it', async ({ page, request }) => {
    const { sessionId } = await signInAsNewCustomer(page);
    const dealId = await dealIdByTitle(request, SPA.title);
    await buyThroughApi(request, sessionId, [{ dealId, quantity: 1 }]);

    await openSpa(page, dealId);
    const purchase = page.getByRole('region', { name: 'Purchase' });
    const quantity = purchase.getByRole('spinbutton', { name: 'Quantity' });
    await expect(quantity).toHaveAccessibleDescription('You can buy 1 more');
    await expect(quantity).toHaveAttribute('max', '1');
    await expect(purchase.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await quantity.fill('2');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');

    // Buying the last one: back on the deal page, what they may buy is read again and the limit is reached.
    const buy = purchase.getByRole('button', { name: `Buy alone ${SPA.price}` });
    await expect(buy).toBeEnabled();
    await buy.click();
    await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
    await page.getByLabel('Card Number').fill('4242424242424242');
    await page.getByLabel('Expiry Date (MM/YY)').fill(CARD_EXPIRY.replace('/', ''));
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Cardholder Name').fill('Journey Buyer');
    await page.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(page).toHaveURL(/\/success\?session_id=/, { timeout: 15_000 });
    // Back through the payment page to the deal, as the browser's Back button goes (the page may come back as it was left).
    for (let step = 0; step < 3 && !new URL(page.url()).pathname.startsWith('/deal/'); step++) await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Purchase' }).getByText(AT_LIMIT)).toBeVisible();
    await expect(page.getByRole('button', { name: `Buy alone ${SPA.price}` })).toBeDisabled();
  });
});
