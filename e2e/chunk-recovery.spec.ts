// Journey: a screen whose code cannot be downloaded (a network blip, or a deploy that removed the old hashed files)
// shows a panel with a Reload button instead of a blank page, and code gone after a deploy reloads the page once.
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { featuredDeals } from './catalog';
import { header } from './auth-screens';

/** The cart screen's code, loaded when the cart is opened. */
const CART_CHUNK = '**/assets/cart-page-*.js';
const CART_CHUNK_PATH = '/assets/cart-page-[\\w-]+\\.js';

test.use({
  // A list of more than one is given as [value, options]: Playwright would read a bare list's second item as options.
  allowedConsoleErrors: [
    [
      // The download that is made to fail, as the browser reports it: cut off, or answered 404 after a deploy.
      new RegExp(`^console error: Failed to load resource: net::ERR_FAILED \\(https?://[^/]+${CART_CHUNK_PATH}\\)$`),
      failedRequest(404, CART_CHUNK_PATH),
      // React reports the failure its error boundary caught.
      new RegExp(`^console error: TypeError: Failed to fetch dynamically imported module: https?://[^/]+${CART_CHUNK_PATH}( |$)`),
    ],
    { scope: 'test' },
  ],
});

const failurePanel = (page: Page): Locator => page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
const cartHeading = (page: Page): Locator => page.getByRole('heading', { name: 'Shopping Cart', level: 1 });

/** Counts the page loads (the first one and every reload). */
function countPageLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

/** From the home page, opens the cart from the header, so its code is fetched on demand. */
async function openCartFromHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(featuredDeals(page)).toBeVisible();
  await header(page).getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

test.describe('a screen whose code cannot be loaded', () => {
  test('shows a panel with a Reload button; the reader can go elsewhere, and Reload brings the screen once the network is back', async ({
    page,
  }) => {
    await page.route(CART_CHUNK, (route) => route.abort('failed'));
    await openCartFromHome(page);

    const panel = failurePanel(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    const reload = panel.getByRole('button', { name: 'Reload' });
    // Keyboard reachable: the first thing after the skip link's target.
    await page.locator('#main').focus();
    await page.keyboard.press('Tab');
    await expect(reload).toBeFocused();
    await expectAccessible(page, '/cart with its code missing');

    // The rest of the app still works: another screen replaces the panel.
    await header(page).getByRole('link', { name: /^Favorites/ }).click();
    await expect(page.getByRole('heading', { name: 'My Favorites', level: 1 })).toBeVisible();
    await expect(failurePanel(page)).toHaveCount(0);
    await page.goBack();
    await expect(failurePanel(page)).toBeVisible();

    // The network is back: Reload shows the screen.
    await page.unroute(CART_CHUNK);
    await page.locator('#main').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(cartHeading(page)).toBeVisible();
    await expect(failurePanel(page)).toHaveCount(0);
  });

  test('after a deploy removed it, reloads the page once by itself and shows the screen', async ({ page }) => {
    const pageLoads = countPageLoads(page);
    // The open page asks for a file the new deploy no longer has (the server answers 404); the reloaded page's
    // index.html then names one that is there.
    let stale = true;
    await page.route(CART_CHUNK, async (route) => {
      if (!stale) return route.continue();
      stale = false;
      await route.continue({ url: route.request().url().replace(/cart-page-[\w-]+\.js$/, 'cart-page-gone.js') });
    });
    await openCartFromHome(page);

    await expect(cartHeading(page)).toBeVisible();
    await expect(failurePanel(page)).toHaveCount(0);
    expect(pageLoads()).toBe(2);
  });

  test('when the reloaded page cannot load it either, shows the panel instead of reloading again', async ({ page }) => {
    const pageLoads = countPageLoads(page);
    await page.route(CART_CHUNK, (route) =>
      route.continue({ url: route.request().url().replace(/cart-page-[\w-]+\.js$/, 'cart-page-gone.js') }),
    );
    await openCartFromHome(page);

    await expect(failurePanel(page)).toBeVisible();
    expect(pageLoads()).toBe(2);
    // No reload loop: the page stays as it is.
    await page.waitForTimeout(1_500);
    expect(pageLoads()).toBe(2);
    await expect(failurePanel(page)).toBeVisible();
    await expectAccessible(page, '/cart with its code gone');
  });
});
