// Journey: a customer refunds an unused voucher from My Vouchers and finds the refund in My Orders; customer service
// finds the order by the voucher code and gives a goodwill refund of a redeemed voucher; the ledger shows both refunds.
import type { Browser } from '@playwright/test';
import { apiLogin, DEMO_MERCHANT, signInAsAdmin, useSession } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { test, expect, expectAccessible } from './fixtures';
import { buyVoucher } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { redemptionEndpoints } from '../contract/redemption';

const SPA = SPEC_DEALS[1];

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

test.describe('refunds', () => {
  test('the customer refunds an unused voucher and sees it in My Orders', async ({ page }) => {
    // Bought through the page's own request context, so the page holds the buyer's session cookie too (the QR images need it).
    const voucher = await buyVoucher(page.request, SPA.title);
    await useSession(page, voucher.customer.sessionId);
    await page.goto('/my/vouchers');
    const card = page.getByRole('article').filter({ hasText: voucher.code });
    await expect(card.getByText('Refund anytime')).toBeVisible();

    await card.getByRole('button', { name: `Refund voucher ${voucher.code}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refund this voucher?' });
    await expect(dialog.getByText('The money goes back to your card. This cannot be undone.')).toBeVisible();
    await expectAccessible(page, '/my/vouchers (refund dialog)');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(/^Refund(ed| pending)$/).first()).toBeVisible();
    await expect(card.getByRole('button', { name: `Enlarge QR code for voucher ${voucher.code}` })).toBeHidden();

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    const order = page.getByRole('article').first();
    await expect(order.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(order.getByText(voucher.code).first()).toBeVisible();
    await expectAccessible(page, '/orders');
  });

  test('customer service gives a goodwill refund of a redeemed voucher; the ledger shows it', async ({ browser, request }) => {
    const voucher = await buyVoucher(request, SUSHI.title);
    const merchant = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
    const redeemed = await request.post(pathOf(redemptionEndpoints.redeem), { headers: { authorization: `Bearer ${merchant}` }, data: { code: voucher.code, pin: voucher.pin } });
    expect(redeemed.ok(), await redeemed.text()).toBe(true);

    const page = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/orders');
    await page.getByRole('searchbox', { name: 'Order number, phone or voucher code' }).fill(voucher.code);
    await page.getByRole('button', { name: 'Search' }).click();
    const order = page.getByRole('article').first();
    await expect(order.getByText(voucher.customer.phone, { exact: true })).toBeVisible();
    await expectAccessible(page, '/admin/orders (found)');

    await order.getByRole('button', { name: `Goodwill refund of voucher ${voucher.code}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Goodwill refund' });
    await dialog.getByRole('button', { name: 'Give goodwill refund' }).click();
    await expect(dialog.getByText('Please give the reason for a goodwill refund.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason for the goodwill refund/ }).fill('The platter arrived late');
    await dialog.getByRole('button', { name: 'Give goodwill refund' }).click();
    await expect(dialog).toBeHidden();
    await expect(order.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(order.getByRole('button', { name: `Goodwill refund of voucher ${voucher.code}` })).toBeHidden();

    await page.goto('/admin/ledger');
    await expect(page.getByRole('region', { name: 'Totals' }).getByText('Balance')).toBeVisible();
    // Other journeys pay meanwhile, so the refund is found by its note rather than taken to be the newest row.
    await expect(page.getByRole('region', { name: 'Entries' }).getByRole('row').filter({ hasText: 'goodwill' }).first()).toContainText('Refund');
    await expectAccessible(page, '/admin/ledger');
  });

  test('the money screens fit a phone', async ({ browser }) => {
    const page = await newPage(browser, PHONE_VIEWPORT);
    await signInAsAdmin(page);
    for (const path of ['/admin/orders', '/admin/ledger']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await scrollsHorizontally(page), path).toBe(false);
    }
  });
});
