/**
 * The server's messages follow Accept-Language (docs/product/language.md#the-servers-messages, ADR 031): the first
 * language of the header the server knows, else English; the answer says which (Content-Language) and that it
 * depends on the header (Vary). Without the header, English as always.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildCustomer, buildDeal, buildMerchant, buildMerchantAccount, buildUser, uniquePhone } from '../db/factories';
import { users, vouchers } from '../db/schema';
import { languageOf } from '../i18n';
import { ConsoleSmsSender } from '../integrations/sms/console-sms-sender';
import { smsOf } from '../notifications/texts';
import { useTestApp } from '../test/app';
import { call, expectStatus, loginAs, messageOf, type CallResult } from '../test/auth-helpers';
import { customer, postCheckout } from '../test/purchase-helpers';
import { buildVouchers } from '../test/fixtures';

describe('languageOf', () => {
  it('takes the first language of the header it knows, by q-value, else English', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'en'],
      ['', 'en'],
      ['zh-CN', 'zh-CN'],
      ['zh', 'zh-CN'],
      ['zh-Hans', 'zh-CN'],
      ['zh-TW', 'zh-CN'],
      ['ZH-cn', 'zh-CN'],
      ['en-US,en;q=0.9', 'en'],
      ['en-GB', 'en'],
      ['fr, zh;q=0.5', 'zh-CN'],
      ['fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7', 'en'],
      ['en;q=0.4, zh-CN;q=0.8', 'zh-CN'],
      ['zh;q=0, en', 'en'],
      ['de, fr', 'en'],
      ['*', 'en'],
      ['zh;q=abc, en;q=0.1', 'en'],
    ];
    for (const [header, language] of cases) expect(languageOf(header), String(header)).toBe(language);
  });
});

describe('answers in the request language', () => {
  const t = useTestApp();
  const zh = { 'accept-language': 'zh-CN' };

  function expectLanguage(res: CallResult, language: string): void {
    expect(res.headers['content-language']).toBe(language);
    expect(String(res.headers.vary)).toMatch(/Accept-Language/);
  }

  it('answers a refusal in Chinese for zh-CN, in English without the header or for en-US, and by q-values', async () => {
    const group = '00000000-0000-4000-8000-000000000000';
    const chinese = await call(t.app, 'GET', `/api/groups/${group}`, { headers: zh });
    expectStatus(chinese, 404);
    expect(chinese.body).toEqual({ message: '未找到该拼团' });
    expectLanguage(chinese, 'zh-CN');

    const plain = await call(t.app, 'GET', `/api/groups/${group}`);
    expect(plain.body).toEqual({ message: 'Group not found' });
    expectLanguage(plain, 'en');

    const english = await call(t.app, 'GET', `/api/groups/${group}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(messageOf(english)).toBe('Group not found');
    expectLanguage(english, 'en');

    const byWeight = await call(t.app, 'GET', `/api/groups/${group}`, { headers: { 'accept-language': 'fr, zh;q=0.5' } });
    expect(messageOf(byWeight)).toBe('未找到该拼团');
    expectLanguage(byWeight, 'zh-CN');
  });

  it('puts the values of a message in place: a sold-out deal by its title', async () => {
    // A title that looks like a placeholder stays as it is.
    const deal = await buildDeal(t.db, { merchantId: (await buildMerchant(t.db)).id, title: 'Kayak Tour {{title}}', inventory: 1, unitsTaken: 1 });
    const shopper = await customer(t);
    const chinese = await call(t.app, 'POST', '/api/checkout', { body: { dealId: deal.id }, sessionId: shopper.sessionId, headers: zh });
    expectStatus(chinese, 409);
    expect(chinese.body).toEqual({ message: '“Kayak Tour {{title}}”已售罄' });
    expectLanguage(chinese, 'zh-CN');
    const english = await postCheckout(t.app, shopper, { dealId: deal.id });
    expect(english.body).toEqual({ message: '"Kayak Tour {{title}}" is sold out' });
  });

  it('words a wait in the language: a second code asked for too soon', async () => {
    const phone = '5551230000';
    expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone } }), 200);
    const chinese = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, headers: zh });
    expectStatus(chinese, 429);
    expect(messageOf(chinese)).toMatch(/^请等待 (\d+ 秒|1 分钟)后再获取验证码$/);
    const english = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone } });
    expect(messageOf(english)).toMatch(/^Please wait (\d+ seconds|1 minute) before requesting another code$/);
  });

  it("answers a validation failure with the field's name as it is and the reason in Chinese", async () => {
    // A reason the schema writes (contract/auth.ts), found again in the catalogue.
    const phone = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone: 'nope' }, headers: zh });
    expectStatus(phone, 400);
    expect(phone.body).toEqual({ message: 'phone: 请输入有效的手机号' });
    expectLanguage(phone, 'zh-CN');
    expect((await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone: 'nope' } })).body).toEqual({
      message: 'phone: Please enter a valid phone number',
    });

    // zod's own reasons, from its zh-CN locale, the value's type read from the request.
    const typed = await call(t.app, 'POST', '/api/redeem', { body: { code: 'ABC', pin: '1', merchantId: 5 }, headers: zh });
    expectStatus(typed, 400);
    expect(typed.body).toEqual({ message: 'merchantId: 无效输入：期望 string，实际接收 数字' });
    expect((await call(t.app, 'POST', '/api/redeem', { body: { code: 'ABC', pin: '1', merchantId: 5 } })).body).toEqual({
      message: 'merchantId: Invalid input: expected string, received number',
    });
    // A page's cursor, as every paged list words it (contract/common.ts pageQuery).
    const long = await call(t.app, 'GET', `/api/merchant/redemptions?cursor=${'x'.repeat(201)}`, { headers: zh });
    expect(long.body).toEqual({ message: 'cursor: 无效' });
    expect((await call(t.app, 'GET', `/api/merchant/redemptions?cursor=${'x'.repeat(201)}`)).body).toEqual({ message: 'cursor: is invalid' });
  });

  it("answers the framework's and the guards' refusals in the language too", async () => {
    const route = await call(t.app, 'GET', '/api/nothing-here', { headers: zh });
    expect(route.body).toEqual({ message: '没有 API 路由 GET /api/nothing-here' });
    expectLanguage(route, 'zh-CN');
    const guest = await call(t.app, 'GET', '/api/auth/user', { headers: zh });
    expect(guest.body).toEqual({ message: '请先登录' });
    const address = await call(t.app, 'GET', '/api/deals/%E0%A4%A', { headers: zh });
    expectStatus(address, 400);
    expect(address.body).toEqual({ message: '地址无效' });
    expectLanguage(address, 'zh-CN');
  });

  it("answers a refused redemption with its reason and message in the language, and logs it as a key read in the reader's language", async () => {
    const shop = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: shop.id });
    const buyer = await buildCustomer(t.db);
    const merchant = await loginAs(t, await buildMerchantAccount(t.db, shop.id));
    const {
      vouchers: [v],
    } = await buildVouchers(t.db, { userId: buyer.id, dealId: deal.id, count: 1 });
    const wrongPin = v!.pin === '000000' ? '111111' : '000000';
    const res = await call(t.app, 'POST', '/api/redeem', { body: { code: v!.code, pin: wrongPin }, sessionId: merchant.sessionId, headers: zh });
    expectStatus(res, 400);
    expect(res.body).toMatchObject({ ok: false, reason: 'PIN 码错误（还剩 4 次机会）', message: 'PIN 码错误（还剩 4 次机会）' });
    const log = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: merchant.sessionId, headers: zh });
    expect((log.body as { reason: string }[])[0]!.reason).toBe('PIN 码错误（还剩 4 次机会）');
    expectLanguage(log, 'zh-CN');
    const english = await call(t.app, 'GET', '/api/merchant/redemptions', { sessionId: merchant.sessionId });
    expect((english.body as { reason: string }[])[0]!.reason).toBe('Incorrect PIN (4 attempts left)');
  });

  it("tells an order's story in the language and answers success messages in it", async () => {
    const admin = await loginAs(t, await buildUser(t.db, { role: 'superadmin' }));
    const shop = await buildMerchant(t.db);
    const deal = await buildDeal(t.db, { merchantId: shop.id });
    const buyer = await buildCustomer(t.db);
    const { order } = await buildVouchers(t.db, { userId: buyer.id, dealId: deal.id, count: 2 });
    const [first] = await t.db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
    const found = await call(t.app, 'GET', `/api/admin/orders?q=${order.id}`, { sessionId: admin.sessionId, headers: zh });
    expectStatus(found, 200);
    expectLanguage(found, 'zh-CN');
    const story = (found.body as { story: { kind: string; text: string }[] }[])[0]!.story;
    expect(story[0]!.text).toBe('已下单：2 份，共 US$20.00。');
    // The title is the one the order recorded (server/test/fixtures.ts buildPaidOrder).
    expect(story.map((e) => e.text)).toContain(`已为“Test deal”发放券 ${first!.code}。`);
    const plain = await call(t.app, 'GET', `/api/admin/orders?q=${order.id}`, { sessionId: admin.sessionId });
    expect((plain.body as { story: { text: string }[] }[])[0]!.story[0]!.text).toBe('Order placed: 2 units for $20.00.');

    const sent = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone: '5551239999' }, headers: zh });
    expect(sent.body).toEqual({ message: '验证码已发送' });
    expectLanguage(sent, 'zh-CN');
  });
});

describe('the SMS texts, in their reader’s language', () => {
  const sms = new ConsoleSmsSender();
  const t = useTestApp({ deps: { sms } });
  const zh = { 'accept-language': 'zh-CN' };
  const languageOfUser = async (phone: string) => (await t.db.select({ language: users.language }).from(users).where(eq(users.phone, phone)))[0]?.language;

  async function smsCode(phone: string, headers: Record<string, string> = {}): Promise<string> {
    expectStatus(await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { phone }, headers }), 200);
    return sms.lastSentTo(phone)!.body.match(/\b(\d{6})\b/)![1]!;
  }

  it('writes the verification code in the language of the request that asks for it', async () => {
    const phone = uniquePhone();
    await smsCode(phone, zh);
    expect(sms.lastSentTo(phone)!.body).toMatch(/^您的验证码是 \d{6}，5 分钟内有效。$/);
    const other = uniquePhone();
    await smsCode(other);
    expect(sms.lastSentTo(other)!.body).toMatch(/^Your verification code is \d{6}\. It expires in 5 minutes\.$/);
  });

  it('remembers the language of every sign-in and profile change, English until then', async () => {
    const phone = uniquePhone();
    const signedIn = await call(t.app, 'POST', '/api/auth/verify-sms-code', { body: { phone, code: await smsCode(phone, zh) }, headers: zh });
    expectStatus(signedIn, 200);
    expect(await languageOfUser(phone)).toBe('zh-CN');
    const { sessionId } = signedIn.body as { sessionId: string };
    expectStatus(await call(t.app, 'PUT', '/api/auth/password', { body: { newPassword: 'secret12' }, sessionId }), 200);
    expect(await languageOfUser(phone)).toBe('en');
    const byPassword = await call(t.app, 'POST', '/api/auth/password-login', { body: { identifier: phone, password: 'secret12' }, headers: zh });
    expectStatus(byPassword, 200);
    expect(await languageOfUser(phone)).toBe('zh-CN');
    expectStatus(await call(t.app, 'PATCH', '/api/auth/user', { body: { email: null }, sessionId: (byPassword.body as { sessionId: string }).sessionId }), 200);
    expect(await languageOfUser(phone)).toBe('en');

    const registered = uniquePhone();
    const code = await smsCode(registered, zh);
    expectStatus(await call(t.app, 'POST', '/api/auth/register', { body: { phone: registered, password: 'secret12', smsCode: code }, headers: zh }), 200);
    expect(await languageOfUser(registered)).toBe('zh-CN');
    expect((await buildCustomer(t.db)).language).toBe('en');
  });

  it("words a group's outcome in the member's language", () => {
    const formed = { kind: 'group_formed', subjectId: '00000000-0000-4000-8000-000000000001', params: { title: 'Kayak Tour', codes: ['ABCD2345'] } } as const;
    const failed = { kind: 'group_failed', subjectId: formed.subjectId, params: { title: 'Kayak Tour', amountCents: 123_450 } } as const;
    const link = 'https://deals.example.com/group/00000000-0000-4000-8000-000000000001';
    expect(smsOf(formed, 'en', 'https://deals.example.com')).toBe(`DealMarket: Your group for Kayak Tour is complete! Your voucher ABCD2345 is ready in My Vouchers. ${link}`);
    expect(smsOf(failed, 'en', 'https://deals.example.com')).toBe(`DealMarket: Your group for Kayak Tour did not fill in time. Your $1,234.50 is being refunded. ${link}`);
    expect(smsOf(formed, 'zh-CN', 'https://deals.example.com')).toMatch(new RegExp(`^【DealMarket】.*“Kayak Tour”拼团成功.*ABCD2345.* ${link}$`));
    expect(smsOf(failed, 'zh-CN', 'https://deals.example.com')).toMatch(new RegExp(`^【DealMarket】.*“Kayak Tour”拼团.*US\\$1,234\\.50.* ${link}$`));
  });
});
