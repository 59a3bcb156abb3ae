// Journey: the demo customer logs in with phone and password from the header and from the /login gate (which sends them on to next).
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { DEMO_CUSTOMER } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, header, loginDialog, openLoginFromHeader, passwordInput } from './auth-screens';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

test.describe('password login', () => {
  test.use({ allowedConsoleErrors: [failedRequest(401, pathPattern(authEndpoints.passwordLogin))] });

  test('checks the fields, refuses a wrong password and signs the demo customer in', async ({ page }) => {
    // Many steps and several accessibility scans in one journey.
    test.slow();
    await page.goto('/');
    const dialog = await openLoginFromHeader(page);
    const submit = dialog.getByRole('button', { name: 'Login', exact: true });
    await expect(dialog.getByLabel('Phone Number')).toBeFocused();

    await submit.click();
    await expectToast(page, 'Phone Number Required', 'Please enter your phone number');
    await dialog.getByLabel('Phone Number').fill(DEMO_CUSTOMER.phone);
    await submit.click();
    await expectToast(page, 'Password Required', 'Please enter your password');

    const password = passwordInput(dialog);
    await password.fill('not-the-password');
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await submit.click();
    await expectToast(page, 'Login Failed', 'Invalid phone number or password');
    await expect(dialog).toBeVisible();

    await password.fill(DEMO_CUSTOMER.password);
    await submit.click();
    await expectToast(page, 'Login Successful', 'Welcome back!');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByText(DEMO_CUSTOMER.phone).first()).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'My Vouchers' })).toBeVisible();
  });

  test('the /login gate opens the dialog and goes on to next', async ({ page }) => {
    await page.goto('/login?next=/profile');
    await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();
    await expectAccessible(page, '/login gate');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('Phone Number').fill(DEMO_CUSTOMER.phone);
    await passwordInput(dialog).fill(DEMO_CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    // The gate has done its job: Back leaves the site's login step out.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the gate and the dialog fit the screen', async ({ page }) => {
      await page.goto('/login?next=/profile');
      await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, '/login gate at 375 px');
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      await expect(loginDialog(page)).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
    });
  });
});
