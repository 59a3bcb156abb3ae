// Journey: a merchant's day. The demo owner logs in and lands on its home; at the counter it checks, confirms and redeems
// three vouchers in a row, undoes one from the recent list, proposes a deal for review (its description written in the
// rich-text editor, with a bulleted list, and previewed) and sees the day in its figures.
// A superadmin then approves the proposal from the review queue, and the deal goes on sale; another proposal is turned
// down with a reason, changed and handed in again.
import type { APIRequestContext, Page } from '@playwright/test';
import type { MerchantOverview } from '../contract/workspace';
import { apiLogin, DEMO_MERCHANT, signInAsAdmin } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { passwordInput } from './auth-screens';
import { test, expect, expectAccessible } from './fixtures';
import { buyVoucher, type BoughtVoucher } from './fixtures-camera/vouchers';
import { pathOf, urlOf } from '../contract/endpoint';
import { dealEndpoints } from '../contract/deals';
import { workspaceEndpoints } from '../contract/workspace';

async function overview(request: APIRequestContext): Promise<MerchantOverview> {
  const sessionId = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
  const answer = await request.get(pathOf(workspaceEndpoints.overview), { headers: { authorization: `Bearer ${sessionId}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as MerchantOverview;
}

async function logInAtTheCounter(page: Page) {
  await page.goto('/merchant/login');
  const main = page.getByRole('main');
  await main.getByLabel('Phone Number').fill(DEMO_MERCHANT.phone);
  await passwordInput(main).fill(DEMO_MERCHANT.password);
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/merchant$/);
  await expect(page.getByRole('heading', { name: 'Merchant Home', level: 1 })).toBeVisible();
}

async function checkAndRedeem(page: Page, voucher: BoughtVoucher) {
  await page.getByLabel('Voucher Code').fill(voucher.code);
  await page.getByLabel('PIN', { exact: true }).fill(voucher.pin);
  await page.getByRole('button', { name: 'Check voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm redemption' })).toBeVisible();
  await expect(page.getByText(`•••• ${voucher.customer.phone.slice(-4)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm redemption' }).click();
  await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();
  // Cleared and ready for whoever is next in line.
  await expect(page.getByLabel('Voucher Code')).toHaveValue('');
}

/** A figure of the home's "Today" cards, as a number. */
async function todayFigure(page: Page, label: string): Promise<number> {
  const value = page.getByRole('region', { name: 'Today' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  return Number((await value.innerText()).replace(/[^0-9]/g, ''));
}

for (const viewport of [null, PHONE_VIEWPORT]) {
  test(`a merchant's day: redeem three in a row, undo one, propose a deal, read the figures${viewport ? ' (phone)' : ''}`, async ({ page, request }) => {
    test.slow();
    if (viewport) await page.setViewportSize(viewport);
    const before = await overview(request);
    const vouchers = [await buyVoucher(request, SUSHI.title), await buyVoucher(request, SUSHI.title), await buyVoucher(request, SUSHI.title)];

    await logInAtTheCounter(page);
    await expectAccessible(page, '/merchant');
    if (viewport) expect(await scrollsHorizontally(page)).toBe(false);

    await page.goto('/merchant/redeem');
    for (const voucher of vouchers) await checkAndRedeem(page, voucher);
    const recent = page.getByRole('region', { name: 'Recent Redemptions' });
    for (const voucher of vouchers) await expect(recent.getByRole('listitem').filter({ hasText: voucher.code }).first()).toContainText('Redeemed');

    // The second was a mistake: undone from the list, its voucher is active again.
    const mistaken = vouchers[1]!;
    await recent.getByRole('button', { name: `Undo ${mistaken.code}` }).click();
    await expect(recent.getByText('Redemption undone: the voucher is active again')).toBeVisible();
    await expect(recent.getByRole('listitem').filter({ hasText: mistaken.code }).first()).toContainText('Undone');
    if (viewport) expect(await scrollsHorizontally(page)).toBe(false);

    // A proposal: written, handed in, waiting for review.
    const title = `Omakase for two ${Date.now().toString(36)}${viewport ? ' phone' : ''}`;
    await page.goto('/merchant/deals/new');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('spinbutton', { name: 'Price (USD)', exact: true }).fill('59.00');
    // The description, written in the rich-text editor: a line, then a bulleted list of what is served.
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.click();
    await page.keyboard.type('Chef’s choice, served at the counter:');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Twelve pieces of nigiri');
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first();
    const bullets = toolbar.getByRole('button', { name: 'Bulleted list' });
    await bullets.click();
    await expect(bullets).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Miso soup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview.getByRole('region', { name: 'About this deal' }).getByRole('listitem')).toHaveText(['Twelve pieces of nigiri', 'Miso soup']);
    await expectAccessible(page, '/merchant/deals/new (preview)');
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Submit for review?' });
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page).toHaveURL(/\/merchant\/deals$/);
    const card = page.getByRole('article', { name: title, exact: true });
    await expect(card).toContainText('Pending review');
    // Stored as the server cleaned it: a paragraph, then the list.
    const ownerSession = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
    const mine = await request.get(pathOf(workspaceEndpoints.listDeals), { headers: { authorization: `Bearer ${ownerSession}` } });
    const proposal = ((await mine.json()) as Array<{ title: string; description: string }>).find((d) => d.title === title);
    expect(proposal?.description).toBe('<p>Chef’s choice, served at the counter:</p><ul><li><p>Twelve pieces of nigiri</p></li><li><p>Miso soup</p></li></ul>');
    if (viewport) expect(await scrollsHorizontally(page)).toBe(false);

    // The figures: two more redemptions that stand and three more units sold today, and the proposal among the deals.
    await page.goto('/merchant');
    const after = await overview(request);
    expect(after.today.redemptions - before.today.redemptions).toBeGreaterThanOrEqual(2);
    expect(after.today.unitsSold - before.today.unitsSold).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
    expect(await todayFigure(page, 'Redemptions')).toBeGreaterThanOrEqual(before.today.redemptions + 2);
    expect(await todayFigure(page, 'Units sold')).toBeGreaterThanOrEqual(before.today.unitsSold + 3);
    await expect(page.getByRole('figure', { name: 'Redemptions per day' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your deals' }).getByText(title).first()).toBeAttached();
    await expectAccessible(page, '/merchant (after the day)');
    if (viewport) expect(await scrollsHorizontally(page)).toBe(false);

    // The superadmin approves it from the review queue; it is on sale at once.
    await signInAsAdmin(page);
    await page.goto('/admin/deals');
    const queue = page.getByRole('region', { name: '审核队列' });
    const entry = queue.getByRole('article', { name: title, exact: true });
    await entry.getByRole('button', { name: /^通过/ }).click();
    await expect(entry).toBeHidden();
    const listed = await request.get(urlOf(dealEndpoints.list, { query: { q: title } }));
    expect(((await listed.json()) as Array<{ title: string }>).map((d) => d.title)).toContain(title);
  });
}

test('a proposal turned down comes back with its reason, is changed and handed in again; merchants get no buy buttons', async ({ page, request }) => {
  test.slow();
  const ownerSession = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
  const owner = { authorization: `Bearer ${ownerSession}` };
  const title = `Chirashi bowl ${Date.now().toString(36)}`;
  const created = await request.post(pathOf(workspaceEndpoints.createDeal), { headers: owner, data: { title, priceCents: 2450 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(pathOf(workspaceEndpoints.submitDeal, { id }), { headers: owner })).status()).toBe(200);

  // The superadmin turns it down from the queue, with a reason.
  await signInAsAdmin(page);
  await page.goto('/admin/deals');
  const entry = page.getByRole('region', { name: '审核队列' }).getByRole('article', { name: title, exact: true });
  await entry.getByRole('button', { name: /^驳回/ }).click();
  const reject = page.getByRole('dialog', { name: '驳回团购' });
  await reject.getByLabel('驳回原因').fill('Please add a picture and the terms.');
  await reject.getByRole('button', { name: '确认驳回' }).click();
  await expect(entry).toBeHidden();

  // The owner reads why, changes the deal and hands it in again.
  // The same browser, now signed in as the owner (the stored session id, as a login leaves it). The admin screen is
  // left first: an admin screen still open while its session is swapped under it may read its lists again as the
  // owner, and the browser logs the 403s.
  await page.goto('/');
  await page.context().clearCookies();
  await page.evaluate((id) => localStorage.setItem('sessionId', id), ownerSession);
  await page.goto('/merchant/deals');
  const card = page.getByRole('article', { name: title, exact: true });
  await expect(card).toContainText('Rejected');
  await expect(card).toContainText('Please add a picture and the terms.');
  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await page.getByRole('textbox', { name: 'Terms and conditions', exact: true }).fill('Dine-in only.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('alertdialog', { name: 'Submit for review?' }).getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/merchant\/deals$/);
  await expect(page.getByRole('article', { name: title, exact: true })).toContainText('Pending review');
  await expectAccessible(page, '/merchant/deals (handed in again)');

  // A merchant browsing the shop is told it cannot buy, instead of being offered Buy Now.
  await page.goto('/');
  await page.getByRole('link', { name: SUSHI.title }).first().click();
  await expect(page.getByText('Merchant accounts cannot buy deals').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy Now/ })).toHaveCount(0);
});
