/**
 * Category names in both languages (docs/product/language.md#words): shoppers read each category's name in their
 * language, the Chinese name falling back to the English one while it is empty; superadmins read and write both.
 */
import { describe, expect, it } from 'vitest';
import { adminCategory, adminCategoryList, categoryList } from '../../contract/categories';
import { CATEGORY_NAME_MAX_LENGTH } from '../../contract/constants';
import { dealList, deal as dealSchema } from '../../contract/deals';
import { groupCheckoutAnswer, group as groupSchema, myGroupList } from '../../contract/groups';
import { buildCategory, buildDeal, buildMerchant } from '../db/factories';
import { useTestApp } from '../test/app';
import { call, expectStatus } from '../test/auth-helpers';
import { as, expectError, signInCustomer, signInSuperadmin } from '../test/admin-helpers';
import { DEMO_CATEGORIES, loadDemoData } from '../demo/demo-data';

// The shoppers' list cache is on, so answers kept for one language are seen not to reach the other.
const t = useTestApp({ env: { CATALOG_CACHE_MS: '60000' } });

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };

/** A category named in both languages, one in English alone, and a listed deal in each. */
async function catalogue() {
  const food = await buildCategory(t.db, { slug: 'food', name: 'Food', nameZh: '美食', icon: 'utensils', position: 1 });
  const classes = await buildCategory(t.db, { slug: 'classes', name: 'Classes', icon: 'graduation-cap', position: 2 });
  const merchant = await buildMerchant(t.db);
  const sushi = await buildDeal(t.db, { merchantId: merchant.id, title: 'Sushi', categoryId: food.id, groupSize: 2, groupPriceCents: 700 });
  const pottery = await buildDeal(t.db, { merchantId: merchant.id, title: 'Pottery', categoryId: classes.id });
  return { food, classes, sushi, pottery };
}

const namesOf = (deals: { title: string; category: { name: string } | null }[]) => Object.fromEntries(deals.map((d) => [d.title, d.category?.name]));

describe("shoppers read categories' names in their language", () => {
  it('GET /api/categories: the Chinese name for Chinese, the English one while there is none, and English otherwise', async () => {
    await catalogue();
    const zh = await call(t.app, 'GET', '/api/categories', { headers: ZH });
    expectStatus(zh, 200);
    expect(categoryList.parse(zh.body).map((c) => c.name)).toEqual(['美食', 'Classes']);
    expect(zh.headers['content-language']).toBe('zh-CN');
    expect(String(zh.headers.vary)).toMatch(/accept-language/i);
    for (const headers of [EN, {}]) {
      const en = await call(t.app, 'GET', '/api/categories', { headers });
      expect(categoryList.parse(en.body).map((c) => c.name)).toEqual(['Food', 'Classes']);
    }
  });

  it('GET /api/deals, also from the cache, and GET /api/deals/{id}: the deal carries its category named in the language', async () => {
    const { sushi } = await catalogue();
    for (let round = 0; round < 2; round++) {
      const zh = await call(t.app, 'GET', '/api/deals', { headers: ZH });
      expectStatus(zh, 200);
      expect(namesOf(dealList.parse(zh.body))).toEqual({ Sushi: '美食', Pottery: 'Classes' });
      expect(zh.headers['content-language']).toBe('zh-CN');
      expect(String(zh.headers.vary)).toMatch(/accept-language/i);
      const en = await call(t.app, 'GET', '/api/deals', { headers: EN });
      expect(namesOf(dealList.parse(en.body))).toEqual({ Sushi: 'Food', Pottery: 'Classes' });
      expect(en.headers['content-language']).toBe('en');
    }
    const page = await call(t.app, 'GET', `/api/deals/${sushi.id}`, { headers: ZH });
    expect(dealSchema.parse(page.body).category).toEqual({ slug: 'food', name: '美食', icon: 'utensils' });
    const english = await call(t.app, 'GET', `/api/deals/${sushi.id}`);
    expect(dealSchema.parse(english.body).category?.name).toBe('Food');
  });

  it("a customer's favourites and a group's page name the category in the customer's language", async () => {
    const { sushi } = await catalogue();
    const customer = await signInCustomer(t);
    expectStatus(await as(t.app, customer, 'POST', '/api/favorites', { dealId: sushi.id }), 200);
    const favorites = await call(t.app, 'GET', '/api/favorites', { sessionId: customer.sessionId, headers: ZH });
    expectStatus(favorites, 200);
    expect(namesOf(dealList.parse(favorites.body))).toEqual({ Sushi: '美食' });

    // A group started by the customer: its page, and the customer's own groups.
    const started = await call(t.app, 'POST', '/api/groups', { sessionId: customer.sessionId, body: { dealId: sushi.id } });
    expectStatus(started, 200);
    const { group } = groupCheckoutAnswer.parse(started.body);
    const page = await call(t.app, 'GET', `/api/groups/${group.id}`, { headers: ZH });
    expectStatus(page, 200);
    expect(groupSchema.parse(page.body).deal.category?.name).toBe('美食');
    const mine = await call(t.app, 'GET', '/api/groups', { sessionId: customer.sessionId, headers: ZH });
    expectStatus(mine, 200);
    expect(myGroupList.parse(mine.body).map((g) => g.deal.category?.name)).toEqual(['美食']);
  });
});

describe('the demo data', () => {
  it('names every demo category in Chinese, as Chinese shoppers then read it', async () => {
    await loadDemoData(t.db);
    const zh = await call(t.app, 'GET', '/api/categories', { headers: ZH });
    expect(categoryList.parse(zh.body).map((c) => c.name)).toEqual(DEMO_CATEGORIES.map((c) => c.nameZh));
    for (const c of DEMO_CATEGORIES) expect(c.nameZh).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});

describe('superadmins name each category in both languages', () => {
  it('create and change the Chinese name, read both names as written whatever the language, and an empty one falls back', async () => {
    const admin = await signInSuperadmin(t);
    const made = await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'fitness', name: 'Fitness', nameZh: ' 健身 ', icon: 'dumbbell' });
    expectStatus(made, 201);
    const fitness = adminCategory.parse(made.body);
    expect(fitness).toMatchObject({ name: 'Fitness', nameZh: '健身' });
    // Left out, the Chinese name is empty.
    const plain = adminCategory.parse((await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'travel', name: 'Travel', icon: 'compass' })).body);
    expect(plain.nameZh).toBe('');

    const renamed = await as(t.app, admin, 'PATCH', `/api/admin/categories/${fitness.id}`, { nameZh: '健身运动' });
    expectStatus(renamed, 200);
    expect(adminCategory.parse(renamed.body)).toMatchObject({ name: 'Fitness', nameZh: '健身运动' });
    // Other fields leave it as it is.
    expect(adminCategory.parse((await as(t.app, admin, 'PATCH', `/api/admin/categories/${fitness.id}`, { position: 4 })).body).nameZh).toBe('健身运动');

    const list = await call(t.app, 'GET', '/api/admin/categories', { sessionId: admin.sessionId, headers: ZH });
    expect(adminCategoryList.parse(list.body).map((c) => [c.name, c.nameZh])).toEqual([
      ['Travel', ''],
      ['Fitness', '健身运动'],
    ]);

    // Cleared, Chinese readers read the English name again.
    await as(t.app, admin, 'PATCH', `/api/admin/categories/${fitness.id}`, { nameZh: '' });
    const shown = await call(t.app, 'GET', '/api/categories', { headers: ZH });
    expect(categoryList.parse(shown.body).map((c) => c.name)).toEqual(['Travel', 'Fitness']);
  });

  it(`refuses a Chinese name over ${CATEGORY_NAME_MAX_LENGTH} characters, in the asker's language`, async () => {
    const admin = await signInSuperadmin(t);
    const long = '健'.repeat(CATEGORY_NAME_MAX_LENGTH + 1);
    expectError(
      await as(t.app, admin, 'POST', '/api/admin/categories', { slug: 'fitness', name: 'Fitness', nameZh: long, icon: 'dumbbell' }),
      400,
      `nameZh: must be at most ${CATEGORY_NAME_MAX_LENGTH} characters`,
    );
    const category = await buildCategory(t.db, { slug: 'food', name: 'Food' });
    expectError(await as(t.app, admin, 'PATCH', `/api/admin/categories/${category.id}`, { nameZh: long }), 400, /^nameZh: must be at most/);
    const zh = await call(t.app, 'PATCH', `/api/admin/categories/${category.id}`, { sessionId: admin.sessionId, headers: ZH, body: { nameZh: long } });
    expectStatus(zh, 400);
    expect((zh.body as { message: string }).message).toMatch(/^nameZh: [\u4e00-\u9fff]/);
  });
});
