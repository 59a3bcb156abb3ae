// Journey: an admin creates a merchant; the merchant logs in with the random first password, is kept on the
// profile until it sets its own (the server refuses everything else), and then redeems.
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { apiLogin, E2E_ADMIN } from './accounts';
import { expectToast, freshPhone, passwordInput } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { adminMerchantEndpoints } from '../contract/admin';

test.describe("a merchant's first login", () => {
  // Screens that load before the redirect to the profile are refused by the server. The pattern is a prefix on purpose,
  // no one endpoint's path: whichever of the workspace's reads below '/api/merchant/' a screen starts may be refused.
  // eslint-disable-next-line no-restricted-syntax -- a prefix of several endpoints' paths, not an address
  test.use({ allowedConsoleErrors: [failedRequest(403, '/api/merchant/[^)]*')] });

  test('keeps the merchant on the profile until it sets its own password', async ({ page }) => {
    const adminSession = await apiLogin(page.request, E2E_ADMIN.phone, E2E_ADMIN.password);
    const phone = freshPhone();
    const created = await page.request.post(pathOf(adminMerchantEndpoints.create), {
      headers: { authorization: `Bearer ${adminSession}` },
      data: { name: `First Login Bistro ${phone.slice(-4)}`, phone, address: '1 Main St', description: 'A new merchant' },
    });
    expect(created.status()).toBe(201);
    const { loginInfo } = (await created.json()) as { loginInfo: { phone: string; password: string } };
    expect(loginInfo.password).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    await page.context().clearCookies();

    await page.goto('/merchant/login');
    const main = page.getByRole('main');
    await main.getByLabel('Phone Number').fill(loginInfo.phone);
    await passwordInput(main).fill(loginInfo.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Please change your password');
    await expect(page).toHaveURL(/\/profile$/);

    // Anywhere else leads back to the profile, whose password form is open.
    await page.goto('/merchant/redeem');
    await expect(page).toHaveURL(/\/profile$/);
    const passwordSection = page.getByRole('main').getByRole('region', { name: 'Password' });
    await expect(page.getByText('Please change your password')).toBeVisible();
    await expectAccessible(page, '/profile while the password must change');
    await passwordInput(passwordSection, 'Current Password').fill(loginInfo.password);
    await passwordInput(passwordSection, 'New Password').fill('bistro-own-pass');
    await passwordInput(passwordSection, 'Confirm New Password').fill('bistro-own-pass');
    await passwordSection.getByRole('button', { name: /Password$/ }).click();
    await expectToast(page, 'Password Updated');
    await expect(page.getByText('Please change your password')).toHaveCount(0);

    await page.goto('/merchant/redeem');
    await expect(page).toHaveURL(/\/merchant\/redeem$/);
    await expect(page.getByRole('button', { name: 'Check voucher' })).toBeVisible();
  });
});
