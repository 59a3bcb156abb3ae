// Journey: a customer keeps deals as favourites from the home cards and the deal page, sees them on /favorites with
// the header count, and removes them; guests are asked to log in; failures roll back or offer a retry.
import type { Locator, Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { loginDialog } from './auth-screens';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { favoriteEndpoints } from '../contract/favorites';
import { pathPattern } from './api-paths';

const SPA = SPEC_DEALS[1];

/**
 * The app's toast with this title. Found through its region and list item: Radix gives the toast itself no role, and
 * a modal dialog hides the region from the accessibility tree while it is open.
 */
const toastWith = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: /^Notifications/, includeHidden: true }).locator('li').filter({ hasText: title });

/** The header's Favorites link; its name carries the count (', 2 items'). */
const favoritesLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Favorites/ });
const savedCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function favoriteFromHome(page: Page, title: string) {
  await dealCard(page, title).getByRole('button', { name: 'Add to favorites' }).click();
  await expect(dealCard(page, title).getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
  await expect(toastWith(page, 'Added to Favorites')).toBeVisible();
}

test.describe('favourites', () => {
  test('kept from the home cards and the deal page, listed on /favorites, and removed again', async ({ page }) => {
    await signInAsNewCustomer(page);
    await page.goto('/');
    await expect(favoritesLink(page)).toHaveAccessibleName(/0 items$/);
    await favoriteFromHome(page, SUSHI.title);
    await favoriteFromHome(page, SPA.title);
    await expect(favoritesLink(page)).toHaveAccessibleName(/2 items$/);

    await favoritesLink(page).click();
    await expect(page).toHaveURL(/\/favorites$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    await expect(page.getByText('2 favorite deals', { exact: true })).toBeVisible();
    const sushi = savedCard(page, SUSHI.title);
    await expect(sushi.getByRole('img', { name: SUSHI.title })).toBeVisible();
    await expect(sushi.getByText(SUSHI.price, { exact: true })).toBeVisible();
    await expect(sushi.getByText(SUSHI.original, { exact: true })).toBeVisible();
    await expect(sushi.getByText('Available', { exact: true })).toBeVisible();
    await expect(sushi.getByRole('button', { name: `Add to Cart: ${SUSHI.title}` })).toBeEnabled();
    await expectAccessible(page);

    // Removing one keeps the other, also after a reload (the server holds the list).
    await savedCard(page, SPA.title).getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(toastWith(page, 'Removed from Favorites')).toBeVisible();
    await expect(savedCard(page, SPA.title)).toHaveCount(0);
    await expect(favoritesLink(page)).toHaveAccessibleName(/1 item$/);
    await page.reload();
    await expect(savedCard(page, SUSHI.title)).toBeVisible();
    await expect(page.getByText('1 favorite deal', { exact: true })).toBeVisible();

    // View Details opens the deal, whose heart is pressed; letting go there empties the list.
    await sushi.getByRole('link', { name: `View Details: ${SUSHI.title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(page.getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');
    await expect(favoritesLink(page)).toHaveAccessibleName(/0 items$/);
    await favoritesLink(page).click();
    await expect(page.getByRole('heading', { name: 'No Favorites Yet' })).toBeVisible();
    await expectAccessible(page, '/favorites (empty)');
    await page.getByRole('link', { name: 'Browse Deals' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a guest is asked to log in', async ({ page }) => {
    await page.goto('/');
    await dealCard(page, SUSHI.title).getByRole('button', { name: 'Add to favorites' }).click();
    await expect(toastWith(page, 'Please Login First')).toBeVisible();
    await expect(loginDialog(page)).toBeVisible();
    await loginDialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(loginDialog(page)).toBeHidden();
    await expect(dealCard(page, SUSHI.title).getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');

    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    await expect(loginDialog(page)).toBeVisible();
  });

  test.describe('when the server fails', () => {
    test.use({ allowedConsoleErrors: [failedRequest(500, pathPattern(favoriteEndpoints.list))] });

    test('a refused change is rolled back with a message', async ({ page }) => {
      await signInAsNewCustomer(page);
      await page.route(`**${pathOf(favoriteEndpoints.add)}`, (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'Something broke' } }) : route.fallback(),
      );
      await page.goto('/');
      await dealCard(page, SUSHI.title).getByRole('button', { name: 'Add to favorites' }).click();
      await expect(toastWith(page, 'Operation Failed')).toContainText('Failed to add to favorites, please try again');
      await expect(dealCard(page, SUSHI.title).getByRole('button', { name: 'Add to favorites' })).toHaveAttribute('aria-pressed', 'false');
      await expect(favoritesLink(page)).toHaveAccessibleName(/0 items$/);
    });

    test('a list that cannot load offers a retry', async ({ page }) => {
      await signInAsNewCustomer(page);
      let failing = true;
      await page.route(`**${pathOf(favoriteEndpoints.list)}`, (route) =>
        failing && route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { message: 'Down' } }) : route.fallback(),
      );
      await page.goto('/favorites');
      await expect(page.getByRole('heading', { name: 'Loading Failed' })).toBeVisible();
      failing = false;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { name: 'No Favorites Yet' })).toBeVisible();
    });
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the list fits the screen and stays accessible', async ({ page }) => {
      await signInAsNewCustomer(page);
      await page.goto('/');
      await favoriteFromHome(page, SUSHI.title);
      await favoritesLink(page).click();
      await expect(savedCard(page, SUSHI.title)).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });
});
