// Journey: a shopper switches the app to 简体中文 from the header (from the menu on a phone); every screen, the page's
// language and the server's messages follow, the choice survives a reload, and English can be chosen back. An admin
// who chooses English sees the admin screens, Chinese by default, in English.
import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { freshPhone, header, passwordInput } from './auth-screens';
import { PHONE_VIEWPORT, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

const HAN = /[\u4e00-\u9fff]/;

/** The language select of the header, through the menu on a narrow screen. */
async function languageSelect(page: Page, name: 'Language' | '语言') {
  const menu = header(page).getByRole('button', { name: name === 'Language' ? 'Menu' : '菜单' });
  const select = header(page).getByRole('combobox', { name }).filter({ visible: true }).first();
  await expect(menu.or(select).first()).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  return select;
}

for (const [width, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`language at ${width} width`, () => {
    if (viewport) test.use({ viewport });

    test('switches to Chinese and back, keeps the choice, and the server answers in it', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(header(page).getByRole('link', { name: /Cart/ }).first()).toBeVisible();

      await (await languageSelect(page, 'Language')).selectOption('zh-CN');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(header(page).getByRole('link', { name: /购物车/ }).first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('管理员入口');
      await expect(page.getByText('$', { exact: false }).first()).toBeVisible();
      await expectAccessible(page);

      // Kept across a reload and on the next screens.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(header(page).getByRole('link', { name: /购物车/ }).first()).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: SUSHI.title }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
      await expect(page.locator('main')).toContainText('US$');
      await page.goto('/cart');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAN);

      // The server's refusal comes in Chinese: a wrong password.
      const response = await page.request.post(pathOf(authEndpoints.passwordLogin), {
        headers: { 'accept-language': 'zh-CN' },
        // An unknown number: no real account's attempt budget is spent.
        data: { identifier: freshPhone(), password: 'not-the-password' },
      });
      expect(response.status()).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(HAN);

      await (await languageSelect(page, '语言')).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(header(page).getByRole('link', { name: /Cart/ }).first()).toBeVisible();
      await page.reload();
      await expect(header(page).getByRole('link', { name: /Cart/ }).first()).toBeVisible();
    });
  });
}

test.describe('a refused login', () => {
  test.use({ allowedConsoleErrors: [failedRequest(401, pathPattern(authEndpoints.passwordLogin))] });

  test('in Chinese shows the server message in Chinese', async ({ page }) => {
    await page.goto('/');
    await (await languageSelect(page, 'Language')).selectOption('zh-CN');
    await header(page).getByRole('link', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName('登录');
    await dialog.getByRole('tab', { name: '密码' }).click();
    const panel = dialog.getByRole('tabpanel', { name: '密码' });
    await panel.getByRole('textbox').first().fill(freshPhone());
    await passwordInput(dialog, '密码').fill('not-the-password');
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    const toast = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: HAN }).last();
    await expect(toast).toBeVisible();
    await expect(toast).not.toContainText('Invalid phone number or password');
  });
});

test('an admin who chooses English sees the admin screens in English', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/merchants');
  // The SPEC's admin screens are Chinese until a language is chosen.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAN);
  await (await languageSelect(page, 'Language')).selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(HAN);
  await expect(page.locator('main [lang="zh-CN"]')).toHaveCount(0);
  await expectAccessible(page);
});
