// Journey: the superadmin reads the redemption log (successes, refusals, totals, paging); other visitors cannot.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, apiNewCustomer, DEMO_MERCHANT, signInAsAdmin, signInAsNewCustomer } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { buyVoucher, wrongPin, type BoughtVoucher } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { adminAccountEndpoints } from '../contract/admin';
import { redemptionEndpoints } from '../contract/redemption';
import { pathPattern } from './api-paths';

const PAGE_SIZE = 50;

interface Summary {
  total: number;
  successes: number;
  failures: number;
  /** Successes a merchant took back (other journeys may undo meanwhile). */
  undone: number;
  redeemedValueCents: number;
}

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** The merchant's attempts, through the API: a wrong PIN, the redemption, a second try, and an unknown code. */
async function redeemWithRefusals(request: APIRequestContext, voucher: BoughtVoucher): Promise<string> {
  const headers = bearer(await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password));
  const attempt = (code: string, pin: string) => request.post(pathOf(redemptionEndpoints.redeem), { headers, data: { code, pin } });
  expect((await attempt(voucher.code, wrongPin(voucher.pin))).status()).toBe(400);
  expect((await attempt(voucher.code, voucher.pin)).status()).toBe(200);
  expect((await attempt(voucher.code, voucher.pin)).status()).toBe(409);
  const unknown = `ZZ${voucher.code.slice(2)}` === voucher.code ? 'YYYYYYYY' : `ZZ${voucher.code.slice(2)}`;
  expect((await attempt(unknown, '123456')).status()).toBe(404);
  return unknown;
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function summaryFromApi(page: Page, sessionId: string): Promise<Summary> {
  const res = await page.request.get(pathOf(redemptionEndpoints.adminSummary), { headers: bearer(sessionId) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Summary;
}

/** The value shown on one summary card. */
const card = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Summary' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');

const logTable = (page: Page) => page.getByRole('region', { name: 'Redemption Records' }).getByRole('table');
const rowsOf = (page: Page, code: string) => logTable(page).getByRole('row').filter({ hasText: code });

test.describe('the redemption log for the superadmin', () => {
  test('shows successes and refusals with the right totals', async ({ page, request }) => {
    // A long journey (purchase, several screens, axe checks); a loaded machine needs more than the default time.
    test.slow();
    const voucher = await buyVoucher(request, SUSHI.title);
    const unknownCode = await redeemWithRefusals(request, voucher);

    const adminSession = await signInAsAdmin(page);
    await page.goto('/admin/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();

    const ours = rowsOf(page, voucher.code);
    await expect(ours).toHaveCount(3);
    // Newest first: the second try, the redemption, the wrong PIN.
    await expect(ours.nth(0)).toContainText('Failed');
    await expect(ours.nth(0)).toContainText(/Voucher already redeemed on/);
    await expect(ours.nth(1)).toContainText('Success');
    await expect(ours.nth(2)).toContainText('Incorrect PIN (4 attempts left)');
    for (const row of [ours.nth(0), ours.nth(1), ours.nth(2)]) {
      await expect(row).toContainText(SUSHI.title);
      await expect(row).toContainText(voucher.customer.email);
      await expect(row).toContainText(SUSHI.merchant);
      await expect(row).toContainText(SUSHI.price);
      await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}/);
    }
    const unknownRow = rowsOf(page, unknownCode);
    await expect(unknownRow).toHaveCount(1);
    await expect(unknownRow).toContainText('Voucher not found');

    // The cards say what the server counts; other journeys may redeem meanwhile, so compare with a fresh answer.
    await expect(async () => {
      const summary = await summaryFromApi(page, adminSession);
      await page.reload();
      await expect(card(page, 'Total attempts')).toHaveText(summary.total.toLocaleString('en-US'), { timeout: 2_000 });
      await expect(card(page, 'Successful')).toHaveText(summary.successes.toLocaleString('en-US'), { timeout: 2_000 });
      await expect(card(page, 'Failed')).toHaveText(summary.failures.toLocaleString('en-US'), { timeout: 2_000 });
      await expect(card(page, 'Redeemed value')).toHaveText(money(summary.redeemedValueCents), { timeout: 2_000 });
      expect(summary.total).toBe(summary.successes + summary.failures + summary.undone);
      expect(summary.successes).toBeGreaterThanOrEqual(1);
      expect(summary.failures).toBeGreaterThanOrEqual(3);
      expect(summary.redeemedValueCents).toBeGreaterThanOrEqual(1999);
    }).toPass({ timeout: 20_000 });

    for (const link of [
      { name: 'Home', href: '/' },
      { name: 'Manage Merchants', href: '/admin/merchants' },
      { name: 'Manage Deals', href: '/admin/deals' },
    ]) {
      await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
    }
    await expectAccessible(page);
  });

  test('loads older records a page at a time', async ({ page, request }) => {
    // Fifty-odd API calls first; a loaded machine needs more than the default time.
    test.slow();
    // Refusals for an account without a merchant are logged like any attempt (ADR 015) and touch no voucher.
    const customer = await apiNewCustomer(request);
    const headers = bearer(customer.sessionId);
    for (let i = 0; i < PAGE_SIZE + 5; i += 1) {
      const res = await request.post(pathOf(redemptionEndpoints.redeem), { headers, data: { code: `PAGE${String(i).padStart(4, '0')}`, pin: '123456' } });
      expect(res.status()).toBe(403);
    }

    await signInAsAdmin(page);
    await page.goto('/admin/transactions');
    const rows = logTable(page).locator('tbody tr');
    await expect(rows).toHaveCount(PAGE_SIZE);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(PAGE_SIZE);
    await expect(rowsOf(page, 'PAGE0000')).toHaveCount(1);
    await expect(rowsOf(page, 'PAGE0000')).toContainText('No merchantId bound to current account');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the records become cards that fit the screen', async ({ page, request }) => {
      const voucher = await buyVoucher(request, SUSHI.title);
      await redeemWithRefusals(request, voucher);
      await signInAsAdmin(page);
      await page.goto('/admin/transactions');
      const cards = page.getByRole('list', { name: 'Redemption Records' }).getByRole('listitem').filter({ hasText: voucher.code });
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(1)).toContainText('Success');
      await expect(cards.nth(1)).toContainText(voucher.customer.email);
      await expect(cards.nth(2)).toContainText('Incorrect PIN (4 attempts left)');
      await expect(page.getByRole('table')).toBeHidden();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });
});

test.describe('when the log cannot be read', () => {
  test.use({ allowedConsoleErrors: [failedRequest(500, pathPattern(redemptionEndpoints.adminSummary))] });

  test('the page says 加载失败 and retries', async ({ page }) => {
    await signInAsAdmin(page);
    let failing = true;
    await page.route(`**${pathOf(redemptionEndpoints.adminSummary)}`, (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'database unavailable' }) : route.continue(),
    );
    await page.goto('/admin/transactions');
    await expect(page.getByText('加载失败', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expectAccessible(page, '/admin/transactions (load failed)');

    failing = false;
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('region', { name: 'Summary' }).getByText('Total attempts')).toBeVisible();
    await expect(page.getByText('加载失败', { exact: true })).toHaveCount(0);
  });
});

test.describe('who may read the log', () => {
  test.use({ allowedConsoleErrors: [failedRequest(401, pathPattern(adminAccountEndpoints.checkRole))] });

  test('a customer is told access is denied', async ({ page }) => {
    await signInAsNewCustomer(page);
    await page.goto('/admin/transactions');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a customer at phone width sees the same, fitted', async ({ page }) => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await signInAsNewCustomer(page);
    await page.goto('/admin/transactions');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page);
  });

  test('a guest is sent home', async ({ page }) => {
    await page.goto('/admin/transactions');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Featured Deals' })).toBeVisible();
  });
});
