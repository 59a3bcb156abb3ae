/** Accounts the journeys use, and ways to be signed in as them without going through the login screens. */
import type { APIRequestContext, Page } from '@playwright/test';
import { pathOf, urlOf } from '../contract/endpoint';
import { authEndpoints } from '../contract/auth';
import { devEndpoints } from '../contract/dev';

export const E2E_BOOTSTRAP_SECRET = 'e2e-bootstrap-secret-only-for-journeys';
/** Made by global-setup through the bootstrap API, with this password. */
export const E2E_ADMIN = { phone: '5559990001', password: 'admin-journeys-1' } as const;
/** From the demo data (README). */
export const DEMO_CUSTOMER = { phone: '5550000001', password: 'demo1234' } as const;
export const DEMO_MERCHANT = { phone: '5550100001', password: 'merchant-5550100001' } as const;

/** Password login through the API; returns the session id. */
export async function apiLogin(request: APIRequestContext, identifier: string, password: string): Promise<string> {
  const res = await request.post(pathOf(authEndpoints.passwordLogin), { data: { identifier, password } });
  if (!res.ok()) throw new Error(`login as ${identifier} failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

/** A brand-new customer signed in by SMS (phones are random, so journeys never share limits or carts). */
export async function apiNewCustomer(request: APIRequestContext): Promise<{ phone: string; sessionId: string }> {
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const sent = await request.post(pathOf(authEndpoints.sendSmsCode), { data: { phone } });
  if (!sent.ok()) throw new Error(`sending a code to ${phone} failed: ${sent.status()} ${await sent.text()}`);
  const outbox = await request.get(urlOf(devEndpoints.smsOutbox, { query: { phone } }));
  const { code } = (await outbox.json()) as { code: string };
  const verified = await request.post(pathOf(authEndpoints.verifySmsCode), { data: { phone, code } });
  if (!verified.ok()) throw new Error(`verifying ${phone} failed: ${verified.status()} ${await verified.text()}`);
  return { phone, sessionId: ((await verified.json()) as { sessionId: string }).sessionId };
}

/** Makes the page start signed in, as the web app would after a login (the session id in localStorage). */
export async function useSession(page: Page, sessionId: string): Promise<void> {
  await page.addInitScript((id) => {
    if (!window.sessionStorage.getItem('e2e-session-set')) {
      window.localStorage.setItem('sessionId', id);
      window.sessionStorage.setItem('e2e-session-set', '1');
    }
  }, sessionId);
}

export async function signInAsAdmin(page: Page): Promise<string> {
  const id = await apiLogin(page.request, E2E_ADMIN.phone, E2E_ADMIN.password);
  await useSession(page, id);
  return id;
}

export async function signInAsDemoMerchant(page: Page): Promise<string> {
  const id = await apiLogin(page.request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
  await useSession(page, id);
  return id;
}

export async function signInAsNewCustomer(page: Page): Promise<{ phone: string; sessionId: string }> {
  const customer = await apiNewCustomer(page.request);
  await useSession(page, customer.sessionId);
  return customer;
}
