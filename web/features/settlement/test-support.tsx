// Rendering the statement screens in tests: a signed-in account in the query cache, an in-memory address, and stubbed answers.
import type { Statement, StatementLine } from '../../../contract/workspace';
import { OWNER, renderScreenAs } from '../../test/screens';

export { json, stubApi, OWNER, STAFF, SUPERADMIN } from '../../test/screens';

export const renderScreen = renderScreenAs(OWNER);

/** The week of Nov 16, 2026 at Sakura Sushi House, unpaid: two redemptions and a refund of an earlier credit. */
export function aStatement(overrides: Partial<Statement> = {}): Statement {
  return {
    id: 's1',
    merchantId: '0b6f7a1e-3c1d-4b7a-9a53-8f7f8b1f2c3d',
    merchantName: 'Sakura Sushi House',
    periodStart: '2026-11-16T00:00:00.000Z',
    periodEnd: '2026-11-23T00:00:00.000Z',
    timeZone: 'UTC',
    commissionBps: 1000,
    grossCents: 3998,
    commissionCents: 200,
    refundsCents: 1999,
    netCents: 1799,
    lineCount: 3,
    createdAt: '2026-11-23T01:00:00.000Z',
    paidAt: null,
    payoutReference: null,
    ...overrides,
  };
}

export const LINES: StatementLine[] = [
  { kind: 'redeemed', occurredAt: '2026-11-17T12:00:00.000Z', voucherCode: 'ABCD2345', dealTitle: 'Premium Sushi Platter for 2', amountCents: 1999, commissionCents: 200, netCents: 1799 },
  { kind: 'expired', occurredAt: '2026-11-18T00:00:00.000Z', voucherCode: 'EFGH6789', dealTitle: 'Premium Sushi Platter for 2', amountCents: 1999, commissionCents: 200, netCents: 1799 },
  { kind: 'refund', occurredAt: '2026-11-19T09:30:00.000Z', voucherCode: 'JKLM2345', dealTitle: 'Premium Sushi Platter for 2', amountCents: -1999, commissionCents: -200, netCents: -1799 },
];

