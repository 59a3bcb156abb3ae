// Journey: a customer who signed up by SMS sets a password on the profile, logs out, and logs in with it; then changes it.
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { apiLogin, DEMO_CUSTOMER, signInAsNewCustomer, useSession } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, header, loginWithPassword, logoutFromHeader, passwordInput } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

test.describe('password on the profile', () => {
  test.use({ allowedConsoleErrors: [failedRequest(400, pathPattern(authEndpoints.changePassword))] });

  test('sets a first password, logs in with it, and changes it', async ({ page }) => {
    // Many steps and several accessibility scans in one journey.
    test.slow();
    const { phone, sessionId: smsSession } = await signInAsNewCustomer(page);
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    const phoneSection = main.getByRole('region', { name: 'Phone Number' });
    await expect(phoneSection.getByText(phone)).toBeVisible();
    await expect(phoneSection.getByText('Verified')).toBeVisible();
    const passwordSection = main.getByRole('region', { name: 'Password' });
    await expect(passwordSection.getByText('Not Set', { exact: true })).toBeVisible();
    await expectAccessible(page, '/profile');

    const edit = passwordSection.getByRole('button', { name: 'Edit' });
    await expect(edit).toHaveAttribute('aria-expanded', 'false');
    await edit.click();
    await expect(passwordSection.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-expanded', 'true');
    // No password yet, so none to confirm.
    await expect(passwordSection.getByLabel('Current Password')).toHaveCount(0);
    await expectAccessible(page, '/profile with the password form');

    const save = passwordSection.getByRole('button', { name: 'Set Password' });
    await save.click();
    await expectToast(page, 'All Fields Required');
    await passwordInput(passwordSection, 'New Password').fill('short');
    await passwordInput(passwordSection, 'Confirm New Password').fill('shorter');
    await save.click();
    await expectToast(page, "Passwords Don't Match");
    await passwordInput(passwordSection, 'Confirm New Password').fill('short');
    await save.click();
    await expectToast(page, 'Password Too Short', 'New password must be at least 6 characters');

    await passwordInput(passwordSection, 'New Password').fill('first-pass-1');
    await passwordInput(passwordSection, 'Confirm New Password').fill('first-pass-1');
    await save.click();
    await expectToast(page, 'Password Updated');
    await expect(passwordSection.getByText('Set', { exact: true })).toBeVisible();

    // Every older session ended; this device carries on with the new one the server handed back.
    const stored = await page.evaluate(() => localStorage.getItem('sessionId'));
    expect(stored).not.toBe(smsSession);
    expect((await page.request.get(pathOf(authEndpoints.currentUser), { headers: { Authorization: `Bearer ${smsSession}` } })).status()).toBe(401);
    await page.reload();
    await expect(header(page).getByText(phone).first()).toBeVisible();

    await logoutFromHeader(page);
    await loginWithPassword(page, phone, 'first-pass-1');

    // With a password set, changing it asks for the current one.
    await page.goto('/profile');
    await passwordSection.getByRole('button', { name: 'Edit' }).click();
    await passwordInput(passwordSection, 'Current Password').fill('not-it');
    await passwordInput(passwordSection, 'New Password').fill('second-pass-2');
    await passwordInput(passwordSection, 'Confirm New Password').fill('second-pass-2');
    await passwordSection.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password Update Failed', 'Current password is incorrect');
    await passwordInput(passwordSection, 'Current Password').fill('first-pass-1');
    await passwordSection.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password Updated');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the profile fits the screen, and guests are asked to log in', async ({ page }) => {
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
      await expectAccessible(page, '/profile as a guest');
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
      await page.keyboard.press('Escape');

      // The demo customer has a password, so the form asks for the current one too.
      await useSession(page, await apiLogin(page.request, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password));
      await page.goto('/profile');
      await page.getByRole('region', { name: 'Password' }).getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();
      await expect(page.getByLabel('Current Password', { exact: true }).and(page.locator('input'))).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, '/profile at 375 px');
    });
  });
});
