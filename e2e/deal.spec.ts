// Journey: a shopper opens a deal from the home page, reads it, and goes back; unknown deals say so.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { dealEndpoints } from '../contract/deals';
import { pathPattern } from './api-paths';

// The sushi platter is also sold to groups, so its Buy Now reads "Buy alone $19.99".
// The demo data gives each deal eight stored reviews (ratings 5,5,4,5,4,5,4,5); the newest three are shown.
const SHOWN_REVIEWERS = ['Emily Rogers', 'James Kim', 'Sofia Martinez'];
const AVERAGE = '4.6';

async function openSushiDeal(page: Page) {
  await page.goto('/');
  await dealCard(page, SUSHI.title).getByRole('link', { name: SUSHI.title }).click();
  await expect(page).toHaveURL(/\/deal\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
}

test.describe('deal detail', () => {
  test('opens from the home page and shows the whole deal', async ({ page }) => {
    await openSushiDeal(page);

    const breadcrumb = page.getByRole('navigation', { name: /breadcrumb/i });
    await expect(breadcrumb.getByText('Deals', { exact: true })).toBeVisible();
    await expect(breadcrumb.getByText(SUSHI.merchant, { exact: true })).toBeVisible();

    for (const section of ['Deal Details', 'Terms and Conditions', 'Reviews', 'Merchant Information']) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }

    const reviews = page.getByRole('region', { name: 'Reviews', exact: true });
    const shown = reviews.getByRole('listitem').filter({ has: page.getByRole('img', { name: /^Rated [1-5] out of 5$/ }) });
    await expect(shown).toHaveCount(SHOWN_REVIEWERS.length);
    for (const [i, name] of SHOWN_REVIEWERS.entries()) await expect(shown.nth(i)).toContainText(name);
    await expect(reviews.getByText(AVERAGE, { exact: true })).toBeVisible();

    await expect(page.getByRole('button', { name: `Buy alone ${SUSHI.price}` })).toBeVisible();

    const merchantCard = page.getByRole('region', { name: 'Merchant Information', exact: true });
    await expect(merchantCard.getByText(SUSHI.merchant, { exact: true })).toBeVisible();
    await expect(merchantCard.getByText(SUSHI.address, { exact: true })).toBeVisible();

    await expectAccessible(page);
  });

  test('Back returns to the home page', async ({ page }) => {
    await openSushiDeal(page);
    // The first design called it a button; it navigates, so a link is the honest element. Either role is accepted.
    await page.getByRole('button', { name: 'Back', exact: true }).or(page.getByRole('link', { name: 'Back', exact: true })).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('fits the screen and stays accessible', async ({ page }) => {
      await openSushiDeal(page);
      await expect(page.getByRole('button', { name: `Buy alone ${SUSHI.price}` })).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });

  test.describe('an unknown deal', () => {
    const missingId = '00000000-0000-4000-8000-000000000000';
    // The browser logs the 404s of the missing deal's page and of its API read; those answers are the point of this journey.
    test.use({ allowedConsoleErrors: [failedRequest(404, `(?:${pathPattern(dealEndpoints.get, { id: missingId })}|/deal/${missingId})[^)]*`)] });

    test('says Deal Not Found', async ({ page }) => {
      await page.goto(`/deal/${missingId}`);
      await expect(page.getByRole('heading', { name: 'Deal Not Found' })).toBeVisible();
      await expect(page.getByText('Please check if the link is correct')).toBeVisible();
      await expectAccessible(page);
    });
  });
});
