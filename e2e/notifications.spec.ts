// Journey: notifications on screen. A customer buys a deal with the built-in test provider and the receipt appears in
// the header's bell (a badge of 1, an item naming the deal that leads to My Vouchers) and as a text in the development
// SMS outbox (with the voucher code, never the PIN). Then the customer switches SMS receipts off in the profile, buys
// again, and the bell has the new receipt while no text is sent for it (the email, still on, shows the sender ran).
// The bell on a phone; a superadmin's Failed sends screen.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiNewCustomer, signInAsAdmin, useSession } from './accounts';
import { header } from './auth-screens';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { buyThroughApi } from './purchase-helpers';
import { pathOf, urlOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';
import { voucherEndpoints } from '../contract/checkout';
import { devEndpoints } from '../contract/dev';
import { notificationEndpoints } from '../contract/notifications';

/** The sender job runs every few seconds; a text or an email is awaited this long. */
const SENT_WITHIN_MS = 20_000;

const bell = (page: Page): Locator => header(page).getByRole('button', { name: /^Notifications/ });
const bellList = (page: Page): Locator => page.getByRole('dialog', { name: 'Notifications' });

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** A brand-new customer with a verified email, so both channels reach them. */
async function customerWithEmail(request: APIRequestContext): Promise<{ phone: string; email: string; sessionId: string }> {
  const { phone, sessionId } = await apiNewCustomer(request);
  const email = `bell-${phone}@example.com`;
  const saved = await request.patch(pathOf(authEndpoints.updateUser), { headers: bearer(sessionId), data: { email } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { code } = (await (await request.get(urlOf(devEndpoints.emailOutbox, { query: { email } }))).json()) as { code: string };
  const verified = await request.post(pathOf(authEndpoints.verifyEmail), { headers: bearer(sessionId), data: { code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { phone, email, sessionId };
}

/** The codes and PINs of the customer's vouchers, newest first. */
async function vouchersOf(request: APIRequestContext, sessionId: string): Promise<Array<{ code: string; pin: string | null }>> {
  const response = await request.get(pathOf(voucherEndpoints.list), { headers: bearer(sessionId) });
  expect(response.ok(), await response.text()).toBe(true);
  const vouchers = (await response.json()) as Array<{ voucherCode: string; voucherPin: string | null }>;
  return vouchers.map((voucher) => ({ code: voucher.voucherCode, pin: voucher.voucherPin }));
}

async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const response = await request.get(urlOf(devEndpoints.smsMessages, { query: { phone } }));
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: Array<{ body: string }> }).messages.map((message) => message.body);
}

async function emailsTo(request: APIRequestContext, email: string): Promise<string[]> {
  const response = await request.get(urlOf(devEndpoints.emailMessages, { query: { email } }));
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string }> }).messages.map((message) => `${message.subject}\n${message.text}`);
}

test.describe('notifications', () => {
  test('a receipt reaches the bell and the SMS outbox; with SMS receipts switched off only the bell has the next one', async ({ page }) => {
    test.setTimeout(120_000);
    const customer = await customerWithEmail(page.request);
    await useSession(page, customer.sessionId);
    const sushiId = await dealIdByTitle(page.request, SUSHI.title);

    await test.step('the receipt in the bell and in the SMS outbox', async () => {
      await page.goto('/');
      await expect(bell(page)).toHaveAccessibleName('Notifications');

      await buyThroughApi(page.request, customer.sessionId, [{ dealId: sushiId, quantity: 1 }]);
      const [voucher] = await vouchersOf(page.request, customer.sessionId);
      if (!voucher) throw new Error('the purchase made no voucher');

      // The bell reads its count on a new page (and every 30 s, and when the window regains focus).
      await page.reload();
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await expect(bell(page)).toHaveText('1');

      await bell(page).click();
      const list = bellList(page);
      await expect(list).toBeVisible();
      await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
      const receipt = list.getByRole('listitem').filter({ hasText: SUSHI.title });
      await expect(receipt).toHaveCount(1);
      await expect(receipt).toContainText('Your vouchers are ready');
      await expect(receipt).toContainText(voucher.code);
      await expect(receipt).toContainText('New');
      await expect(receipt.getByRole('link')).toHaveAttribute('href', '/my/vouchers');
      await expectAccessible(page, '/ (the bell open)');
      // Shown, so read.
      await expect(bell(page)).toHaveAccessibleName('Notifications');

      // Escape closes the list and gives focus back to the bell.
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(bell(page)).toBeFocused();

      // The item leads to My Vouchers, and following it closes the list.
      await bell(page).click();
      await bellList(page).getByRole('link').filter({ hasText: SUSHI.title }).click();
      await expect(page).toHaveURL(/\/my\/vouchers$/);
      await expect(bellList(page)).toBeHidden();

      // The text: the voucher code, never the PIN.
      await expect
        .poll(async () => (await textsTo(page.request, customer.phone)).filter((text) => text.includes(voucher.code)), { timeout: SENT_WITHIN_MS })
        .toHaveLength(1);
      const text = (await textsTo(page.request, customer.phone)).find((body) => body.includes(voucher.code)) ?? '';
      expect(text).toContain(SUSHI.title);
      if (voucher.pin) expect(text).not.toContain(voucher.pin);
    });

    await test.step('SMS receipts switched off in the profile: the bell has the next receipt, the SMS outbox not', async () => {
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Notifications' });
      await expect(section.getByText(`To ${customer.email}`)).toBeVisible();
      const smsReceipts = section.getByRole('switch', { name: 'Orders & receipts by SMS' });
      await expect(smsReceipts).toBeChecked();
      await expect(section.getByRole('switch', { name: 'Orders & receipts by Email' })).toBeEnabled();
      await expectAccessible(page, '/profile (notifications)');
      const saved = page.waitForResponse(
        (response) => response.request().method() === notificationEndpoints.updateSettings.method && new URL(response.url()).pathname === pathOf(notificationEndpoints.updateSettings),
      );
      await smsReceipts.uncheck();
      expect((await saved).ok()).toBe(true);
      await expect(smsReceipts).not.toBeChecked();
      // Kept: read again on a new page.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('switch', { name: 'Orders & receipts by SMS' })).not.toBeChecked();

      const textsBefore = (await textsTo(page.request, customer.phone)).length;
      await buyThroughApi(page.request, customer.sessionId, [{ dealId: sushiId, quantity: 1 }]);
      const [second] = await vouchersOf(page.request, customer.sessionId);
      if (!second) throw new Error('the second purchase made no voucher');

      await page.goto('/');
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(page).click();
      const receipts = bellList(page).getByRole('listitem').filter({ hasText: SUSHI.title });
      await expect(receipts).toHaveCount(2);
      // Newest first, and only the new one unread.
      await expect(receipts.first()).toContainText(second.code);
      await expect(receipts.first()).toContainText('New');
      await expect(receipts.nth(1)).not.toContainText('New');

      // The email, still switched on, arrives: the sender has been through this receipt, and sent no text for it.
      await expect
        .poll(async () => (await emailsTo(page.request, customer.email)).filter((email) => email.includes(second.code)), { timeout: SENT_WITHIN_MS })
        .toHaveLength(1);
      const texts = await textsTo(page.request, customer.phone);
      expect(texts).toHaveLength(textsBefore);
      expect(texts.filter((text) => text.includes(second.code))).toEqual([]);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the bell sits in the bar and its list fits the screen', async ({ page }) => {
      const { sessionId } = await apiNewCustomer(page.request);
      await useSession(page, sessionId);
      await buyThroughApi(page.request, sessionId, [{ dealId: await dealIdByTitle(page.request, SUSHI.title), quantity: 1 }]);
      await page.goto('/');
      await expect(bell(page)).toBeVisible();
      await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
      await bell(page).focus();
      await page.keyboard.press('Enter');
      const list = bellList(page);
      await expect(list.getByRole('listitem').filter({ hasText: SUSHI.title })).toBeVisible();
      await expect(list).toBeInViewport({ ratio: 1 });
      expect(await scrollsHorizontally(page), 'the page scrolls sideways with the bell open').toBe(false);
      await expectAccessible(page, '/ (the bell open on a phone)');
      await list.getByRole('button', { name: 'Close notifications' }).click();
      await expect(list).toBeHidden();
      await expect(bell(page)).toBeFocused();
    });
  });

  test('a superadmin finds Failed sends among the admin screens, empty while every send went out', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/ledger');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The superadmin has the bell too.
    await expect(bell(page)).toBeVisible();
    await page.getByRole('main').getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Failed sends' }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Failed sends' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No failed sends' })).toBeVisible();
    await expectAccessible(page, '/admin/notifications');
  });
});
