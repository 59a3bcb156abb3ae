// Journey: a shopper on a phone (390 px) opens the demo sushi deal, follows "Visit the store" from its Merchant
// Information to the store page (docs/product/screens.md#store-page), and finds the store's name, "open now" (or when it
// opens) with its hours in Pacific Time, and its live deals, which the sort reorders; the page fits the screen and
// passes the accessibility check. The same in Chinese. A card's merchant name on the home page leads to the store too.
import type { Locator } from '@playwright/test';
import { dealCard, scrollsHorizontally, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { pathPattern } from './api-paths';
import { merchantEndpoints } from '../contract/merchants';
import { paths } from '../contract/routes';

const STORE = 'Sakura Sushi House';
const PHONE_390 = { width: 390, height: 844 };

const TEXTS = {
  en: {
    merchantInfo: 'Merchant Information',
    visit: 'Visit the store',
    hours: 'Opening hours',
    deals: 'Deals at this store',
    sort: 'Sort by',
    open: /^(Open now · until \d\d:\d\d|Closed · opens \d\d:\d\d)$/,
    zone: /^Times in Pacific/,
      },
  'zh-CN': {
    merchantInfo: '商家信息',
    visit: '查看门店',
    hours: '营业时间',
    deals: '该门店的团购',
    sort: '排序方式',
    open: /^(营业中 · \d\d:\d\d 打烊|休息中 · \d\d:\d\d 开门)$/,
    zone: /^时间为/,
      },
} as const;

/** The titles of the deal cards in a list, in order. */
const titles = (region: Locator): Promise<string[]> => region.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();

test.use({ viewport: PHONE_390 });

for (const language of ['en', 'zh-CN'] as const) {
  const text = TEXTS[language];

  test(`from a deal's Merchant Information to its store, on a phone (${language})`, async ({ page }) => {
    if (language === 'zh-CN') await page.addInitScript(() => window.localStorage.setItem('lang', 'zh-CN'));
    await page.goto('/');
    // The deals' own titles are not translated; the home page's regions are named in the language.
    await page.getByRole('article').filter({ has: page.getByRole('heading', { name: SUSHI.title, exact: true }) }).getByRole('link', { name: SUSHI.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();

    const merchantInfo = page.getByRole('region', { name: text.merchantInfo });
    await merchantInfo.getByRole('link', { name: text.visit }).click();
    await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
    await expect(page).toHaveTitle(`${STORE} · DealMarket`);

    // Open now, or when it opens, on the store's clock; the hours by period, naming its zone.
    await expect(page.getByTestId('open-now').first()).toHaveText(text.open);
    const hours = page.getByRole('region', { name: text.hours });
    await expect(hours.getByText(text.zone)).toBeVisible();
    await expect(hours.getByText('11:30-14:30')).toBeVisible();

    // Its live deals, the sushi platter among them; the sort asks the list again.
    const deals = page.getByRole('region', { name: text.deals });
    await expect(deals.getByRole('link', { name: SUSHI.title })).toBeVisible();
    const newest = await titles(deals);
    expect(newest.length).toBeGreaterThan(0);
    await deals.getByLabel(text.sort).selectOption('price_asc');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect((await titles(deals)).sort()).toEqual([...newest].sort());

    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page);
  });
}

test('a card\'s merchant name leads to its store, over the card\'s own link; the store opens directly too', async ({ page }) => {
  await page.goto('/');
  await dealCard(page, SUSHI.title).getByRole('link', { name: STORE }).click();
  await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
  await expect(page).toHaveURL(/\/store\//);
  // Opened by its address (a shared link), the page loads its code, the store and its deals side by side.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
  await expect(page.getByRole('region', { name: TEXTS.en.deals }).getByRole('link', { name: SUSHI.title })).toBeVisible();
});

test.describe('an unknown store', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  test.use({
    allowedConsoleErrors: [[failedRequest(404, paths.store(UNKNOWN)), failedRequest(404, pathPattern(merchantEndpoints.get, { id: UNKNOWN }))], { scope: 'test' }],
  });

  test('is Store Not Found, answered 404', async ({ page }) => {
    const response = await page.goto(paths.store(UNKNOWN));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Store Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse deals' })).toBeVisible();
    await expectAccessible(page);
  });
});
