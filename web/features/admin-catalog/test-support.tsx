// Rendering the management screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { AdminDeal, AdminMerchant } from '../../../contract/admin';
import { aDeal, aMerchant } from '../../test/fixtures';
import { SUPERADMIN, renderScreenAs } from '../../test/screens';

export { json, stubApi, SUPERADMIN } from '../../test/screens';

export const renderScreen = renderScreenAs(SUPERADMIN);

export function anAdminDeal(overrides: Partial<AdminDeal> = {}): AdminDeal {
  return {
    ...aDeal(),
    stripeProductId: null,
    stripePriceId: null,
    merchantStatus: 'active',
    updatedAt: '2026-11-20T10:00:00.000Z',
    rejectionReason: null,
    submittedAt: null,
    categoryId: null,
    ...overrides,
  };
}


/** An active merchant as the superadmin's list answers it, "Ramen Ya" unless told otherwise. */
export function anAdminMerchant(overrides: Partial<AdminMerchant> = {}): AdminMerchant {
  return {
    ...aMerchant({ id: '0b6f7a1e-3c1d-4b7a-9a53-8f7f8b1f2c3d', name: 'Ramen Ya', phone: '5550000009', address: '', latitude: null, longitude: null }),
    dealCount: 0,
    accountPhone: '5550000009',
    commissionBps: 1000,
    timeZone: 'UTC',
    ...overrides,
  };
}
