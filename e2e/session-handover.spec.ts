// Journey: a session id handed over in the address (`?session=`) signs in a visitor who has no session, and never
// replaces the session of someone already signed in (a link carrying another account's session must not move the
// victim's later purchases and vouchers into that account).
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { apiLogin, apiNewCustomer, DEMO_CUSTOMER, useSession } from './accounts';
import { header } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';

const storedSession = (page: Page): Promise<string | null> => page.evaluate(() => localStorage.getItem('sessionId'));

/** Who the server takes this page's requests for, asked the way the app asks (stored id as bearer, plus cookies). */
async function currentPhone(page: Page): Promise<string | null> {
  return page.evaluate(async (address) => {
    const id = localStorage.getItem('sessionId');
    const response = await fetch(address, {
      credentials: 'include',
      headers: id ? { Authorization: `Bearer ${id}` } : {},
    });
    return response.ok ? ((await response.json()) as { phone: string }).phone : null;
  }, pathOf(authEndpoints.currentUser));
}

test.describe('session handed over in the address', () => {
  test('a signed-in customer opening a link with another session id stays signed in as themselves', async ({ page, request }) => {
    // A login as the app does it: the session id stored in the page and the server's cookie set in the browser.
    const own = await apiLogin(page.request, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
    await useSession(page, own);
    // Another account's valid session, made outside this browser.
    const other = await apiNewCustomer(request);

    await page.goto(`/?session=${encodeURIComponent(other.sessionId)}`);
    // The header's account part is a chunk of its own, drawn once the server has said who is signed in; on a busy
    // machine that has taken over 7 s.
    await expect(header(page).getByText(DEMO_CUSTOMER.phone).first()).toBeVisible({ timeout: 15_000 });
    await expect(header(page).getByText(other.phone)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    expect(await storedSession(page)).toBe(own);
    expect(await currentPhone(page)).toBe(DEMO_CUSTOMER.phone);
  });

  test('a customer signed in only through the cookie keeps their session too', async ({ page, request }) => {
    // The cookie alone (nothing in localStorage): the page cannot see it, the server can.
    await apiLogin(page.request, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password);
    const other = await apiNewCustomer(request);

    await page.goto(`/?session=${encodeURIComponent(other.sessionId)}`);
    // The header's account part is a chunk of its own, drawn once the server has said who is signed in; on a busy
    // machine that has taken over 7 s.
    await expect(header(page).getByText(DEMO_CUSTOMER.phone).first()).toBeVisible({ timeout: 15_000 });
    await expect(header(page).getByText(other.phone)).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    expect(await storedSession(page)).toBeNull();
    expect(await currentPhone(page)).toBe(DEMO_CUSTOMER.phone);
  });

  test('a signed-out visitor with a valid handed-over session id is signed in', async ({ page, request }) => {
    const handed = await apiNewCustomer(request);

    await page.goto(`/cart?session=${encodeURIComponent(handed.sessionId)}&from=mail#top`);
    await expect(header(page).getByText(handed.phone).first()).toBeVisible();
    const address = new URL(page.url());
    expect(address.pathname).toBe('/cart');
    expect(address.search).toBe('?from=mail');
    expect(address.hash).toBe('#top');
    expect(await storedSession(page)).toBe(handed.sessionId);
    expect(await currentPhone(page)).toBe(handed.phone);
    await expectAccessible(page);
  });
});
