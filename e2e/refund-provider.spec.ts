// Journey: the payment provider misbehaves. A refund whose provider call hangs reads "Refund pending" to its customer
// and then "Refunded" once the provider answers, without a reload; a refund the provider refuses lands on Needs
// attention, where a superadmin resolves it, in Chinese. The built-in provider is told to hang or refuse for one
// voucher only (devEndpoints.testProviderRefunds), so journeys running beside this one are not touched.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsAdmin, useSession } from './accounts';
import { SPEC_DEALS } from './catalog';
import { failedRequest, test, expect, expectAccessible } from './fixtures';
import { buyVoucher, type BoughtVoucher } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';
import { devEndpoints } from '../contract/dev';
import { orderEndpoints } from '../contract/orders';
import { pathPattern } from './api-paths';

const SPA = SPEC_DEALS[1];

/** The bought voucher's id, read from its owner's list. */
async function voucherIdOf(request: APIRequestContext, voucher: BoughtVoucher): Promise<string> {
  const answer = await request.get(pathOf(voucherEndpoints.list), { headers: { authorization: `Bearer ${voucher.customer.sessionId}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const found = ((await answer.json()) as { id: string; voucherCode: string }[]).find((v) => v.voucherCode === voucher.code);
  if (!found) throw new Error(`voucher ${voucher.code} is not in its owner's list`);
  return found.id;
}

async function provider(request: APIRequestContext, mode: 'hold' | 'release' | 'refuse', voucherId: string): Promise<void> {
  const answer = await request.post(pathOf(devEndpoints.testProviderRefunds), { data: { mode, voucherId } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function refundFromMyVouchers(page: Page, code: string) {
  await page.goto('/my/vouchers');
  const card = page.getByRole('article').filter({ hasText: code });
  await card.getByRole('button', { name: `Refund voucher ${code}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this voucher?' });
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  return { card, dialog };
}

test.describe('refunds when the payment provider misbehaves', () => {
  test('a refund the provider leaves hanging reads Refund pending, then Refunded once it answers', async ({ page, request }) => {
    const voucher = await buyVoucher(page.request, SPA.title);
    const voucherId = await voucherIdOf(request, voucher);
    await provider(request, 'hold', voucherId);
    try {
      await useSession(page, voucher.customer.sessionId);
      const { card, dialog } = await refundFromMyVouchers(page, voucher.code);
      // The server waits a few seconds for the provider, then answers with the refund pending.
      await expect(dialog).toBeHidden({ timeout: 20_000 });
      await expect(card.getByText('Refund pending', { exact: true }).first()).toBeVisible();
      await expect(card.getByRole('button', { name: `Enlarge QR code for voucher ${voucher.code}` })).toBeHidden();
      await expect(card.getByText(voucher.pin)).toBeHidden();
      await expectAccessible(page, '/my/vouchers (refund pending)');
    } finally {
      await provider(request, 'release', voucherId);
    }
    // The page looks again by itself while a refund is pending.
    const card = page.getByRole('article').filter({ hasText: voucher.code });
    await expect(card.getByText('Refunded', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('Refund pending', { exact: true })).toHaveCount(0);
  });

  test.describe('refused', () => {
  // The provider's refusal is answered 502, which the browser logs.
  test.use({ allowedConsoleErrors: [failedRequest(502, pathPattern(orderEndpoints.refund))] });

    test('a refund the provider refuses is resolved by a superadmin on Needs attention, in Chinese', async ({ page, browser, request }) => {
      const voucher = await buyVoucher(page.request, SPA.title);
      const voucherId = await voucherIdOf(request, voucher);
      await provider(request, 'refuse', voucherId);
      await useSession(page, voucher.customer.sessionId);
      const { card, dialog } = await refundFromMyVouchers(page, voucher.code);
      await expect(dialog.getByText(/could not refund this voucher/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // The voucher is as it was: still usable.
      await expect(card.getByRole('button', { name: `Refund voucher ${voucher.code}` })).toBeVisible();

      const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await signInAsAdmin(admin);
      await admin.goto('/admin/attention');
      await expect(admin.getByRole('heading', { level: 1, name: 'Needs attention' })).toBeVisible();
      const item = admin.getByRole('article').filter({ hasText: voucher.code });
      await expect(item.getByText('The test provider refused the refund')).toBeVisible();
      await expectAccessible(admin, '/admin/attention');

      await admin.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
      await admin.reload();
      await expect(admin.getByRole('heading', { level: 1, name: '需要处理' })).toBeVisible();
      const zhItem = admin.getByRole('article').filter({ hasText: voucher.code });
      await zhItem.getByRole('button', { name: new RegExp(`^标记为已处理.*${voucher.code}`) }).click();
      const resolve = admin.getByRole('dialog');
      await resolve.getByRole('button', { name: '标记为已处理' }).click();
      await expect(resolve.getByText('请写明做了什么处理。')).toBeVisible();
      await resolve.getByRole('textbox', { name: '做了什么处理？' }).fill('已电话联系顾客，券继续有效');
      await resolve.getByRole('button', { name: '标记为已处理' }).click();
      await expect(resolve).toBeHidden();
      await expect(admin.getByText('已标记为已处理').first()).toBeVisible();
      await expect(admin.getByRole('article').filter({ hasText: voucher.code })).toHaveCount(0);
      await expectAccessible(admin, '/admin/attention (zh-CN, resolved)');
    });
  });
});
