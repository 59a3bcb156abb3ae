// Journey: a path outside the route table gets the 404 page, with a 404 status for the document itself.
import { test, expect, expectAccessible, failedRequest } from './fixtures';

test.describe('not-found page', () => {
  // Chromium logs a 404 document answer as a console error; the status is what this journey asserts.
  test.use({ allowedConsoleErrors: [failedRequest(404, '/no/such/page')] });

  test('shows Page Not Found, with "404" once, and status 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(((await page.getByRole('main').textContent()) ?? '').match(/404/g)).toHaveLength(1);
    await expectAccessible(page);
  });
});
