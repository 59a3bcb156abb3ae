// Journeys of a group deal spreading from phone to phone (390 px), in English and in Chinese: the card names the
// group price, the deal page's bar starts a group, the checkout names the group, the payment result tells the starter
// whom to invite by when (and says nothing of vouchers), the link copied from it opens the group with Join in view,
// the friend joins and pays, and both screens celebrate the group formed. And a group that does not fill shows its
// refund on the starter's payment result.
import type { Browser, Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { SPEC_DEALS, scrollsHorizontally } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { CARD_EXPIRY } from './purchase-helpers';
import { pathOf } from '../contract/endpoint';
import { devEndpoints } from '../contract/dev';

const PHONE = { width: 390, height: 844 };
const SPA = SPEC_DEALS[1];

type Language = 'en' | 'zh-CN';

/** The screens' words in each language (web/i18n/locales), with the demo spa deal's prices as each writes money. */
const WORDS = {
  en: {
    featured: 'Featured Deals',
    cardGroup: '2-person group $29.99',
    bar: 'Buy this deal',
    buyAlone: `Buy alone ${SPA.price}`,
    startGroup: 'Start a group $29.99',
    place: 'Your place in a group',
    groupFacts: /^Group of 2 · 1 seat left · closes /,
    backToGroup: 'Back to the group',
    cardNumber: 'Card Number',
    expiry: 'Expiry Date (MM/YY)',
    cvc: 'CVV',
    holder: 'Cardholder Name',
    confirm: 'Confirm Payment',
    paidToast: 'Payment received',
    youreIn: "You're in!",
    invite: /^Invite 1 more before .+\. If the group doesn't fill, you're refunded automatically\.$/,
    paidCount: '1 of 2 places paid',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    join: 'Join for $29.99',
    formed: 'Group formed!',
    voucherCode: /Voucher Code/i,
    failed: 'This group did not fill in time, so your payment is being refunded and no voucher was issued.',
  },
  'zh-CN': {
    featured: '精选团购',
    cardGroup: '2人拼团 US$29.99',
    bar: '购买此团购',
    buyAlone: '单独购买 US$39.99',
    startGroup: '发起拼团 US$29.99',
    place: '您的拼团名额',
    groupFacts: /^2 人团 · 还剩 1 个名额 · .+ 截止$/,
    backToGroup: '返回拼团',
    cardNumber: '卡号',
    expiry: '有效期（月/年）',
    cvc: '安全码 (CVV)',
    holder: '持卡人姓名',
    confirm: '确认支付',
    paidToast: '支付成功',
    youreIn: '您已参团！',
    invite: /^请在 .+ 前再邀请 1 人参团。如果拼团失败，系统会自动为您退款。$/,
    paidCount: '2 个名额中已支付 1 个',
    copyLink: '复制链接',
    linkCopied: '链接已复制',
    join: '以 US$29.99 参团',
    formed: '拼团成功！',
    voucherCode: /^券码$/,
    failed: '该拼团未能按时拼满，拼团失败，您支付的款项正在退回，未发放团购券。',
  },
} as const;

/** A phone whose reader chose `language` before the app started, signed in as a new customer. */
async function phoneOf(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  await signInAsNewCustomer(page);
  return page;
}

/** Pays on the built-in provider's page with the card that always pays; the app then shows the payment result. */
async function pay(page: Page, language: Language, name: string): Promise<void> {
  const w = WORDS[language];
  await expect(page).toHaveURL(/\/checkout\?session_id=cs_test_/);
  await page.getByLabel(w.cardNumber).fill('4242424242424242');
  await page.getByLabel(w.expiry).fill(CARD_EXPIRY.replace('/', ''));
  await page.getByLabel(w.cvc).fill('123');
  await page.getByLabel(w.holder).fill(name);
  await page.getByRole('button', { name: w.confirm }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/, { timeout: 15_000 });
}

/** From the deal page's bar on a phone: Start a group, the checkout naming the group, paid. */
async function startFromTheBar(page: Page, language: Language, dealId: string): Promise<void> {
  const w = WORDS[language];
  await page.goto(`/deal/${dealId}`);
  const bar = page.getByRole('region', { name: w.bar });
  await expect(bar.getByRole('button', { name: w.buyAlone })).toBeInViewport({ ratio: 1 });
  const start = bar.getByRole('button', { name: w.startGroup });
  await expect(start).toBeInViewport({ ratio: 1 });
  expect(await scrollsHorizontally(page)).toBe(false);
  await start.click();

  const place = page.getByRole('region', { name: w.place });
  await expect(place.getByText(SPA.title)).toBeVisible();
  await expect(place.getByText(w.groupFacts)).toBeVisible();
  await expect(page.getByRole('button', { name: w.backToGroup })).toBeVisible();
  await expectAccessible(page, `/checkout (a group place, ${language})`);
  await pay(page, language, 'Group Starter');
}

for (const language of ['en', 'zh-CN'] as const) {
  test.describe(`a group spreading from phone to phone in ${language}`, () => {
    const w = WORDS[language];

    test('starts from the bar, tells the truth while it fills, and both celebrate when the friend joins', async ({ browser, request }) => {
      const spaId = await dealIdByTitle(request, SPA.title);
      const starter = await phoneOf(browser, language);

      // The card names the group price.
      await starter.goto('/');
      const card = starter.getByRole('region', { name: w.featured }).getByRole('article').filter({ hasText: SPA.title });
      await expect(card.getByText(w.cardGroup)).toBeVisible();

      await startFromTheBar(starter, language, spaId);
      await expect(starter.getByText(w.paidToast, { exact: true }).first()).toBeVisible();
      await expect(starter.getByRole('heading', { level: 1, name: w.youreIn })).toBeVisible();
      await expect(starter.getByText(w.invite)).toBeVisible();
      await expect(starter.getByRole('status').filter({ hasText: w.paidCount })).toHaveText(w.paidCount);
      // No voucher is announced before the group forms.
      await expect(starter.getByText(w.voucherCode)).toHaveCount(0);
      expect(await scrollsHorizontally(starter)).toBe(false);
      await expectAccessible(starter, `/success (waiting for the group, ${language})`);

      // Headless Chromium has no share sheet: the link is copied.
      await starter.getByRole('button', { name: w.copyLink }).click();
      await expect(starter.getByText(w.linkCopied, { exact: true }).first()).toBeVisible();
      const link = await starter.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(/\/group\/[0-9a-f-]{36}$/);

      // The friend opens the link on a phone: Join is in view without scrolling.
      const friend = await phoneOf(browser, language);
      await friend.goto(new URL(link).pathname);
      await expect(friend.getByRole('heading', { level: 1, name: SPA.title })).toBeVisible();
      const join = friend.getByRole('button', { name: w.join });
      await expect(join).toBeInViewport({ ratio: 1 });
      expect(await scrollsHorizontally(friend)).toBe(false);
      await expectAccessible(friend, `/group (open, a friend's phone, ${language})`);
      await join.click();
      await expect(friend.getByRole('region', { name: w.place }).getByText(SPA.title)).toBeVisible();
      await pay(friend, language, 'Group Friend');

      // The friend's payment formed the group: celebrated, with the voucher.
      await expect(friend.getByRole('heading', { level: 1, name: w.formed })).toBeVisible({ timeout: 15_000 });
      await expect(friend.getByText(w.voucherCode).first()).toBeVisible();
      // The starter's payment result, still open, sees it form and shows the voucher.
      await expect(starter.getByRole('heading', { level: 1, name: w.formed })).toBeVisible({ timeout: 15_000 });
      await expect(starter.getByText(w.voucherCode).first()).toBeVisible();
      await expectAccessible(starter, `/success (the group formed, ${language})`);

      await friend.context().close();
      await starter.context().close();
    });
  });
}

test('a group that does not fill shows its refund on the starter\'s payment result, on a phone', async ({ browser, request }) => {
  const spaId = await dealIdByTitle(request, SPA.title);
  const starter = await phoneOf(browser, 'en');
  await startFromTheBar(starter, 'en', spaId);
  await expect(starter.getByRole('heading', { level: 1, name: WORDS.en.youreIn })).toBeVisible();
  await starter.getByRole('link', { name: 'View your group' }).click();
  const groupId = new URL(starter.url()).pathname.split('/').pop() ?? '';
  await starter.goBack();

  const ended = await request.post(pathOf(devEndpoints.endGroupWindow, { id: groupId }));
  expect(ended.ok(), await ended.text()).toBe(true);
  await expect(starter.getByText(WORDS.en.failed)).toBeVisible({ timeout: 15_000 });
  await expect(starter.getByText(WORDS.en.voucherCode)).toHaveCount(0);
  await expectAccessible(starter, '/success (the group failed)');
  await starter.context().close();
});
