// Journey: a visitor registers with phone, password and a texted code in the Chinese register dialog, then logs in with that password.
import { test, expect, expectAccessible } from './fixtures';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, freshPhone, header, latestSmsCode, loginWithPassword, logoutFromHeader, openLoginFromHeader, passwordInput, registerDialog } from './auth-screens';

test.describe('registration', () => {
  test('checks the form in Chinese, verifies the code and signs the new customer in', async ({ page }) => {
    // Many steps and several accessibility scans in one journey.
    test.slow();
    const phone = freshPhone();
    const password = 'register-pass-1';
    await page.goto('/');
    const login = await openLoginFromHeader(page);
    await login.getByRole('button', { name: 'Register' }).click();
    const dialog = registerDialog(page);
    await expect(dialog).toBeVisible();
    await expect(login).toBeHidden();
    await expectAccessible(page, 'register dialog');

    const next = dialog.getByRole('button', { name: '获取验证码' });
    await dialog.getByLabel('手机号').fill('555123');
    await next.click();
    await expectToast(page, '手机号无效', '手机号至少10位');
    await expect(dialog.getByLabel('手机号')).toBeFocused();

    await dialog.getByLabel('手机号').fill(phone);
    await passwordInput(dialog, '密码').fill('12345');
    await next.click();
    await expectToast(page, '密码太短', '密码至少6位');

    await passwordInput(dialog, '密码').fill(password);
    await passwordInput(dialog, '确认密码').fill(`${password}x`);
    await next.click();
    await expectToast(page, '密码不一致', '两次输入的密码不一致');

    await passwordInput(dialog, '确认密码').fill(password);
    await next.click();
    await expectToast(page, '验证码已发送');
    const codeInput = dialog.getByLabel('验证码');
    await expect(codeInput).toBeVisible();
    await expectAccessible(page, 'register dialog, code step');

    await dialog.getByRole('button', { name: '完成注册' }).click();
    await expectToast(page, '验证码无效', '请输入6位验证码');

    // 返回 goes back to the form with everything kept.
    await dialog.getByRole('button', { name: '返回' }).click();
    await expect(dialog.getByLabel('手机号')).toHaveValue(phone);
    await dialog.getByRole('button', { name: '输入验证码' }).click();

    await codeInput.fill(await latestSmsCode(page.request, phone));
    await dialog.getByRole('button', { name: '完成注册' }).click();
    await expectToast(page, '注册成功', '欢迎加入');
    await expect(dialog).toBeHidden();
    await expect(header(page).getByText(phone).first()).toBeVisible();

    // The password chosen here is the account's password from now on.
    await logoutFromHeader(page);
    await loginWithPassword(page, phone, password);
    await expect(header(page).getByText(phone).first()).toBeVisible();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('fits the screen and switches back to login', async ({ page }) => {
      await page.goto('/');
      const login = await openLoginFromHeader(page);
      await login.getByRole('button', { name: 'Register' }).click();
      const dialog = registerDialog(page);
      await expect(dialog.getByLabel('手机号')).toBeFocused();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, 'register dialog at 375 px');
      await dialog.getByRole('button', { name: '登录' }).click();
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  });
});
