// Journey: a signed-in customer logs out from the header and from the profile; the session ends on the server and the cart stays.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { apiLogin, DEMO_CUSTOMER, useSession } from './accounts';
import { PHONE_VIEWPORT } from './catalog';
import { expectGuestHeader, header, logoutFromHeader } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';

const SAVED_CART = JSON.stringify([{ dealId: 'kept-deal', quantity: 2 }]);

/** The demo customer on a session of this journey's own: logging out ends only that one. */
async function signInAsDemoCustomer(page: Page): Promise<{ phone: string; sessionId: string }> {
  const sessionId = await apiLogin(page.request, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
  await useSession(page, sessionId);
  return { phone: DEMO_CUSTOMER.phone, sessionId };
}

test.describe('logout', () => {
  test('from the header ends the session, and the local cart stays', async ({ page }) => {
    const { phone, sessionId } = await signInAsDemoCustomer(page);
    await page.goto('/');
    await page.evaluate((cart) => localStorage.setItem('cart', cart), SAVED_CART);
    await expect(header(page).getByText(phone).first()).toBeVisible();

    await logoutFromHeader(page);
    await expect(header(page).getByText(phone)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(SAVED_CART);
    const probe = await page.request.get(pathOf(authEndpoints.currentUser), { headers: { Authorization: `Bearer ${sessionId}` } });
    expect(probe.status()).toBe(401);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Please Login First' })).toBeVisible();
    await expectAccessible(page, '/profile as a guest');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('from the profile screen', async ({ page }) => {
      const { sessionId } = await signInAsDemoCustomer(page);
      await page.goto('/profile');
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectGuestHeader(page);
      const probe = await page.request.get(pathOf(authEndpoints.currentUser), { headers: { Authorization: `Bearer ${sessionId}` } });
      expect(probe.status()).toBe(401);
    });
  });
});
