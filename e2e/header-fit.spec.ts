// Journey: on a 1280 px laptop window every role's header fits, in English and in Chinese: the page never scrolls
// sideways, Logout stays on screen and the superadmin's links (Needs attention and Failed sends among them) can all be reached; the
// statements screens keep their tables inside the page. And the Language select names the language the screen reads
// before any choice, whatever the browser's own language, and picking English switches and is kept.
import type { Page } from '@playwright/test';
import { apiLogin, signInAsAdmin, signInAsDemoMerchant, signInAsNewCustomer, useSession } from './accounts';
import { header } from './auth-screens';
import { test, expect, expectAccessible } from './fixtures';
import { statementEndpoints } from '../contract/workspace';
import { pathPattern } from './api-paths';

const LAPTOP = { width: 1280, height: 900 };
const HAN = /[\u4e00-\u9fff]/;

/** From the demo data (README): the demo merchant's staff account, which only redeems. */
const DEMO_STAFF = { phone: '5550100009', password: 'staff-5550100009' } as const;

type Language = 'en' | 'zh-CN';

const TEXTS = {
  en: { logout: 'Logout', workspace: 'Workspace', attention: 'Needs attention', showLines: /^Show \d+ lines?$/, hideLines: 'Hide lines' },
  'zh-CN': { logout: '退出登录', workspace: '工作台', attention: '需要处理', showLines: /^显示 \d+ 条明细$/, hideLines: '收起明细' },
} as const;

interface Role {
  name: string;
  signIn: ((page: Page) => Promise<unknown>) | null;
  screens: string[];
}

const ROLES: Role[] = [
  { name: 'a guest', signIn: null, screens: ['/'] },
  { name: 'a customer', signIn: signInAsNewCustomer, screens: ['/', '/orders'] },
  { name: "a merchant's owner", signIn: signInAsDemoMerchant, screens: ['/', '/merchant', '/merchant/statements'] },
  {
    name: "a merchant's staff",
    signIn: async (page) => useSession(page, await apiLogin(page.request, DEMO_STAFF.phone, DEMO_STAFF.password)),
    screens: ['/', '/merchant/redeem'],
  },
  { name: 'a superadmin', signIn: signInAsAdmin, screens: ['/', '/admin/deals', '/admin/ledger', '/admin/statements', '/admin/attention'] },
];

/** Keeps a language chosen before the app starts, as a returning reader's browser does. */
async function keepLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
}

/** How far the page reaches past the window's right edge (0 when nothing scrolls sideways). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The page fits the window, and so does the bar's Logout when someone is signed in. */
async function expectFits(page: Page, language: Language, signedIn: boolean, where: string): Promise<void> {
  if (signedIn) {
    const logout = header(page).getByRole('button', { name: TEXTS[language].logout });
    await expect(logout, `Logout is shown in the bar on ${where}`).toBeVisible();
    await expect(logout, `Logout is wholly on screen on ${where}`).toBeInViewport({ ratio: 1 });
  }
  expect(await sidewaysOverflow(page), `${where} scrolls sideways by this many pixels`).toBeLessThanOrEqual(0);
}

/** Names with no place to break them, and amounts in the millions: the widest a statement can be drawn. */
const LONG_WORD = 'Omakase'.repeat(30);
const BIG = 123_456_789;

/**
 * Answers the superadmin's statements, and the lines of the one opened, as they are but for their merchant's name,
 * their deals' titles and their amounts, each made as wide as they could be.
 */
async function stretchStatements(page: Page): Promise<void> {
  const widen = <T extends object>(item: T) => ({ ...item, merchantName: LONG_WORD, grossCents: BIG, commissionCents: BIG, refundsCents: BIG, netCents: -BIG });
  await page.route(new RegExp(`(?:${pathPattern(statementEndpoints.adminList)}|${pathPattern(statementEndpoints.adminGet)})(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as object[] | { lines: object[] };
    const json = Array.isArray(body)
      ? body.map(widen)
      : { ...widen(body), lines: body.lines.map((line) => ({ ...line, dealTitle: LONG_WORD, amountCents: -BIG, commissionCents: -BIG, netCents: -BIG })) };
    await route.fulfill({ response, json });
  });
}

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`the header at 1280 px in ${language}`, () => {
    test.use({ viewport: LAPTOP });

    for (const role of ROLES) {
      test(`fits for ${role.name}, with Logout on screen`, async ({ page }) => {
        await keepLanguage(page, language);
        if (role.signIn) await role.signIn(page);
        for (const screen of role.screens) {
          await page.goto(screen);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          // The screen's own lists and tables drawn too, not only its frame.
          await page.waitForLoadState('networkidle');
          await expectFits(page, language, role.signIn !== null, screen);
          await expectAccessible(page, `${screen} (${role.name}, ${language})`);
        }
      });
    }

    test("keeps every one of the superadmin's links on screen and reachable from the keyboard", async ({ page }) => {
      await keepLanguage(page, language);
      await signInAsAdmin(page);
      await page.goto('/admin/ledger');
      const nav = header(page).getByRole('navigation', { name: TEXTS[language].workspace });
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(9);
      for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
      // Needs attention is an icon in the bar, named for screen readers.
      const attention = nav.getByRole('link', { name: TEXTS[language].attention });
      await expect(attention).toHaveAttribute('href', '/admin/attention');
      // Logout comes before the row of links below it; Tab goes on from it to the first link.
      await header(page).getByRole('button', { name: TEXTS[language].logout }).focus();
      await page.keyboard.press('Tab');
      await expect(links.first()).toBeFocused();
      await attention.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/admin\/attention$/);
      await expect(attention).toHaveAttribute('aria-current', 'page');
      await expectFits(page, language, true, '/admin/attention');
    });

    test("keeps a statement's lines inside the superadmin's statements screen, however long its names", async ({ page }) => {
      await keepLanguage(page, language);
      await signInAsAdmin(page);
      await stretchStatements(page);
      await page.goto('/admin/statements');
      await page.getByRole('main').getByRole('button', { name: TEXTS[language].showLines }).first().click();
      await expect(page.getByRole('main').getByRole('button', { name: TEXTS[language].hideLines })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
      await expectFits(page, language, true, '/admin/statements with a statement open');
      await expectAccessible(page, `/admin/statements with a statement open (${language})`);
    });
  });
}

test.describe('the Language select before any choice', () => {
  test.use({ viewport: LAPTOP });

  for (const locale of ['zh-CN', 'en-US']) {
    test.describe(`in a browser set to ${locale}`, () => {
      test.use({ locale });

      test('names the language the screen reads, and picking English switches to it and keeps it', async ({ page }) => {
        await signInAsAdmin(page);
        const select = header(page).getByRole('combobox', { name: 'Language' });
        const shown = () => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');

        // The shoppers' screens read English until a language is chosen, whatever the browser's language.
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();
        await expect.poll(shown).toBe('English');

        // The SPEC writes the deal management in Chinese: the select says so.
        await page.goto('/admin/deals');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAN);
        await expect.poll(shown).toBe('简体中文');
        await expect(select).toHaveAccessibleName('Language');
        expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBeNull();

        // Picking English is a choice (a browser fires no change when the option already selected is picked again,
        // so the select must not sit on English's own option): the screen turns English and stays so after a reload.
        await expect(select).not.toHaveValue('en');
        await select.selectOption('en');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deal Management');
        await expect.poll(shown).toBe('English');
        expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deal Management');
        await expect.poll(shown).toBe('English');
        await expectAccessible(page);
      });
    });
  }

  test('picking English where the screen already reads English is kept too', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/ledger');
    const select = header(page).getByRole('combobox', { name: 'Language' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent)).toBe('English');
    // A browser fires no change when the option already selected is picked again, so it must not be English's own.
    await expect(select).not.toHaveValue('en');
    await select.selectOption('en');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');
    // The choice holds on the screens that read Chinese before it.
    await header(page).getByRole('link', { name: 'Manage Merchants' }).click();
    await expect(page).toHaveURL(/\/admin\/merchants$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merchant Management');
  });
});
