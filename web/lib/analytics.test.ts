// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { track } from './analytics';

beforeEach(() => {
  delete window.dataLayer;
});

describe('track', () => {
  it('pushes the event onto window.dataLayer, creating it when missing', () => {
    track({ event: 'login_required', reason: 'purchase' });
    track({ event: 'purchase_completed', orderId: 'o1', dealId: 'd1', dealTitle: 'Sushi', priceCents: 1999, totalCents: 3998, voucherCount: 2 });
    expect(window.dataLayer).toHaveLength(2);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'login_required', reason: 'purchase' });
    expect(window.dataLayer?.[1]).toMatchObject({ event: 'purchase_completed', orderId: 'o1', voucherCount: 2 });
    expect(typeof (window.dataLayer?.[1] as { at: unknown }).at).toBe('string');
  });
});
