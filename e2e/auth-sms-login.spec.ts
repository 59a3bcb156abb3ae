// Journey: a new visitor logs in with a texted code from the header's Login dialog (a wrong code is refused first); the account is created on the way.
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, freshPhone, header, latestSmsCode, openLoginFromHeader } from './auth-screens';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

test.describe('SMS login', () => {
  // A wrong code is refused with 400 on purpose.
  test.use({ allowedConsoleErrors: [failedRequest(400, pathPattern(authEndpoints.verifySmsCode))] });

  test('sends a code, verifies it and signs the new customer in', async ({ page }) => {
    // Many steps and several accessibility scans in one journey.
    test.slow();
    const phone = freshPhone();
    await page.goto('/');
    const dialog = await openLoginFromHeader(page);
    await expect(dialog.getByRole('tab', { name: 'Password', selected: true })).toBeVisible();
    await expectAccessible(page, 'login dialog, password tab');

    await dialog.getByRole('tab', { name: 'SMS' }).click();
    await dialog.getByLabel('Phone Number').fill('555123');
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await expectToast(page, 'Invalid phone number', 'Please enter a valid phone number');

    await dialog.getByLabel('Phone Number').fill(phone);
    await dialog.getByRole('button', { name: 'Send Code' }).click();
    await expectToast(page, 'SMS code sent');
    const codeInput = dialog.getByLabel('Verification Code');
    await expect(codeInput).toBeFocused();
    await expect(dialog.getByText(/^Resend code in \d+s$/)).toBeVisible();
    await expectAccessible(page, 'login dialog, sms-verify step');

    // Back returns to the phone step with the phone kept; the fresh code is still the one to type.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByLabel('Phone Number')).toHaveValue(phone);
    await dialog.getByRole('button', { name: 'Enter Code' }).click();

    await codeInput.pressSequentially('12ab');
    await expect(codeInput).toHaveValue('12');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Invalid code', 'Please enter the 6-digit verification code');

    const code = await latestSmsCode(page.request, phone);
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Error', 'Invalid verification code');
    await expect(dialog).toBeVisible();

    await codeInput.fill(code);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Phone number verified successfully');
    await expect(dialog).toBeHidden();
    await expect(header(page).getByText(phone).first()).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Logout' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeTruthy();
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('opens from the menu, fits the screen, and closing it resets the fields', async ({ page }) => {
      await page.goto('/');
      let dialog = await openLoginFromHeader(page);
      await dialog.getByRole('tab', { name: 'SMS' }).click();
      await dialog.getByLabel('Phone Number').fill('5551234567');
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, 'login dialog at 375 px');

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      dialog = await openLoginFromHeader(page);
      await expect(dialog.getByRole('tab', { name: 'Password', selected: true })).toBeVisible();
      await dialog.getByRole('tab', { name: 'SMS' }).click();
      await expect(dialog.getByLabel('Phone Number')).toHaveValue('');

      await dialog.getByLabel('Phone Number').fill(freshPhone());
      await dialog.getByRole('button', { name: 'Send Code' }).click();
      await expect(dialog.getByLabel('Verification Code')).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, 'login dialog, sms-verify step at 375 px');
    });
  });
});
