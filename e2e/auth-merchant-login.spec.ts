// Journey: the demo merchant (an owner) logs in on /merchant/login and lands on its home with the workspace links; a
// customer account is refused there.
import { test, expect, expectAccessible } from './fixtures';
import { DEMO_CUSTOMER, DEMO_MERCHANT } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectGuestHeader, expectToast, header, passwordInput } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';

test.describe('merchant login', () => {
  test('checks the fields and signs the demo merchant in', async ({ page }) => {
    await page.goto('/merchant/login');
    await expect(page.getByRole('heading', { name: 'Merchant Login', level: 1 })).toBeVisible();
    await expectAccessible(page);
    const main = page.getByRole('main');
    const submit = main.getByRole('button', { name: 'Login', exact: true });

    await main.getByLabel('Phone Number').fill('   ');
    await submit.click();
    await expectToast(page, 'All Fields Required', 'Please enter both phone number and password');

    await main.getByLabel('Phone Number').fill(DEMO_MERCHANT.phone);
    await passwordInput(main).fill(DEMO_MERCHANT.password);
    await main.getByRole('button', { name: 'Show password' }).click();
    await expect(passwordInput(main)).toHaveAttribute('type', 'text');
    await submit.click();
    await expectToast(page, 'Login Successful');
    await expect(page).toHaveURL(/\/merchant$/);
    await expect(page.getByRole('heading', { name: 'Merchant Home', level: 1 })).toBeVisible();
    const bar = header(page);
    await expect(bar.getByText('Merchant', { exact: true }).first()).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Redeem', exact: true }).first()).toBeAttached();
    await expect(bar.getByRole('link', { name: 'Favorites' })).toHaveCount(0);
  });

  test('refuses a customer account and keeps no session for it', async ({ page }) => {
    await page.goto('/merchant/login');
    const main = page.getByRole('main');
    await main.getByLabel('Phone Number').fill(DEMO_CUSTOMER.phone);
    await passwordInput(main).fill(DEMO_CUSTOMER.password);
    const loggedOut = page.waitForResponse((res) => res.url().endsWith(pathOf(authEndpoints.logout)) && res.ok());
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Access Denied', 'This account is not authorized for merchant access');
    await loggedOut;
    await expect(page).toHaveURL(/\/merchant\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
    // Neither the stored id nor the cookie signs anyone in after a reload.
    await page.reload();
    await expectGuestHeader(page);
  });

  test('Back to Home goes home', async ({ page }) => {
    await page.goto('/merchant/login');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('fits the screen and stays accessible', async ({ page }) => {
      await page.goto('/merchant/login');
      await expect(page.getByRole('heading', { name: 'Merchant Login', level: 1 })).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });
});
