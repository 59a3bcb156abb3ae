// Journey: a guest lands on the home page and sees the demo deals, at desktop and phone width.
import { test, expect, expectAccessible } from './fixtures';
import { dealCard, dealCards, featuredDeals, PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';

test.describe('home page', () => {
  test('lists the demo deals, the three named deals ahead of the other demo deals, with their prices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();

    for (const deal of SPEC_DEALS) {
      await expect(dealCard(page, deal.title).getByText(deal.price, { exact: true })).toBeVisible();
    }
    // Newest first: the three named deals are the newest of the demo data, so they sit together and in order, before
    // the other demo deals. Deals other journeys create are newer still and may come before them.
    const titles = await dealCards(page).getByRole('heading').allTextContents();
    const positions = SPEC_DEALS.map((deal) => titles.indexOf(deal.title));
    expect(positions[1]).toBe(positions[0]! + 1);
    expect(positions[2]).toBe(positions[0]! + 2);
    expect(await dealCards(page).count()).toBeGreaterThan(SPEC_DEALS.length);

    await expectAccessible(page);
  });

  test('shows the struck-through original price and the saving on the sushi deal', async ({ page }) => {
    await page.goto('/');
    const card = dealCard(page, SUSHI.title);
    const original = card.getByText(SUSHI.original, { exact: true });
    await expect(original).toBeVisible();
    await expect(original).toHaveCSS('text-decoration-line', 'line-through');
    await expect(card.getByText('Save 33%', { exact: true })).toBeVisible();
  });

  test('shows guests Login and Merchant Login in the header', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['Login', 'Merchant Login']) {
      // Login may open the dialog (a button) or go to the /login gate (a link); both are what docs/product/screens.md describes.
      const control = header.getByRole('button', { name, exact: true }).or(header.getByRole('link', { name, exact: true }));
      await expect(control).toBeVisible();
    }
  });

  test('has the admin entrance in the footer', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('2024');
    const entrance = footer.getByRole('link', { name: /admin entrance/i });
    await expect(entrance).toBeVisible();
    await expect(entrance).toHaveAttribute('href', '/admin/bootstrap');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('fits the screen without sideways scrolling and stays accessible', async ({ page }) => {
      await page.goto('/');
      await expect(featuredDeals(page)).toBeVisible();
      await expect(dealCard(page, SUSHI.title)).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });
});
