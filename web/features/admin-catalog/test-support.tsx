// Rendering the management screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { AdminDeal } from '../../../contract/admin';
import { aDeal } from '../../test/fixtures';
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

