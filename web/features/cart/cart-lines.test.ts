// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Deal } from '../../../contract/deals';
import { buildCartLines, summarizeCart, type DealLookup } from './cart-lines';
import { allowanceHint, allowanceMessage, limitHint, limitMessage } from './cart-limits';
import { aDeal } from '../../test/fixtures';

function deal(overrides: Partial<Deal>): Deal {
  return aDeal({ id: 'a', merchantId: 'm', ...overrides });
}

const loaded = (d: Deal): DealLookup => ({ data: d, isPending: false, isGone: false });

describe('buildCartLines and summarizeCart', () => {
  it('prefers the fresh deal, totals units, money and savings', () => {
    const lines = buildCartLines(
      [
        { dealId: 'a', quantity: 2, deal: { priceCents: 1500, title: 'Old title' } },
        { dealId: 'b', quantity: 1 },
      ],
      [loaded(deal({ id: 'a' })), loaded(deal({ id: 'b', title: 'Spa', priceCents: 3999, originalPriceCents: 5999, maxPerUser: 2 }))],
    );
    expect(lines[0]?.deal.title).toBe('Premium Sushi Platter for 2');
    expect(lines[0]?.lineTotalCents).toBe(3998);
    expect(lines[1]?.max).toBe(2);
    expect(summarizeCart(lines)).toEqual({ units: 3, totalCents: 7997, savingsCents: 2000 + 2000, incomplete: false });
  });

  it('falls back to what the cart remembered while the deal loads, and flags unknown prices', () => {
    const lines = buildCartLines(
      [
        { dealId: 'a', quantity: 1, deal: { priceCents: 1999, title: 'Sushi' } },
        { dealId: 'b', quantity: 1 },
      ],
      [
        { data: undefined, isPending: true, isGone: false },
        { data: undefined, isPending: true, isGone: false },
      ],
    );
    expect(lines[0]?.loading).toBe(true);
    expect(lines[0]?.deal.title).toBe('Sushi');
    expect(summarizeCart(lines)).toMatchObject({ units: 2, totalCents: 1999, incomplete: true });
  });

  it('marks deleted, inactive and sold-out deals unavailable', () => {
    const lines = buildCartLines(
      [
        { dealId: 'gone', quantity: 1 },
        { dealId: 'off', quantity: 1 },
        { dealId: 'out', quantity: 1 },
      ],
      [
        { data: undefined, isPending: false, isGone: true },
        loaded(deal({ id: 'off', active: false })),
        loaded(deal({ id: 'out', soldOut: true, remaining: 0 })),
      ],
    );
    expect(lines.map((line) => line.unavailable)).toEqual([true, true, true]);
  });
});

describe('limit wording', () => {
  it('uses the checkout API phrasing', () => {
    expect(limitMessage({ title: 'Spa', maxPerUser: 2, remaining: 50 }, 2)).toBe('You can buy at most 2 of "Spa"');
    expect(limitMessage({ title: 'Spa', maxPerUser: 4, remaining: 3 }, 3)).toBe('Only 3 left of "Spa"');
    expect(limitMessage({ title: 'Spa', remaining: 0 }, 0)).toBe('"Spa" is sold out');
  });

  it('hints at the tighter of the cap and the stock', () => {
    expect(limitHint({ maxPerUser: 2, remaining: 50 }, 1)).toBe('Limit 2 per customer');
    expect(limitHint({ maxPerUser: 2, remaining: 50 }, 2)).toBe('Limit 2 per customer reached');
    expect(limitHint({ maxPerUser: 4, remaining: 3 }, 1)).toBe('3 left');
    expect(limitHint({ maxPerUser: 4, remaining: 3 }, 3)).toBe('Only 3 left');
    expect(limitHint({ remaining: null }, 1)).toBeNull();
    expect(limitHint(undefined, 1)).toBeNull();
  });
});

describe("the customer's allowance", () => {
  const allowance = (limit: number, bought: number, held = 0) => ({ dealId: 'a', limit, bought, held, remaining: Math.max(0, limit - bought - held) });

  it('holds a line to what the customer may still buy, below the deal\'s own limits', () => {
    const lines = buildCartLines(
      [
        { dealId: 'a', quantity: 1 },
        { dealId: 'b', quantity: 1 },
        { dealId: 'c', quantity: 1 },
      ],
      [loaded(deal({ id: 'a', maxPerUser: 4 })), loaded(deal({ id: 'b', maxPerUser: 4, remaining: 1 })), loaded(deal({ id: 'c', maxPerUser: 4 }))],
      [allowance(4, 3), allowance(4, 0), undefined],
    );
    expect(lines.map((l) => [l.dealMax, l.max])).toEqual([
      [4, 1],
      [1, 1],
      [4, 4],
    ]);
  });

  it('speaks only when the allowance is what limits the line', () => {
    expect(allowanceHint(allowance(4, 0), 1, 4)).toBeNull();
    expect(allowanceHint(allowance(4, 2), 1, 1)).toBeNull();
    expect(allowanceHint(undefined, 1, 4)).toBeNull();
    expect(allowanceHint(allowance(4, 3), 1, 4)).toEqual({ text: 'You can buy 1 more', over: false });
    expect(allowanceHint(allowance(4, 2), 3, 4)).toEqual({ text: 'You can buy only 2 more', over: true });
    expect(allowanceHint(allowance(4, 3, 1), 1, 4)).toEqual({ text: 'You have bought the most one customer may (4) Including 1 held for a checkout not paid yet.', over: true });
    expect(allowanceMessage({ title: 'Spa' }, 1)).toBe('You can buy only 1 more of "Spa"');
    expect(allowanceMessage({ title: 'Spa' }, 0)).toBe('You have already bought the most one customer may of "Spa"');
  });
});
