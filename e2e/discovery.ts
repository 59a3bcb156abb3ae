// Discovery journeys' set-up: merchants at known places with published deals, made through the superadmins' API, and
// the figures read off the deal cards.
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect } from './fixtures';
import { apiLogin, E2E_ADMIN } from './accounts';
import { freshPhone } from './auth-screens';
import { pathOf } from '../contract/endpoint';
import { adminDealEndpoints, adminMerchantEndpoints } from '../contract/admin';

/** Near San Francisco's Civic Center, the demo merchants' city. */
export const SAN_FRANCISCO = { latitude: 37.779, longitude: -122.419 };

export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function adminSetup(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, E2E_ADMIN.phone, E2E_ADMIN.password)}` };
  const send = async <T>(method: 'post' | 'patch', url: string, data: unknown): Promise<T> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    createMerchant: (name: string, place: { city?: string; latitude?: number; longitude?: number } = {}) =>
      send<{ id: string }>('post', pathOf(adminMerchantEndpoints.create), { name, phone: freshPhone(), ...place }),
    /** A published, active deal. */
    createDeal: async (merchantId: string, title: string, fields: { priceCents?: number } = {}) => {
      const deal = await send<{ id: string }>('post', pathOf(adminDealEndpoints.create), {
        merchantId,
        title,
        priceCents: fields.priceCents ?? 1500,
        description: '<p>Set up by a journey.</p>',
      });
      await send('patch', pathOf(adminDealEndpoints.setStatus, { id: deal.id }), { status: 'published', active: true });
      return deal;
    },
  };
}

/** A card's price in cents, read from its "Price:" line. */
export async function cardPriceCents(card: Locator): Promise<number> {
  const text = (await card.textContent()) ?? '';
  const match = /Price:\s*\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no price on the card: ${text}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** A card's distance in kilometres ("350 m", "1.2 km"), or null when it shows none. */
export async function cardDistanceKm(card: Locator): Promise<number | null> {
  const text = (await card.textContent()) ?? '';
  const match = /(\d[\d,.]*) (m|km)(?![a-z])/.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(/,/g, ''));
  return match[2] === 'm' ? value / 1000 : value;
}
