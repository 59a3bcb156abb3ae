// Journey: a guest pressing Add to Cart, on a deal card or on the deal page, gets the login dialog and stays where they were.
import { loginDialog } from './auth-screens';
import { dealCard, PHONE_VIEWPORT, SUSHI } from './catalog';
import { test, expect, expectAccessible } from './fixtures';

for (const viewport of [null, PHONE_VIEWPORT]) {
  const width = viewport ? 'phone' : 'desktop';

  test.describe(`a guest's Add to Cart (${width})`, () => {
    if (viewport) test.use({ viewport });

    test('opens the login dialog from a card and from the deal page', async ({ page }) => {
      await page.goto('/');
      await dealCard(page, SUSHI.title).getByRole('button', { name: `Add to Cart: ${SUSHI.title}` }).click();
      const dialog = loginDialog(page);
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expectAccessible(page, `/ (login dialog, ${width})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await dealCard(page, SUSHI.title).getByRole('link', { name: SUSHI.title }).click();
      await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
      const dealUrl = page.url();
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(dealUrl);
      await page.keyboard.press('Escape');
      await page.goto('/cart');
      await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
    });
  });
}
