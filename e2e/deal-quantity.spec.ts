// Journey: on the deal page a customer picks a quantity of 2 and Buy Now reaches the payment page for two units. On a
// phone the price, Add to Cart and Buy Now sit in a bar at the bottom that stays in view while scrolling down to the
// reviews, and the page leaves room for it so nothing ends up under it.
import type { Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { dealCard, scrollsHorizontally, SPEC_DEALS } from './catalog';
import { test, expect, expectAccessible } from './fixtures';

/** A phone of 390 x 844. */
const PHONE = { width: 390, height: 844 };
/** A demo deal sold to single buyers only (no group price), up to two per customer. */
const DINING = SPEC_DEALS[2];
const TWO_UNITS = '$119.98';

async function openDining(page: Page) {
  await page.goto('/');
  await dealCard(page, DINING.title).getByRole('link', { name: DINING.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: DINING.title })).toBeVisible();
}

async function pickTwoAndBuy(page: Page) {
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('2');
  await page.getByRole('button', { name: `Buy Now - ${TWO_UNITS}` }).click();
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
  const details = page.getByRole('region', { name: 'Order Details' });
  await expect(details.getByRole('listitem')).toContainText(`2 × ${DINING.price}`);
}

test.describe('quantity on the deal page (desktop)', () => {
  test('quantity 2 then Buy Now reaches the payment page for two units; no bar on a wide screen', async ({ page }) => {
    await signInAsNewCustomer(page);
    await openDining(page);
    await expect(page.getByRole('region', { name: 'Buy this deal' })).toHaveCount(0);
    await expectAccessible(page, '/deal (quantity, desktop)');
    await pickTwoAndBuy(page);
  });
});

test.describe('the buy bar at phone width', () => {
  test.use({ viewport: PHONE });

  test('stays in view after scrolling to the reviews, then quantity 2 and Buy Now reach the payment page', async ({ page }) => {
    await signInAsNewCustomer(page);
    await openDining(page);
    const bar = page.getByRole('region', { name: 'Buy this deal' });
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('button', { name: `Buy Now - ${DINING.price}` })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Add to Cart', exact: true })).toBeVisible();
    // Every button on the bar is a comfortable tap.
    for (const button of await bar.getByRole('button').all()) expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    const reviews = page.getByRole('region', { name: 'Reviews', exact: true });
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews).toBeInViewport();
    await expect(bar).toBeInViewport();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    expect(barTop + ((await bar.boundingBox())?.height ?? 0)).toBeLessThanOrEqual(PHONE.height + 1);

    // At the very bottom the footer clears the bar: the page leaves room for it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await expect.poll(async () => ((await footer.boundingBox())?.y ?? 0) + ((await footer.boundingBox())?.height ?? 0)).toBeLessThanOrEqual(barTop + 1);
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page, '/deal (buy bar, phone)');

    // The picker lives in the purchase box; the bar follows it.
    await page.getByRole('spinbutton', { name: 'Quantity' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(bar.getByText('× 2')).toBeVisible();
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await pickTwoAndBuy(page);
  });
});
