// Journey: a shopper narrows the home page's deals by typing in the search box.
import { test, expect } from './fixtures';
import { dealCard, dealCards, searchBox, SUSHI } from './catalog';

test.describe('search', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(dealCard(page, SUSHI.title)).toBeVisible();
  });

  test('narrows the list while typing, without pressing Enter', async ({ page }) => {
    await searchBox(page).pressSequentially('spa');
    await expect(dealCard(page, 'Luxury Spa Day Package')).toBeVisible();
    await expect(dealCard(page, SUSHI.title)).toHaveCount(0);
    await expect(dealCard(page, 'Fine Dining Experience')).toHaveCount(0);
  });

  test('finds deals by merchant name', async ({ page }) => {
    await searchBox(page).fill('Le Jardin');
    await expect(dealCard(page, 'Fine Dining Experience')).toBeVisible();
    await expect(dealCard(page, SUSHI.title)).toHaveCount(0);
  });

  test('shows an empty state when nothing matches', async ({ page }) => {
    await searchBox(page).fill('zzqx nothing like this');
    await expect(page.getByText(/no deals/i)).toBeVisible();
    await expect(dealCards(page)).toHaveCount(0);
  });
});
