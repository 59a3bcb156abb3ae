// Journey: a customer buys the sushi platter; the demo merchant (Sakura Sushi House) checks the voucher by its code and
// PIN, confirms it and redeems it, and the check refuses a wrong PIN, a second redemption and another merchant's voucher.
import type { Page } from '@playwright/test';
import { signInAsDemoMerchant, signInAsNewCustomer } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { buyVoucher, wrongPin } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';
import { redemptionEndpoints } from '../contract/redemption';
import { pathPattern } from './api-paths';

const SPA = SPEC_DEALS[1];

// Refusals answer 4xx on purpose, and Chromium logs each such answer as a console error. One pattern covers them all,
// the check's and the redemption's: the option takes a one-element list (Playwright would read two RegExps as a value and
// its fixture options).
const refusalStatuses = failedRequest(400, `(?:${pathPattern(redemptionEndpoints.redeem)}|${pathPattern(redemptionEndpoints.preview)})`).source.replace('status of 400', 'status of (?:400|403|409)');
test.use({ allowedConsoleErrors: [new RegExp(refusalStatuses)] });

const codeField = (page: Page) => page.getByLabel('Voucher Code');
const pinField = (page: Page) => page.getByLabel('PIN', { exact: true });
const checkButton = (page: Page) => page.getByRole('button', { name: 'Check voucher' });
const confirmButton = (page: Page) => page.getByRole('button', { name: 'Confirm redemption' });

/** Types code and PIN and asks for the check; a right PIN leaves the confirm step on screen. */
async function check(page: Page, code: string, pin: string) {
  await codeField(page).fill(code);
  await pinField(page).fill(pin);
  await checkButton(page).click();
}

async function redeem(page: Page, code: string, pin: string) {
  await check(page, code, pin);
  await confirmButton(page).click();
}

test.describe('redeeming by code and PIN', () => {
  test('the merchant redeems a new customer\'s voucher; a wrong PIN and a second redemption are refused', async ({ page, request }) => {
    // A long journey (purchase, several screens, axe checks); a loaded machine needs more than the default time.
    test.slow();
    const voucher = await buyVoucher(request, SUSHI.title);
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/redeem');
    await expect(page.getByRole('heading', { level: 1, name: 'Redeem Vouchers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Scan QR Code' }).or(page.getByRole('button', { name: 'Scan QR Code' })).first()).toBeVisible();
    await expectAccessible(page);

    await check(page, voucher.code, wrongPin(voucher.pin));
    await expect(page.getByText('Error: Incorrect PIN (4 attempts left)')).toBeVisible();
    await expectAccessible(page, '/merchant/redeem (refused)');

    // The check shows what the voucher is; nothing is used until the merchant confirms.
    await pinField(page).fill(voucher.pin);
    await checkButton(page).click();
    await expect(page.getByRole('heading', { name: 'Confirm redemption' })).toBeFocused();
    await expect(page.getByText(SUSHI.title, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^•••• \d{4}$/)).toBeVisible();
    await expectAccessible(page, '/merchant/redeem (confirm)');
    await confirmButton(page).click();
    await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();
    await expect(page.getByText(`${SUSHI.title}`, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(SUSHI.price).first()).toBeVisible();
    await expectAccessible(page, '/merchant/redeem (redeemed)');
    // The screen stays for the next customer: the form is cleared and ready, and the URL does not change.
    await expect(codeField(page)).toHaveValue('');
    await expect(codeField(page)).toBeFocused();
    await expect(page).toHaveURL(/\/merchant\/redeem$/);
    await check(page, voucher.code, voucher.pin);
    await expect(page.getByText(/^Error: Voucher already redeemed on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

    // Every refusal and redemption lands in the merchant's own history under the form, newest first (a check that
    // passes is not an attempt).
    const recent = page.getByRole('region', { name: 'Recent Redemptions' });
    const attempts = recent.getByRole('listitem').filter({ hasText: voucher.code });
    await expect(attempts).toHaveCount(3);
    await expect(attempts.nth(0)).toContainText('Failed');
    await expect(attempts.nth(0)).toContainText('Voucher already redeemed on');
    await expect(attempts.nth(1)).toContainText('Redeemed');
    await expect(attempts.nth(1)).toContainText(SUSHI.title);
    await expect(attempts.nth(2)).toContainText('Incorrect PIN (4 attempts left)');
  });

  test('a mistaken redemption is undone from the recent list within the ten minutes, and the voucher redeems again', async ({ page, request }) => {
    const voucher = await buyVoucher(request, SUSHI.title);
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/redeem');
    await redeem(page, voucher.code, voucher.pin);
    await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();

    const recent = page.getByRole('region', { name: 'Recent Redemptions' });
    await recent.getByRole('button', { name: `Undo ${voucher.code}` }).click();
    await expect(recent.getByText('Redemption undone: the voucher is active again')).toBeVisible();
    await expect(recent.getByRole('button', { name: `Undo ${voucher.code}` })).toBeHidden();
    await expect(recent.getByRole('listitem').filter({ hasText: voucher.code }).first()).toContainText('Undone');
    const mine = await request.get(pathOf(voucherEndpoints.list), { headers: { authorization: `Bearer ${voucher.customer.sessionId}` } });
    expect(((await mine.json()) as Array<{ voucherCode: string; status: string }>).find((v) => v.voucherCode === voucher.code)?.status).toBe('active');

    await redeem(page, voucher.code, voucher.pin);
    await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();
  });

  test("another merchant's voucher is refused", async ({ page, request }) => {
    const spaVoucher = await buyVoucher(request, SPA.title);
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/redeem');
    await check(page, spaVoucher.code, spaVoucher.pin);
    await expect(page.getByText('Error: This voucher belongs to another merchant')).toBeVisible();
  });

  test('the QR link opens the form filled in, and nothing is redeemed until the merchant confirms', async ({ page, request }) => {
    const voucher = await buyVoucher(request, SUSHI.title);
    await signInAsDemoMerchant(page);
    const redeemCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === pathOf(redemptionEndpoints.redeem)) redeemCalls.push(r.method());
    });

    // As a phone camera opens it: lowercase letters and stray characters are cleaned like typing would.
    await page.goto(`/merchant/redeem?code=${voucher.code.toLowerCase()}&pin=${voucher.pin}`);
    await expect(codeField(page)).toHaveValue(voucher.code);
    await expect(pinField(page)).toHaveValue(voucher.pin);
    await expect(page.getByRole('region', { name: 'Recent Redemptions' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(redeemCalls).toEqual([]);
    const stillValid = await request.get(pathOf(voucherEndpoints.list), { headers: { authorization: `Bearer ${voucher.customer.sessionId}` } });
    expect(((await stillValid.json()) as Array<{ voucherCode: string; redeemed: boolean }>).find((v) => v.voucherCode === voucher.code)?.redeemed).toBe(false);

    await checkButton(page).click();
    expect(redeemCalls).toEqual([]);
    await confirmButton(page).click();
    await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();
    expect(redeemCalls).toEqual(['POST']);
    // Code and PIN leave the address with the form's values.
    await expect(page).toHaveURL(/\/merchant\/redeem$/);
  });

  test('the fields take what a voucher holds: code uppercased and cut to 8, PIN digits only up to 6; both required', async ({ page }) => {
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/redeem');
    await checkButton(page).click();
    await expect(page.getByText('Please enter the voucher code')).toBeVisible();
    await expect(page.getByText('Please enter the PIN')).toBeVisible();
    await expect(codeField(page)).toBeFocused();

    await codeField(page).pressSequentially('abcd2345wxyz');
    await expect(codeField(page)).toHaveValue('ABCD2345');
    await pinField(page).pressSequentially('12ab34-5678');
    await expect(pinField(page)).toHaveValue('123456');
  });
});

test.describe('who can redeem', () => {
  test('guests are asked to log in as a merchant', async ({ page }) => {
    await page.goto('/merchant/redeem');
    await expect(page.getByText('Please log in as a merchant to redeem vouchers.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Merchant Login' })).toHaveAttribute('href', '/merchant/login');
    await expect(codeField(page)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an account without a merchant is told so', async ({ page }) => {
    await signInAsNewCustomer(page);
    await page.goto('/merchant/redeem');
    await check(page, 'ABCD2345', '123456');
    await expect(page.getByText('Error: No merchantId bound to current account')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test('the redeem screen fits and stays accessible', async ({ page, request }) => {
    const voucher = await buyVoucher(request, SUSHI.title);
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/redeem');
    await expect(page.getByRole('heading', { level: 1, name: 'Redeem Vouchers' })).toBeVisible();
    await check(page, voucher.code, wrongPin(voucher.pin));
    await expect(page.getByText(/^Error: Incorrect PIN/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent Redemptions' }).getByText(voucher.code).first()).toBeVisible();
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await check(page, voucher.code, voucher.pin);
    await expect(confirmButton(page)).toBeVisible();
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page, '/merchant/redeem (confirm)');
  });

  test('the guest prompt fits and stays accessible', async ({ page }) => {
    await page.goto('/merchant/redeem');
    await expect(page.getByText('Please log in as a merchant to redeem vouchers.')).toBeVisible();
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page);
  });
});
