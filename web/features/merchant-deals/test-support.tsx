// Rendering the merchant's deal screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { MerchantDeal } from '../../../contract/workspace';
import { aDeal } from '../../test/fixtures';
import { OWNER, renderScreenAs } from '../../test/screens';

export { json, sentBodies, stubApi, OWNER, STAFF } from '../../test/screens';

export const renderScreen = renderScreenAs(OWNER);

export function aMerchantDeal(overrides: Partial<MerchantDeal> = {}): MerchantDeal {
  return {
    ...aDeal({ id: 'd1', status: 'draft', active: false }),
    merchantStatus: 'active',
    updatedAt: '2026-11-20T10:00:00.000Z',
    rejectionReason: null,
    submittedAt: null,
    categoryId: null,
    ...overrides,
  };
}

