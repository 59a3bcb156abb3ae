// Journey: the demo owner adds a member of staff, who logs in at Merchant Login with the first password, replaces it,
// and from then on reaches only the counter (redeem and scan), never the owner's home; the owner then removes them,
// and their session ends.
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { signInAsDemoMerchant } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally } from './catalog';
import { expectToast, freshPhone, header, passwordInput } from './auth-screens';
import { urlOf } from '../contract/endpoint';
import { redemptionEndpoints } from '../contract/redemption';

test.describe("the owner's staff", () => {
  // Screens that load before the redirect to the profile are refused by the server (a first password), and the
  // removed account's last reads are refused too.
  // One pattern (the option takes a one-element list). Its '/api/' is a prefix on purpose, no one endpoint's path: any
  // read of the screens may be refused.
  test.use({ allowedConsoleErrors: [new RegExp(failedRequest(403, '/api/[^)]*').source.replace('status of 403', 'status of (?:401|403)'))] });

  test('are added with a first password, redeem at the counter only, and lose their access when removed', async ({ page, browser, baseURL }) => {
    test.slow();
    const phone = freshPhone();
    const name = `Kenji ${phone.slice(-4)}`;
    await signInAsDemoMerchant(page);
    await page.goto('/merchant/staff');
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add staff' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add staff' });
    await dialog.getByLabel('Phone Number').fill(phone);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add staff' }).click();
    const added = page.getByRole('dialog', { name: 'Staff account added' });
    const password = (await added.locator('dt:text-is("First password") + dd').innerText()).trim();
    expect(password).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    await expectAccessible(page, '/merchant/staff (added)');
    await added.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(name).first()).toBeVisible();

    // The new member of staff, on a phone of their own.
    const staffContext = await browser.newContext({ viewport: PHONE_VIEWPORT, baseURL });
    const staff = await staffContext.newPage();
    await staff.goto('/merchant/login');
    const main = staff.getByRole('main');
    await main.getByLabel('Phone Number').fill(phone);
    await passwordInput(main).fill(password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(staff, 'Please change your password');
    await expect(staff).toHaveURL(/\/profile$/);
    const passwordSection = staff.getByRole('main').getByRole('region', { name: 'Password' });
    await passwordInput(passwordSection, 'Current Password').fill(password);
    await passwordInput(passwordSection, 'New Password').fill('counter-own-pass');
    await passwordInput(passwordSection, 'Confirm New Password').fill('counter-own-pass');
    await passwordSection.getByRole('button', { name: /Password$/ }).click();
    await expectToast(staff, 'Password Updated');

    // Staff reach the counter; the owner's home sends them there, and the owner's screens tell them they are the owner's.
    await staff.goto('/merchant');
    await expect(staff).toHaveURL(/\/merchant\/redeem$/);
    await expect(staff.getByRole('button', { name: 'Check voucher' })).toBeVisible();
    await staff.getByRole('button', { name: 'Menu' }).click();
    const menu = header(staff);
    await expect(menu.getByRole('link', { name: 'Redeem', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Scan', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Statements' })).toHaveCount(0);
    await expect(menu.getByText('Staff', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await staff.keyboard.press('Escape');
    await staff.goto('/merchant/statements');
    await expect(staff.getByText('Only the owner account can see this.')).toBeVisible();
    expect(await scrollsHorizontally(staff)).toBe(false);
    await expectAccessible(staff, '/merchant/statements (staff)');

    // The owner removes them: their session ends at once.
    await page.getByRole('button', { name: `Remove ${name}` }).first().click();
    await page.getByRole('alertdialog', { name: 'Remove staff?' }).getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Staff removed');
    await expect(page.getByText(name)).toHaveCount(0);
    const after = await staff.request.get(urlOf(redemptionEndpoints.merchantLog, { query: { limit: 1 } }));
    expect(after.status()).toBe(401);
    await staffContext.close();
  });
});
