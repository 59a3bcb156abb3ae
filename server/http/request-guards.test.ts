/**
 * Requests refused at the edge: cookie-authenticated writes from other sites, addresses the router
 * cannot take (answered like every other error, never echoed back), and picture addresses that
 * would leave the site.
 */
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../contract/auth';
import { buildCustomer, buildDeal, buildMerchant } from '../db/factories';
import { useTestApp } from '../test/app';
import { as, dealForm, signInSuperadmin } from '../test/admin-helpers';
import { call, expectStatus, loginAs, messageOf } from '../test/auth-helpers';

const t = useTestApp({ env: { PUBLIC_ORIGIN: 'https://deals.example.com' } });

describe('state changes authenticated by the cookie', () => {
  async function cookieCaller() {
    const user = await buildCustomer(t.db);
    const { sessionId } = await loginAs(t, user);
    const deal = await buildDeal(t.db, { merchantId: (await buildMerchant(t.db)).id });
    const favourite = (headers: Record<string, string>) =>
      call(t.app, 'POST', '/api/favorites', { cookies: { [SESSION_COOKIE]: sessionId }, headers, body: { dealId: deal.id } });
    return { sessionId, deal, favourite };
  }

  it('are refused without a same-origin Origin or Sec-Fetch-Site', async () => {
    const { favourite } = await cookieCaller();
    const attempts: Record<string, string>[] = [{}, { origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of attempts) {
      const res = await favourite(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(messageOf(res)).toBe('This request did not come from this site');
    }
  });

  it("pass with the site's own Origin, the server's own address, or Sec-Fetch-Site: same-origin", async () => {
    const { favourite } = await cookieCaller();
    expect((await favourite({ origin: 'https://deals.example.com' })).status).toBeLessThan(300);
    expect((await favourite({ 'sec-fetch-site': 'same-origin' })).status).toBeLessThan(300);
    expect((await favourite({ origin: 'http://localhost:80' })).status).toBeLessThan(300);
  });

  it('run as a guest\'s when the route needs no account (a login from another page still works)', async () => {
    const { sessionId } = await cookieCaller();
    const other = await buildCustomer(t.db, { password: 'other-pass' });
    const res = await call(t.app, 'POST', '/api/auth/password-login', {
      cookies: { [SESSION_COOKIE]: sessionId },
      headers: { origin: 'https://evil.example' },
      body: { identifier: other.phone, password: 'other-pass' },
    });
    expectStatus(res, 200);
  });

  it('do not touch reads or bearer calls', async () => {
    const { sessionId, deal } = await cookieCaller();
    expectStatus(await call(t.app, 'GET', '/api/favorites', { cookies: { [SESSION_COOKIE]: sessionId } }), 200);
    const bearer = await call(t.app, 'POST', '/api/favorites', { sessionId, headers: { origin: 'https://evil.example' }, body: { dealId: deal.id } });
    expect(bearer.status).toBeLessThan(300);
  });
});

describe('addresses the router cannot take', () => {
  it('a path parameter over the router limit answers 414 {message} with the usual headers, without the address', async () => {
    const long = 'a'.repeat(150);
    const res = await t.app.inject({ method: 'GET', url: `/api/deals/${long}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long' });
    expect(res.body).not.toContain(long);
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('an address that cannot be decoded answers 400 {message}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deals/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid' });
  });
});

describe('picture addresses', () => {
  it('refuses addresses that a browser would read as another site', async () => {
    const admin = await signInSuperadmin(t);
    const merchant = await buildMerchant(t.db);
    for (const imageUrl of ['/\\evil.example/a.png', '//evil.example/a.png', '/\t/evil.example/a.png', '/\n/evil.example/a.png', 'https:\\\\evil.example/a.png', 'javascript:alert(1)']) {
      const res = await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(merchant.id, { imageUrl }));
      expect(res.status, JSON.stringify(imageUrl)).toBe(400);
      expect(messageOf(res)).toBe('imageUrl: must be a URL');
    }
    for (const imageUrl of ['/images/deals/spa-day.svg', 'https://cdn.example.com/a.png', '']) {
      expectStatus(await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(merchant.id, { imageUrl })), 201);
    }
  });
});
