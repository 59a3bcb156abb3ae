// Journey: a shopper taps a category on home's strip and sees only its deals; a reload keeps it, Back shows every deal.
import { test, expect, expectAccessible } from './fixtures';
import { dealCard, dealCards, PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS } from './catalog';

for (const [width, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`category strip at ${width} width`, () => {
    if (viewport) test.use({ viewport });

    test('lists only the tapped category, keeps it on reload, and Back returns to every deal', async ({ page }) => {
      await page.goto('/');
      await expect(dealCard(page, SPEC_DEALS[1].title)).toBeVisible();
      const strip = page.getByRole('navigation', { name: 'Categories' });
      await expect(strip.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
      expect(await scrollsHorizontally(page)).toBe(false);

      // The demo's Food: the sushi platter and the fine dining among others, but not the spa day.
      const food = strip.getByRole('link', { name: /^Food/ });
      await food.click();
      await expect(page).toHaveURL('/?category=food');
      await expect(food).toHaveAttribute('aria-current', 'page');
      await expect(dealCard(page, SPEC_DEALS[1].title)).toHaveCount(0);
      await expect(dealCard(page, SPEC_DEALS[0].title)).toBeVisible();
      await expect(dealCard(page, SPEC_DEALS[2].title)).toBeVisible();
      for (const card of await dealCards(page).all()) await expect(card).toContainText('Category: Food');
      await expectAccessible(page);

      await page.reload();
      await expect(strip.getByRole('link', { name: /^Food/ })).toHaveAttribute('aria-current', 'page');
      await expect(dealCard(page, SPEC_DEALS[0].title)).toBeVisible();
      await expect(dealCard(page, SPEC_DEALS[1].title)).toHaveCount(0);

      await page.goBack();
      await expect(page).toHaveURL('/');
      await expect(strip.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
      await expect(dealCard(page, SPEC_DEALS[1].title)).toBeVisible();
    });
  });
}
