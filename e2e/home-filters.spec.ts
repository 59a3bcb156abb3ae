// Journey: a shopper opens Filter, sets a max price and Price low to high, and sees cards in price order under the max;
// the chips show the filters, and Clear filters lists every deal again.
import { test, expect, expectAccessible } from './fixtures';
import { dealCards, PHONE_VIEWPORT } from './catalog';
import { cardPriceCents } from './discovery';

for (const [width, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`filters at ${width} width`, () => {
    if (viewport) test.use({ viewport });

    test('a max price and Price low to high list cheaper deals first, all under the max, until cleared', async ({ page }) => {
      await page.goto('/');
      await expect(dealCards(page).first()).toBeVisible();

      await page.getByRole('button', { name: 'Filter' }).click();
      const panel = page.getByRole('dialog', { name: 'Filter deals' });
      await expect(panel).toBeVisible();
      await expectAccessible(page);
      await panel.getByLabel('Max price ($)').fill('40');
      await panel.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
      // The keyboard applies it, as a mouse would.
      await panel.getByRole('button', { name: 'Apply filters' }).press('Enter');
      await expect(panel).toBeHidden();

      await expect(page).toHaveURL('/?maxPrice=40&sort=price_asc');
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect(chips.getByRole('button')).toHaveText(['Up to $40.00(remove filter)', 'Sorted: Price low to high(remove filter)']);
      await expect(dealCards(page).first()).toBeVisible();
      const prices: number[] = [];
      for (const card of await dealCards(page).all()) prices.push(await cardPriceCents(card));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices.every((cents) => cents <= 4000)).toBe(true);
      expect(prices).toEqual(prices.toSorted((a, b) => a - b));
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL('/');
      await expect(chips).toHaveCount(0);
      await expect.poll(async () => Promise.all((await dealCards(page).all()).map(cardPriceCents))).toContainEqual(5999);
    });
  });
}
