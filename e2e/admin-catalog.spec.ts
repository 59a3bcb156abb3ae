// Journeys: a superadmin manages merchants and deals on /admin/merchants and /admin/deals (Chinese screens), and a
// shopper finds the newly published deal, keeps it as a favourite and lets it go again. Others see the deal list
// browse-only. Axe checks at desktop and at phone width.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { signInAsAdmin, signInAsNewCustomer } from './accounts';
import { freshPhone } from './auth-screens';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, searchBox } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { adminDealEndpoints, adminMerchantEndpoints } from '../contract/admin';
import { checkoutEndpoints } from '../contract/checkout';
import { pathPattern } from './api-paths';

const ONLY_ADMIN = 'Only admin can operate';

function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The management APIs, called as the signed-in superadmin, to set up what a journey needs. */
function adminApi(request: APIRequestContext, sessionId: string) {
  const headers = { authorization: `Bearer ${sessionId}` };
  const send = async <T>(method: 'post' | 'patch', url: string, data: unknown): Promise<T> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    createMerchant: (name: string) => send<{ id: string }>('post', pathOf(adminMerchantEndpoints.create), { name, phone: freshPhone() }),
    setMerchantStatus: (id: string, status: string) => send('patch', pathOf(adminMerchantEndpoints.setStatus, { id }), { status }),
    createDeal: (merchantId: string, title: string) =>
      send<{ id: string }>('post', pathOf(adminDealEndpoints.create), { merchantId, title, priceCents: 1250, description: '<p>Set up by a journey.</p>' }),
    publish: (id: string) => send('patch', pathOf(adminDealEndpoints.setStatus, { id }), { status: 'published', active: true }),
  };
}

/**
 * The app's toast with this title. Found through its region and list item: Radix gives the toast itself no role, and
 * a modal dialog hides the region from the accessibility tree while it is open.
 */
const toastWith = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: /^Notifications/, includeHidden: true }).locator('li').filter({ hasText: title });

/** The toast with a new merchant's login info (a toast of its own, with a copy button). */
const loginInfoToast = (page: Page): Locator =>
  page.getByRole('region', { name: /商家登录信息/, includeHidden: true }).locator('li').filter({ hasText: '商户已创建' });

const merchantRow = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });
const dealRow = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });

/** Types into the deal search box and waits for the list to settle on the deal. */
async function findDeal(page: Page, title: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: '搜索团购' }).fill(title);
  const row = dealRow(page, title);
  await expect(row).toBeVisible();
  await expect(page.getByRole('list', { name: '团购列表' }).getByRole('article')).toHaveCount(1);
  return row;
}

/** Console errors of a page opened outside the fixture, collected the way the fixture does. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  return problems;
}

test.describe('catalogue management', () => {
  test('a new merchant and deal go live, and a shopper finds, favourites and removes the deal', async ({ page, browser }) => {
    const tag = uniqueTag();
    const merchantName = `Journey Noodle Bar ${tag}`;
    const title = `Hand-pulled Noodles ${tag}`;
    const phone = freshPhone();
    await signInAsAdmin(page);

    // The merchant, and its login info in a toast that outlasts the usual 5 s and leaves by itself after 10 s. The page's
    // clock is Playwright's, flowing as usual, so those seconds can be skipped rather than waited out.
    await page.clock.install();
    await page.goto('/admin/merchants');
    await expect(page.getByRole('heading', { level: 1, name: '商户管理' })).toBeVisible();
    await page.getByRole('button', { name: '新建商户' }).click();
    const merchantForm = page.getByRole('dialog', { name: '新建商户' });
    await merchantForm.getByLabel('商户名称').fill(merchantName);
    await merchantForm.getByLabel('联系电话').fill(phone);
    await merchantForm.getByLabel('地址').fill('8 Noodle Lane, Oakland, CA');
    await merchantForm.getByLabel('上午').fill('11:00-14:00');
    await merchantForm.getByLabel('晚上').fill('17:30-22:00');
    await merchantForm.getByRole('button', { name: '创建商户' }).click();
    await expect(merchantForm).toBeHidden();
    // Pointing at a toast pauses it; keep the pointer away while timing it.
    await page.mouse.move(5, 5);
    const loginToast = loginInfoToast(page);
    await expect(loginToast).toContainText(phone);
    // The generated password is random, never derived from the phone.
    await expect(loginToast).toContainText(/[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/);
    await expect(loginToast.getByRole('button', { name: '复制登录信息' })).toBeVisible();
    const row = merchantRow(page, merchantName);
    await expect(row).toContainText('8 Noodle Lane, Oakland, CA');
    await expect(row).toContainText('上午 11:00-14:00，晚上 17:30-22:00');
    await expect(row.getByRole('combobox', { name: /状态/ })).toHaveValue('active');
    await page.clock.runFor(6_000);
    await expect(loginToast).toBeVisible();
    // Open, not fading out: had the jump closed it, it would still be drawn for its 150 ms exit.
    await expect(loginToast).toHaveAttribute('data-state', 'open');
    // Time stands still from here, so the toast must be gone 12 s after it came, not merely at some later time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await page.clock.runFor(5_500);
    await expect(loginToast).toBeHidden({ timeout: 6_000 });
    await page.clock.resume();

    // The deal, for that merchant: saved as a draft, then published.
    await page.goto('/admin/deals');
    await page.getByRole('button', { name: '新建团购' }).click();
    const dealForm = page.getByRole('dialog', { name: '新建团购' });
    await dealForm.getByLabel('商家').selectOption({ label: merchantName });
    await dealForm.getByLabel('团购标题').fill(title);
    await dealForm.getByLabel('价格（美元）').fill('12.5');
    await dealForm.getByLabel('原价（美元）').fill('25');
    await dealForm.getByRole('textbox', { name: '团购描述', exact: true }).fill('Two bowls of hand-pulled noodles.');
    await expect(dealForm.getByLabel('库存')).toHaveValue('0');
    await expect(dealForm.getByLabel('每人限购')).toHaveValue('1');
    await dealForm.getByLabel('库存').fill('50');
    await dealForm.getByLabel('每人限购').fill('2');
    await dealForm.getByLabel('在支付平台创建商品和价格').check();
    await dealForm.getByRole('button', { name: '创建团购' }).click();
    await expect(dealForm).toBeHidden();
    await expect(toastWith(page, '团购已创建')).toBeVisible();

    const deal = await findDeal(page, title);
    await expect(deal.getByText('草稿', { exact: true })).toBeVisible();
    await expect(deal).toContainText('$12.50');
    await expect(deal).toContainText('$25.00');
    await expect(deal).toContainText('库存 50 / 已售 0');
    await deal.getByRole('button', { name: /^上架/ }).click();
    await expect(toastWith(page, '已上架')).toBeVisible();
    await expect(deal.getByText('已上架', { exact: true })).toBeVisible();
    await expect(deal.getByRole('button', { name: /^下架/ })).toBeVisible();

    // A shopper, in a browser of their own, finds it by typing, opens it and keeps it.
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const problems = watchConsole(shopper);
    await signInAsNewCustomer(shopper);
    await shopper.goto('/');
    await searchBox(shopper).pressSequentially(tag);
    const card = dealCard(shopper, title);
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await shopper.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(shopper.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true');
    const favoritesLink = shopper.getByRole('banner').getByRole('link', { name: /^Favorites/ });
    await expect(favoritesLink).toHaveAccessibleName(/1 item$/);

    await favoritesLink.click();
    await expect(shopper.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeVisible();
    await expect(shopper.getByText('1 favorite deal', { exact: true })).toBeVisible();
    const saved = shopper.getByRole('article', { name: title });
    await expect(saved).toContainText('$12.50');
    await expect(saved.getByText('Available', { exact: true })).toBeVisible();
    await saved.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(toastWith(shopper, 'Removed from Favorites')).toBeVisible();
    await expect(shopper.getByRole('heading', { name: 'No Favorites Yet' })).toBeVisible();
    await expect(favoritesLink).toHaveAccessibleName(/0 items$/);
    await context.close();
    expect(problems, `the shopper's browser reported errors:\n${problems.join('\n')}`).toEqual([]);
  });

  test('the merchant form checks its fields, the login info copies, and edits and status changes save', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `Journey Bakery ${uniqueTag()}`;
    const phone = freshPhone();
    await signInAsAdmin(page);
    await page.goto('/admin/merchants');

    await page.getByRole('button', { name: '新建商户' }).click();
    const form = page.getByRole('dialog', { name: '新建商户' });
    await form.getByRole('button', { name: '创建商户' }).click();
    await expect(form.getByLabel('商户名称')).toBeFocused();
    await expect(form.getByLabel('商户名称')).toHaveAccessibleDescription(/请输入商户名称/);
    await expect(form.getByText('请输入联系电话')).toBeVisible();
    await form.getByLabel('联系电话').fill('12345');
    await form.getByLabel('下午').fill('2pm-6pm');
    await expect(form.getByText('请输入有效的电话号码（至少 10 位数字）')).toBeVisible();
    await expect(form.getByLabel('下午')).toHaveAccessibleDescription(/HH:MM-HH:MM/);
    await expect(form.getByLabel('下午')).toHaveAttribute('placeholder', '14:00-18:00');
    await expectAccessible(page, '/admin/merchants (create form)');

    await form.getByLabel('商户名称').fill(name);
    await form.getByLabel('联系电话').fill(phone);
    await form.getByLabel('下午').fill('');
    await form.getByRole('button', { name: '创建商户' }).click();
    await expect(form).toBeHidden();
    const loginToast = loginInfoToast(page);
    await loginToast.getByRole('button', { name: '复制登录信息' }).click();
    await expect(loginToast.getByRole('button', { name: '已复制' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(phone);
    expect(copied).toMatch(/[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/);
    await loginToast.getByRole('button', { name: '关闭通知' }).click();
    await expect(loginToast).toBeHidden();

    // Edit: a new address; hours left empty stay empty.
    const row = merchantRow(page, name);
    await expect(row).toContainText('营业时间未设置');
    await row.getByRole('button', { name: `编辑 ${name}` }).click();
    const edit = page.getByRole('dialog', { name: '编辑商家' });
    await expect(edit.getByLabel('商户名称')).toHaveValue(name);
    await edit.getByLabel('地址').fill('3 Flour Street');
    await edit.getByRole('button', { name: '保存修改' }).click();
    await expect(edit).toBeHidden();
    await expect(toastWith(page, '商户已更新')).toBeVisible();
    await expect(row).toContainText('3 Flour Street');

    // Inline status: inactive hides the merchant's deals from shoppers.
    await row.getByRole('combobox', { name: /状态/ }).selectOption('inactive');
    await expect(toastWith(page, '状态已更新')).toContainText('已停用');
    await expect(row).toContainText('该商家的团购对顾客不可见');
    await row.getByRole('combobox', { name: /状态/ }).selectOption('pending');
    await expect(toastWith(page, '状态已更新')).toContainText('待审核');
    await expectAccessible(page);
  });

  test('the deal form checks its fields and offers only active merchants; an edit saves', async ({ page }) => {
    const tag = uniqueTag();
    const api = adminApi(page.request, await signInAsAdmin(page));
    const active = await api.createMerchant(`Journey Active ${tag}`);
    const paused = await api.createMerchant(`Journey Paused ${tag}`);
    await api.setMerchantStatus(paused.id, 'inactive');
    const title = `Journey Edit Deal ${tag}`;
    await api.createDeal(active.id, title);

    await page.goto('/admin/deals');
    await page.getByRole('button', { name: '新建团购' }).click();
    const form = page.getByRole('dialog', { name: '新建团购' });
    const merchants = form.getByLabel('商家');
    await expect(merchants.getByRole('option', { name: `Journey Active ${tag}` })).toHaveCount(1);
    await expect(merchants.getByRole('option', { name: `Journey Paused ${tag}` })).toHaveCount(0);

    await form.getByRole('button', { name: '创建团购' }).click();
    await expect(form.getByLabel('商家')).toHaveAccessibleDescription(/请选择商家/);
    await expect(form.getByText('请输入团购标题')).toBeVisible();
    await expect(form.getByText('请输入价格')).toBeVisible();
    await form.getByLabel('价格（美元）').fill('-1');
    // A picture by address is checked before it joins the photos.
    await form.getByLabel('通过链接添加').fill('not a link');
    await form.getByRole('button', { name: '添加', exact: true }).click();
    await form.getByLabel('每人限购').fill('0');
    await form.getByLabel('开始时间').fill('2030-06-02T10:00');
    await form.getByLabel('结束时间').fill('2030-06-01T10:00');
    await expect(form.getByText('价格不能为负数')).toBeVisible();
    await expect(form.getByLabel('通过链接添加')).toHaveAccessibleDescription('请输入 https:// 开头的地址或站内路径。');
    await expect(form.getByText('每人限购必须是不小于 1 的整数')).toBeVisible();
    await expect(form.getByText('结束时间不能早于开始时间')).toBeVisible();
    await expectAccessible(page, '/admin/deals (deal form)');
    await form.getByRole('button', { name: '取消' }).click();
    await expect(form).toBeHidden();

    // Edit: the form opens with the stored values; a new price shows in the list.
    const row = await findDeal(page, title);
    await row.getByRole('button', { name: /^编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑团购' });
    await expect(edit.getByLabel('价格（美元）')).toHaveValue('12.50');
    await expect(edit.getByLabel('商家')).toHaveValue(active.id);
    await edit.getByLabel('价格（美元）').fill('15');
    await edit.getByLabel('结束时间').fill('2030-12-31T18:00');
    await edit.getByRole('button', { name: '保存修改' }).click();
    await expect(edit).toBeHidden();
    await expect(toastWith(page, '团购已更新')).toBeVisible();
    await expect(row).toContainText('$15.00');
    await row.getByRole('button', { name: /^编辑/ }).click();
    await expect(edit.getByLabel('结束时间')).toHaveValue('2030-12-31T18:00');
    await edit.getByRole('button', { name: '取消' }).click();

    // Archive from the list.
    await row.getByRole('button', { name: /^归档/ }).click();
    await expect(row.getByText('已归档', { exact: true })).toBeVisible();
  });

  test('deleting an unordered deal asks first and says it cannot be undone', async ({ page }) => {
    const tag = uniqueTag();
    const api = adminApi(page.request, await signInAsAdmin(page));
    const merchant = await api.createMerchant(`Journey Delete ${tag}`);
    const title = `Journey Doomed Deal ${tag}`;
    await api.createDeal(merchant.id, title);

    await page.goto('/admin/deals');
    const row = await findDeal(page, title);
    await row.getByRole('button', { name: /^删除/ }).click();
    const confirm = page.getByRole('alertdialog', { name: '删除团购' });
    await expect(confirm).toContainText('此操作无法撤销');
    await expect(confirm).toContainText(title);
    await expectAccessible(page, '/admin/deals (delete confirmation)');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /^删除/ }).click();
    await confirm.getByRole('button', { name: '确认删除' }).click();
    await expect(confirm).toBeHidden();
    await expect(toastWith(page, '已删除')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`没有与「${title}」匹配的团购`)).toBeVisible();
  });

  test.describe('a deal somebody ordered', () => {
    test.use({ allowedConsoleErrors: [failedRequest(409, pathPattern(adminDealEndpoints.delete))] });

    test('cannot be deleted; the server says why and the deal can be archived instead', async ({ page, browser }) => {
      const tag = uniqueTag();
      const api = adminApi(page.request, await signInAsAdmin(page));
      const merchant = await api.createMerchant(`Journey Ordered ${tag}`);
      const title = `Journey Ordered Deal ${tag}`;
      const deal = await api.createDeal(merchant.id, title);
      await api.publish(deal.id);
      // A customer starts a checkout, which records an order for the deal.
      const context = await browser.newContext();
      const customer = await signInAsNewCustomer(await context.newPage());
      const checkout = await context.request.post(pathOf(checkoutEndpoints.checkout), {
        headers: { authorization: `Bearer ${customer.sessionId}` },
        data: { dealId: deal.id },
      });
      expect(checkout.ok(), await checkout.text()).toBe(true);
      await context.close();

      await page.goto('/admin/deals');
      const row = await findDeal(page, title);
      await row.getByRole('button', { name: /^删除/ }).click();
      const confirm = page.getByRole('alertdialog', { name: '删除团购' });
      await confirm.getByRole('button', { name: '确认删除' }).click();
      await expect(confirm.getByRole('alert')).toContainText('This deal has orders or vouchers, so it cannot be deleted; archive it instead');
      await expect(toastWith(page, '删除失败')).toBeVisible();
      await confirm.getByRole('button', { name: '改为归档' }).click();
      await expect(confirm).toBeHidden();
      await expect(row.getByText('已归档', { exact: true })).toBeVisible();
    });
  });

  test('a customer sees the deal list browse-only', async ({ page }) => {
    await signInAsNewCustomer(page);
    await page.goto('/admin/deals');
    await expect(page.getByRole('heading', { level: 1, name: '团购管理' })).toBeVisible();
    const rows = page.getByRole('list', { name: '团购列表' }).getByRole('article');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().getByText(ONLY_ADMIN)).toBeVisible();
    expect(await page.getByText(ONLY_ADMIN).count()).toBe(await rows.count());
    await expect(page.getByRole('button', { name: '新建团购' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(上架|下架|编辑|删除)/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the management screens fit and stay accessible', async ({ page }) => {
      await signInAsAdmin(page);
      for (const path of ['/admin/merchants', '/admin/deals']) {
        await page.goto(path);
        await expect(page.getByRole('article').first()).toBeVisible();
        expect(await scrollsHorizontally(page), `${path} scrolls sideways`).toBe(false);
        await expectAccessible(page);
      }
      await page.getByRole('button', { name: '新建团购' }).click();
      await expect(page.getByRole('dialog', { name: '新建团购' })).toBeVisible();
      await expectAccessible(page, '/admin/deals (deal form, phone)');
    });

    test('a customer gets the browse-only list, fitting the screen', async ({ page }) => {
      await signInAsNewCustomer(page);
      await page.goto('/admin/deals');
      await expect(page.getByText(ONLY_ADMIN).first()).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page);
    });
  });
});
