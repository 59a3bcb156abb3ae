// Journeys of group deals: two customers form a group (one starts it from the deal page and pays, the other opens
// the shared link on a phone, joins and pays; both get their voucher the moment the group is full, and the
// starter's open group page sees it happen), and a group whose window ends unfilled refunds both paid members
// (the window ended through the development route rather than waited for).
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiNewCustomer, signInAsNewCustomer, useSession } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { CARD_EXPIRY } from './purchase-helpers';
import { pathOf } from '../contract/endpoint';
import { checkoutEndpoints, voucherEndpoints } from '../contract/checkout';
import { devEndpoints } from '../contract/dev';
import { groupEndpoints } from '../contract/groups';
import { orderEndpoints } from '../contract/orders';

const SPA = SPEC_DEALS[1];
const SPA_GROUP_PRICE = '$29.99';
const SUSHI_GROUP_PRICE = '$14.99';

async function payOnCheckoutPage(page: Page, name: string) {
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiry Date (MM/YY)').fill(CARD_EXPIRY.replace('/', ''));
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder Name').fill(name);
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/, { timeout: 15_000 });
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** Starts (no group id) or joins a group through the API and pays for the place; answers the group's id. */
async function paidPlace(request: APIRequestContext, sessionId: string, dealId: string, groupId?: string): Promise<string> {
  const headers = { authorization: `Bearer ${sessionId}` };
  const started = groupId ? await request.post(pathOf(groupEndpoints.join, { id: groupId }), { headers }) : await request.post(pathOf(groupEndpoints.start), { headers, data: { dealId } });
  expect(started.ok(), await started.text()).toBe(true);
  const answer = (await started.json()) as { group: { id: string }; url: string };
  const session = new URL(answer.url).searchParams.get('session_id') ?? '';
  const paid = await request.post(pathOf(checkoutEndpoints.testPay, { id: session }), {
    headers,
    data: { cardNumber: '4242424242424242', expiry: CARD_EXPIRY, cvc: '123', cardholderName: 'Group Member' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return answer.group.id;
}

test.describe('group deals', () => {
  test('two customers form a group: both vouchers are issued the moment the second one pays', async ({ page, browser, request }) => {
    const spaId = await dealIdByTitle(request, SPA.title);

    // The starter: both prices on the deal page, then "Start a group" straight to payment.
    await signInAsNewCustomer(page);
    await page.goto(`/deal/${spaId}`);
    await expect(page.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
    await expect(page.getByRole('button', { name: `Buy alone ${SPA.price}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join a group' })).toBeVisible();
    await expectAccessible(page, '/deal (group offer)');
    await page.getByRole('button', { name: `Start a group ${SPA_GROUP_PRICE}` }).click();
    // The checkout names the group, and its way back leads to the group.
    const place = page.getByRole('region', { name: 'Your place in a group' });
    await expect(place.getByText(SPA.title)).toBeVisible();
    await expect(place.getByText(/^Group of 2 · 1 seat left · closes /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to the group' })).toBeVisible();
    await payOnCheckoutPage(page, 'Group Starter');
    await expect(page.getByText('Payment received', { exact: true })).toBeVisible();
    // In the group, nothing about a voucher yet: whom to invite by when, the live count, Share and Copy link.
    await expect(page.getByRole('heading', { level: 1, name: "You're in!" })).toBeVisible();
    await expect(page.getByText(/^Invite 1 more before .+\. If the group doesn't fill, you're refunded automatically\.$/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'places paid' })).toHaveText('1 of 2 places paid');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/voucher/i)).toHaveCount(0);
    await expectAccessible(page, '/success (waiting for the group)');
    await page.getByRole('link', { name: 'View your group' }).click();
    await expect(page).toHaveURL(/\/group\/[0-9a-f-]{36}$/);
    const groupUrl = new URL(page.url()).pathname;
    const group = page.getByRole('region', { name: 'The group' });
    await expect(group.getByRole('status')).toHaveText('Waiting for 1 more');
    await expect(group.getByText("You're in. Share the link so friends can join.")).toBeVisible();
    await expect(group.getByText('1 seat left')).toBeVisible();
    await expectAccessible(page, '/group (open, member)');

    // A shared link reads well in a chat app: the page's own title and Open Graph tags, without running the app.
    const shared = await request.get(groupUrl);
    const html = await shared.text();
    expect(html).toContain(`<meta property="og:title" content="Join my group: ${SPA.title}" />`);
    expect(html).toMatch(/<meta property="og:description" content="2 people get it for \$29\.99 each instead of \$39\.99 at [^"]+\. 1 place left\." \/>/);

    // The friend opens the link on a phone, joins and pays.
    const friend = await newPage(browser, PHONE_VIEWPORT);
    await signInAsNewCustomer(friend);
    // On a phone the deal page's bar offers both ways to buy, each whole on screen.
    await friend.goto(`/deal/${spaId}`);
    const bar = friend.getByRole('region', { name: 'Buy this deal' });
    for (const name of [`Buy alone ${SPA.price}`, `Start a group ${SPA_GROUP_PRICE}`]) {
      const button = bar.getByRole('button', { name });
      await expect(button).toBeInViewport({ ratio: 1 });
      expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    expect(await scrollsHorizontally(friend)).toBe(false);
    await friend.goto(groupUrl);
    await expect(friend.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
    expect(await scrollsHorizontally(friend)).toBe(false);
    // Join is in view on a phone without scrolling.
    await expect(friend.getByRole('button', { name: `Join for ${SPA_GROUP_PRICE}` })).toBeInViewport({ ratio: 1 });
    await expectAccessible(friend, '/group (open, phone)');
    await friend.getByRole('button', { name: `Join for ${SPA_GROUP_PRICE}` }).click();
    await payOnCheckoutPage(friend, 'Group Friend');
    // Formed by this payment: celebrated, and the friend's voucher is on the payment result at once.
    await expect(friend.getByRole('heading', { level: 1, name: 'Group formed!' })).toBeVisible({ timeout: 15_000 });
    await expect(friend.getByText(/Voucher Code/i).first()).toBeVisible({ timeout: 15_000 });
    await friend.goto(groupUrl);
    await expect(friend.getByRole('region', { name: 'The group' }).getByRole('status')).toHaveText('Group complete! Vouchers are in My Vouchers');

    // The starter's page, still open, sees the group form, and the voucher is in My Vouchers.
    await expect(group.getByRole('status')).toHaveText('Group complete! Vouchers are in My Vouchers', { timeout: 15_000 });
    await expect(group.getByRole('heading', { name: 'Group formed!' })).toBeVisible();
    await group.getByRole('link', { name: 'Go to My Vouchers' }).click();
    await expect(page.getByRole('article').filter({ hasText: SPA.title }).first()).toBeVisible();
    await page.goto('/orders');
    await expect(page.getByRole('article').first().getByText('Group complete')).toBeVisible();
    await friend.context().close();
  });

  test('a group whose window ends unfilled refunds both paid members and issues no voucher', async ({ page, request }) => {
    const sushiId = await dealIdByTitle(request, SUSHI.title);
    const starter = await apiNewCustomer(request);
    const joiner = await apiNewCustomer(request);
    const groupId = await paidPlace(request, starter.sessionId, sushiId);
    await paidPlace(request, joiner.sessionId, sushiId, groupId);

    await useSession(page, starter.sessionId);
    await page.goto('/my/vouchers');
    const waiting = page.getByRole('region', { name: 'Waiting for your group' });
    await expect(waiting.getByText(`${SUSHI.title}`)).toBeVisible();
    await expect(waiting.getByText(/waiting for 1 more/)).toBeVisible();
    await page.goto(`/group/${groupId}`);
    const group = page.getByRole('region', { name: 'The group' });
    await expect(group.getByRole('status')).toHaveText('Waiting for 1 more');
    await expect(page.getByText(SUSHI_GROUP_PRICE).first()).toBeVisible();

    // The clock moves to the end of the group's window; the sweep fails the group and refunds both members.
    const ended = await request.post(pathOf(devEndpoints.endGroupWindow, { id: groupId }));
    expect(ended.ok(), await ended.text()).toBe(true);
    expect(((await ended.json()) as { status: string }).status).toBe('failed');

    await expect(group.getByRole('status')).toHaveText('This group did not fill in time. Everyone who paid is refunded.', { timeout: 15_000 });
    await expect(group.getByText('Your payment has been refunded.')).toBeVisible();
    await expect(group.getByRole('button', { name: `Start a new group ${SUSHI_GROUP_PRICE}` })).toBeVisible();
    await expectAccessible(page, '/group (failed)');

    for (const who of [starter, joiner]) {
      const headers = { authorization: `Bearer ${who.sessionId}` };
      const vouchers = (await (await request.get(pathOf(voucherEndpoints.list), { headers })).json()) as unknown[];
      expect(vouchers).toEqual([]);
      const orders = (await (await request.get(pathOf(orderEndpoints.list), { headers })).json()) as { refundedCents: number; group: { status: string } }[];
      expect(orders[0]).toMatchObject({ refundedCents: 1499, group: { status: 'failed' } });
    }
    await page.goto('/orders');
    const order = page.getByRole('article').first();
    await expect(order.getByText('Group did not fill — refunded')).toBeVisible();
    await expect(order.getByText('group did not fill', { exact: true })).toBeVisible();
  });
});
