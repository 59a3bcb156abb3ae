// Journey: one word per idea (docs/product/language.md#words). A customer, the demo merchant and a superadmin each
// choose 简体中文 with the header's Language select and go through their main screens: no screen shows a word the
// glossary rules out, the select names the language in effect on every one, categories are named in Chinese, and the
// texts the server keeps as keys (a refused redemption's reason, a refund's ledger note, an order's story) read Chinese.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, DEMO_CUSTOMER, DEMO_MERCHANT, signInAsAdmin, signInAsDemoMerchant, useSession } from './accounts';
import { header } from './auth-screens';
import { SUSHI } from './catalog';
import { test, expect } from './fixtures';
import { buyVoucher, wrongPin, type BoughtVoucher } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';
import { orderEndpoints } from '../contract/orders';
import { redemptionEndpoints } from '../contract/redemption';
import { parseGlossary, wordsNotToUse } from '../web/i18n/glossary';

const glossary = parseGlossary(readFileSync(path.resolve(import.meta.dirname, '../docs/product/language.md'), 'utf8'));

const HAN = /[\u4e00-\u9fff]/;

/** The demo's categories (server/demo/demo-data.ts DEMO_CATEGORIES), in their order: English and Chinese names. */
const CATEGORIES = [
  ['Food', '美食'],
  ['Spa & Beauty', '水疗美容'],
  ['Fitness', '健身'],
  ['Activities', '休闲活动'],
  ['Classes', '课程'],
] as const;

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** The header's Language select, named in the language of the header. */
const languageSelect = (page: Page, name: 'Language' | '语言') => header(page).getByRole('combobox', { name }).filter({ visible: true }).first();

/** Chooses 简体中文 with the header's select, which named `before` until then; from now on it names 简体中文. */
async function chooseChinese(page: Page, before: 'English' | '简体中文') {
  const select = languageSelect(page, 'Language');
  await expect(select.locator('option:checked')).toHaveText(before);
  await select.selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(languageSelect(page, '语言')).toHaveValue('zh-CN');
}

/**
 * The screen at `where`, once `ready` shows and nothing is loading: Chinese, its select naming 简体中文 (unless a dialog
 * hides the page from assistive technology), and no word the glossary rules out anywhere in its text (the header and
 * footer included).
 */
async function expectGlossaryWords(page: Page, where: string, ready: Locator, { dialog = false } = {}) {
  await expect(ready.first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  if (!dialog) {
    await expect(languageSelect(page, '语言')).toHaveValue('zh-CN');
    await expect(languageSelect(page, '语言').locator('option:checked')).toHaveText('简体中文');
  }
  const text = await page.locator('body').innerText();
  expect(text, `${where} reads Chinese`).toMatch(HAN);
  expect(wordsNotToUse(glossary, 'zh-CN', text), `words not to use on ${where}`).toEqual([]);
}

async function visit(page: Page, where: string, ready: (page: Page) => Locator) {
  await page.goto(where);
  await expectGlossaryWords(page, where, ready(page));
}

/**
 * What the server keeps as keys, made in English (requests without Accept-Language): a new customer's voucher, a wrong
 * PIN the demo merchant types for it, and the customer's refund of it.
 */
async function storedTexts(request: APIRequestContext): Promise<BoughtVoucher & { orderId: string }> {
  const voucher = await buyVoucher(request, SUSHI.title);
  const merchant = bearer(await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password));
  const refused = await request.post(pathOf(redemptionEndpoints.redeem), { headers: merchant, data: { code: voucher.code, pin: wrongPin(voucher.pin) } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('Incorrect PIN (4 attempts left)');

  const customer = bearer(voucher.customer.sessionId);
  const vouchers = (await (await request.get(pathOf(voucherEndpoints.list), { headers: customer })).json()) as { id: string; orderId: string; voucherCode: string }[];
  const mine = vouchers.find((v) => v.voucherCode === voucher.code);
  if (!mine) throw new Error(`the buyer has no voucher ${voucher.code}`);
  const refund = await request.post(pathOf(orderEndpoints.refund, { id: mine.id }), { headers: customer });
  expect(refund.ok(), await refund.text()).toBe(true);
  return { ...voucher, orderId: mine.orderId };
}

test.describe('the Chinese screens use the glossary', () => {
  // Several screens each, with their reads; a loaded machine needs more than the default time.
  test.slow();

  test('a customer: home with its categories, a deal, the cart, vouchers, orders, favorites and profile', async ({ page }) => {
    await useSession(page, await apiLogin(page.request, DEMO_CUSTOMER.phone, DEMO_CUSTOMER.password));
    await page.goto('/');
    await chooseChinese(page, 'English');

    // Home: the category strip, the cards' badges and the filter panel name the categories in Chinese.
    const strip = page.getByRole('navigation', { name: '分类' });
    await expectGlossaryWords(page, '/', strip.getByRole('link', { name: /美食/ }));
    for (const [english, chinese] of CATEGORIES) {
      await expect(strip.getByRole('link', { name: new RegExp(chinese) })).toBeVisible();
      await expect(strip).not.toContainText(english);
    }
    const sushiCard = page.getByRole('main').getByRole('article').filter({ has: page.getByRole('heading', { name: SUSHI.title, exact: true }) }).first();
    await expect(sushiCard).toContainText('美食');
    await expect(sushiCard).not.toContainText('Food');
    await page.getByRole('button', { name: '筛选', exact: true }).click();
    const filters = page.getByRole('dialog', { name: '筛选团购' });
    await expect(filters.getByLabel('分类').locator('option')).toHaveText(['全部分类', ...CATEGORIES.map(([, chinese]) => chinese)]);
    await expectGlossaryWords(page, '/ (filters)', filters, { dialog: true });
    await page.keyboard.press('Escape');
    await expect(filters).toBeHidden();

    // The deal page, and its unit in the cart.
    await sushiCard.getByRole('link', { name: SUSHI.title }).first().click();
    await expectGlossaryWords(page, 'the deal page', page.getByRole('heading', { level: 1, name: SUSHI.title }));
    await page.getByRole('main').getByRole('button', { name: /加入购物车/ }).first().click();
    await visit(page, '/cart', (p) => p.getByRole('heading', { level: 1, name: '购物车' }));
    await visit(page, '/my/vouchers', (p) => p.getByRole('heading', { level: 1, name: '我的团购券' }));
    await visit(page, '/orders', (p) => p.getByRole('heading', { level: 1, name: '我的订单' }));
    await visit(page, '/favorites', (p) => p.getByRole('heading', { level: 1 }));
    await visit(page, '/profile', (p) => p.getByRole('heading', { level: 1, name: '个人中心' }));
  });

  test('the demo merchant: its home, redeem with the refused attempt in Chinese, deals, statements and staff', async ({ page, request }) => {
    const voucher = await storedTexts(request);
    await signInAsDemoMerchant(page);
    await page.goto('/merchant');
    await chooseChinese(page, 'English');
    await expectGlossaryWords(page, '/merchant', page.getByRole('heading', { level: 1, name: '商家首页' }));

    await page.goto('/merchant/redeem');
    const recent = page.getByRole('region', { name: '最近核销' });
    const attempt = recent.getByRole('listitem').filter({ hasText: voucher.code }).first();
    // The reason was refused in English; the merchant reads it in Chinese.
    await expect(attempt).toContainText('PIN 码错误（还剩 4 次机会）');
    await expectGlossaryWords(page, '/merchant/redeem', page.getByRole('heading', { level: 1, name: '核销团购券' }));

    await visit(page, '/merchant/deals', (p) => p.getByRole('heading', { level: 1 }));
    await visit(page, '/merchant/statements', (p) => p.getByRole('heading', { level: 1, name: '结算单' }));
    await visit(page, '/merchant/staff', (p) => p.getByRole('heading', { level: 1, name: '店员' }));
  });

  test('a superadmin: merchants, deals with the category choice, categories, the log, customer service and the ledger', async ({ page, request }) => {
    const voucher = await storedTexts(request);
    await signInAsAdmin(page);
    // The SPEC writes merchant management in Chinese: before any choice the select names 简体中文 already.
    await page.goto('/admin/merchants');
    await expect(page.getByRole('heading', { level: 1, name: '商户管理' })).toBeVisible();
    await chooseChinese(page, '简体中文');
    await expectGlossaryWords(page, '/admin/merchants', page.getByRole('list', { name: '商家列表' }));

    await page.goto('/admin/deals');
    await expectGlossaryWords(page, '/admin/deals', page.getByRole('list', { name: '团购列表' }));
    await page.getByRole('button', { name: '新建团购' }).click();
    const dealForm = page.getByRole('dialog', { name: '新建团购' });
    await expect(dealForm.getByLabel('分类').locator('option')).toHaveText(['未分类', ...CATEGORIES.map(([, chinese]) => chinese)]);
    await expectGlossaryWords(page, '/admin/deals (deal form)', dealForm, { dialog: true });
    await page.keyboard.press('Escape');
    await expect(dealForm).toBeHidden();

    await page.getByRole('link', { name: '分类管理' }).click();
    const categories = page.getByRole('list', { name: '分类列表' });
    await expectGlossaryWords(page, '/admin/categories', categories.getByRole('article'));
    for (const [english, chinese] of CATEGORIES) await expect(categories.getByRole('article', { name: english })).toContainText(`中文名${chinese}`);

    await page.goto('/admin/transactions');
    const log = page.getByRole('table').getByRole('row').filter({ hasText: voucher.code });
    await expect(log.first()).toContainText('PIN 码错误（还剩 4 次机会）');
    await expectGlossaryWords(page, '/admin/transactions', page.getByRole('heading', { level: 1 }));

    await page.goto(`/admin/orders?q=${voucher.code}`);
    const order = page.getByRole('article').filter({ hasText: voucher.code }).first();
    await expect(order).toContainText('由顾客申请');
    await expectGlossaryWords(page, '/admin/orders', order);

    await page.goto('/admin/ledger');
    // The refund's note, kept as a key, in Chinese.
    await expect(page.getByRole('cell', { name: '顾客申请' }).first()).toBeVisible();
    await expectGlossaryWords(page, '/admin/ledger', page.getByRole('heading', { level: 1, name: '账本' }));
  });
});
