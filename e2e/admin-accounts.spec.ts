// Journey: on a fresh install with no superadmin, the first one is made on /admin/bootstrap; a customer sets an email
// on the profile and verifies it with the code mailed to it, cannot promote themselves, and is promoted by the
// superadmin on /admin/promote (which finds no one by the email while it is unverified), after which they see the
// admin links. Runs against a server of its own, since the shared one already has a superadmin.
import type { Browser, Page } from '@playwright/test';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, freshPhone, header, latestEmailCode, latestSmsCode, passwordInput } from './auth-screens';
import { startOwnServer, type OwnServer } from './own-server';
import { useSession } from './accounts';
import { pathOf } from '../contract/endpoint';
import { adminAccountEndpoints } from '../contract/admin';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

const ADMIN_LINKS = ['Manage Merchants', 'Manage Deals', 'Transaction History', 'Orders', 'Ledger', 'Statements', 'Promote Admin'];

let server: OwnServer;
/** The bootstrapped superadmin's session, for the phone-width checks that follow the main journey. */
let adminSessionId: string | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Starting a server means migrating a new database, which takes a while on a busy machine.
  server = await startOwnServer({ bootstrapSecret: `own-bootstrap-secret-${Date.now()}`, demoData: false });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A page in a browser context of its own on the journey's server, with console errors collected. */
async function ownPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed = [failedRequest(401, pathPattern(authEndpoints.currentUser)), failedRequest(403, pathPattern(adminAccountEndpoints.promote))];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const line = `console error: ${message.text()} (${message.location().url})`;
    if (!allowed.some((pattern) => pattern.test(line))) problems.push(line);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems, close: () => context.close() };
}

/** A customer signed in by SMS, in a browser context of their own. */
async function customerPage(browser: Browser, viewport = { width: 1280, height: 720 }) {
  const { page, problems, close } = await ownPage(browser, viewport);
  const phone = freshPhone();
  const sent = await page.request.post(pathOf(authEndpoints.sendSmsCode), { data: { phone } });
  expect(sent.ok()).toBe(true);
  const verified = await page.request.post(pathOf(authEndpoints.verifySmsCode), { data: { phone, code: await latestSmsCode(page.request, phone) } });
  const { sessionId } = (await verified.json()) as { sessionId: string };
  await useSession(page, sessionId);
  return { page, phone, problems, close };
}

async function expectAdminHeader(page: Page) {
  const bar = header(page);
  await expect(bar.getByText('Admin', { exact: true }).first()).toBeVisible();
  for (const name of ADMIN_LINKS) await expect(bar.getByRole('link', { name, exact: true }).first()).toBeAttached();
}

test.describe('bootstrap and promote', () => {
  // The wrong secret is refused with 403 on purpose, and promotion of an unverified email with 404. (Two patterns
  // go in a tuple: Playwright would read a bare array of two as a value and its options.)
  test.use({
    allowedConsoleErrors: [[failedRequest(403, pathPattern(adminAccountEndpoints.bootstrap)), failedRequest(404, pathPattern(adminAccountEndpoints.promote))], { scope: 'test' }],
  });

  test('the first superadmin is bootstrapped and promotes a customer by email', async ({ page, browser }) => {
    const url = (path: string) => `${server.baseURL}${path}`;
    const adminPhone = freshPhone();

    // Logged out, the promote screen asks for a login first.
    await page.goto(url('/admin/promote'));
    await expect(page.getByRole('heading', { name: '请先登录' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: '登录' })).toBeVisible();
    await expectAccessible(page, '/admin/promote, logged out');

    await page.goto(url('/admin/bootstrap'));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Superadmin Bootstrap', level: 1 })).toBeVisible();
    await expect(main.getByText('This process is available only in development mode.')).toBeVisible();
    await expectAccessible(page, '/admin/bootstrap');

    const create = main.getByRole('button', { name: 'Create Superadmin' });
    await create.click();
    await expectToast(page, 'Error', 'Please fill in all fields');
    await main.getByLabel('Phone Number').fill(adminPhone);
    await passwordInput(main, 'Bootstrap Secret').fill('not-the-secret');
    await create.click();
    await expectToast(page, 'Bootstrap failed', 'Invalid bootstrap secret');

    await passwordInput(main, 'Bootstrap Secret').fill(server.bootstrapSecret);
    await create.click();
    await expectToast(page, 'Superadmin created');
    await expect(page).toHaveURL(/\/admin\/promote$/);
    await expectAdminHeader(page);
    await expect(main.getByText('SuperAdmin', { exact: true })).toBeVisible();
    adminSessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
    const quickLinks = main.getByRole('region', { name: '快捷入口' });
    for (const [name, href] of [
      ['商户管理', '/admin/merchants'],
      ['创建商户', '/admin/merchants'],
      ['团购管理', '/admin/deals'],
      ['返回首页', '/'],
    ] as const) {
      await expect(quickLinks.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('region', { name: '使用说明' })).toContainText('同步支付平台的商品和价格');
    await expectAccessible(page, '/admin/promote as a superadmin');

    const promoteForm = main.getByRole('region', { name: '提升超级管理员' });
    await promoteForm.getByRole('button', { name: '提升为超级管理员' }).click();
    await expectToast(page, '请输入邮箱', '请输入要提升为超级管理员的用户邮箱');

    // Bootstrap works once: with a superadmin in place it is refused.
    const again = await page.request.post(url(pathOf(adminAccountEndpoints.bootstrap)), {
      data: { phone: freshPhone() },
      headers: { 'X-Bootstrap-Secret': server.bootstrapSecret },
    });
    expect(again.status()).toBe(409);

    // A customer gives their account an email on the profile...
    const customer = await customerPage(browser);
    const email = `promoted-${Date.now()}@example.com`;
    await customer.page.goto('/profile');
    await customer.page.getByLabel('Email', { exact: true }).fill(email);
    await customer.page.getByRole('button', { name: 'Save Email' }).click();
    await expectToast(customer.page, 'Code Sent', email);
    const verifyForm = customer.page.getByRole('form', { name: 'Verify email' });
    await expect(verifyForm.getByRole('status')).toContainText(`Code sent to ${email}`);
    await expectAccessible(customer.page, '/profile with an email to verify');

    // Until the customer verifies it, the email finds no one.
    await promoteForm.getByLabel('用户邮箱').fill(email);
    await promoteForm.getByRole('button', { name: '提升为超级管理员' }).click();
    await expectToast(page, '提升失败', 'No user has that email');

    // ...and verifies it with the code mailed to it.
    await verifyForm.getByLabel('Verification Code').fill(await latestEmailCode(customer.page.request, email));
    await verifyForm.getByRole('button', { name: 'Verify' }).click();
    await expectToast(customer.page, 'Email Verified', email);
    await expect(customer.page.getByRole('region', { name: 'Sign-in Email' }).getByText('Verified', { exact: true })).toBeVisible();

    // ...sees the self-promotion form filled with it, and is refused by the server.
    await customer.page.goto('/admin/promote');
    const own = customer.page.getByRole('main');
    await expect(own.getByText('Customer', { exact: true })).toBeVisible();
    await expect(own.getByLabel('用户邮箱')).toHaveValue(email);
    await expectAccessible(customer.page, '/admin/promote as a customer');
    await own.getByRole('button', { name: '提升为超级管理员' }).click();
    await expectToast(customer.page, '提升失败', 'Only a superadmin can promote users');
    await expect(header(customer.page).getByRole('link', { name: 'Manage Merchants' })).toHaveCount(0);

    // The superadmin promotes them; the page reloads after the success toast.
    await promoteForm.getByLabel('用户邮箱').fill(email);
    const reloaded = page.waitForEvent('load');
    await promoteForm.getByRole('button', { name: '提升为超级管理员' }).click();
    await expectToast(page, '提升成功', email);
    await reloaded;
    await expect(main.getByText('SuperAdmin', { exact: true })).toBeVisible();

    // The promoted customer now sees the admin links and the SuperAdmin status.
    await customer.page.reload();
    await expectAdminHeader(customer.page);
    await expect(own.getByText('SuperAdmin', { exact: true })).toBeVisible();
    await expect(own.getByRole('region', { name: '快捷入口' })).toBeVisible();
    expect(customer.problems).toEqual([]);
    await customer.close();
  });

  test('the screens fit a phone for guests, customers and superadmins', async ({ browser }) => {
    test.slow();
    const guest = await ownPage(browser, PHONE_VIEWPORT);
    await guest.page.goto('/admin/promote');
    await expect(guest.page.getByRole('heading', { name: '请先登录' })).toBeVisible();
    await expectAccessible(guest.page, '/admin/promote, logged out, at 375 px');
    await guest.page.goto('/admin/bootstrap');
    await expect(guest.page.getByRole('heading', { name: 'Superadmin Bootstrap' })).toBeVisible();
    expect(await scrollsHorizontally(guest.page)).toBe(false);
    await expectAccessible(guest.page, '/admin/bootstrap at 375 px');
    expect(guest.problems).toEqual([]);
    await guest.close();

    const customer = await customerPage(browser, PHONE_VIEWPORT);
    await customer.page.goto('/admin/promote');
    await expect(customer.page.getByRole('main').getByText('Customer', { exact: true })).toBeVisible();
    expect(await scrollsHorizontally(customer.page)).toBe(false);
    await expectAccessible(customer.page, '/admin/promote as a customer at 375 px');
    expect(customer.problems).toEqual([]);
    await customer.close();

    expect(adminSessionId, 'the main journey bootstrapped a superadmin').toBeTruthy();
    const admin = await ownPage(browser, PHONE_VIEWPORT);
    await useSession(admin.page, adminSessionId ?? '');
    await admin.page.goto('/admin/promote');
    await expect(admin.page.getByRole('region', { name: '快捷入口' })).toBeVisible();
    expect(await scrollsHorizontally(admin.page)).toBe(false);
    await expectAccessible(admin.page, '/admin/promote as a superadmin at 375 px');
    expect(admin.problems).toEqual([]);
    await admin.close();
  });
});
