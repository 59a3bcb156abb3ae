// @vitest-environment jsdom
// The cart and a signed-in customer's limits (docs/product/rules.md#per-customer-limits): each line's stepper offers no more
// than the customer may still buy of its deal (GET /api/deals/{id}/allowance), says so under the line, and a line over it
// holds Checkout Now back until it is lowered. When checkout refuses anyway, the allowances are read again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Deal, DealAllowance } from '../../../contract/deals';
import { chooseLanguage } from '../../i18n';
import { addToCart, cartSnapshotOf } from '../../lib/cart-storage';
import { aDeal, aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import CartPage from './cart-page';

const SUSHI = aDeal({ id: 'd1', maxPerUser: 4, remaining: 200 });
const SPA = aDeal({ id: 'd2', title: 'Luxury Spa Day Package', priceCents: 3999, originalPriceCents: 5999, maxPerUser: 2, remaining: 50 });

const allowanceOf = (deal: Deal, bought: number, held = 0): DealAllowance => ({
  dealId: deal.id,
  limit: deal.maxPerUser,
  bought,
  held,
  remaining: Math.max(0, deal.maxPerUser - bought - held),
});

function renderCart(lines: Array<[Deal, number]>, allowances: Record<string, () => Response>) {
  for (const [deal, quantity] of lines) addToCart(deal.id, cartSnapshotOf(deal), quantity);
  const routes: Parameters<typeof stubApi>[0] = { ...allowances };
  for (const [deal] of lines) routes[`GET /api/deals/${deal.id}`] = () => json(deal);
  const fetchMock = stubApi(routes);
  renderScreen(<CartPage />, { user: aUser(), path: '/cart' });
  return fetchMock;
}

const lineGroup = (title: string) => screen.getByRole('group', { name: `Quantity of ${title}` });
const plusOf = (title: string) => screen.getByRole('button', { name: `Increase quantity of ${title}` }) as HTMLButtonElement;
const checkoutNow = () => screen.getByRole('button', { name: 'Checkout Now' }) as HTMLButtonElement;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => chooseLanguage('en'));
});

describe('CartPage: what the customer may still buy', () => {
  it('one short: the line stops at 1 and says so; Checkout Now stays on', async () => {
    renderCart([[SUSHI, 1]], { 'GET /api/deals/d1/allowance': () => json(allowanceOf(SUSHI, 3)) });
    expect(await screen.findByText('You can buy 1 more')).toBeTruthy();
    expect(plusOf(SUSHI.title).disabled).toBe(true);
    expect(checkoutNow().disabled).toBe(false);
  });

  it('over it: the line says so in red and Checkout Now waits until it is lowered or removed', async () => {
    renderCart(
      [
        [SUSHI, 3],
        [SPA, 1],
      ],
      {
        'GET /api/deals/d1/allowance': () => json(allowanceOf(SUSHI, 2)),
        'GET /api/deals/d2/allowance': () => json(allowanceOf(SPA, 1, 1)),
      },
    );
    const over = await screen.findByText('You can buy only 2 more');
    expect(over.className).toContain('text-red-700');
    expect(await screen.findByText('You have bought the most one customer may (2) Including 1 held for a checkout not paid yet.')).toBeTruthy();
    expect(checkoutNow().disabled).toBe(true);

    fireEvent.click(within(lineGroup(SUSHI.title)).getByRole('button', { name: `Decrease quantity of ${SUSHI.title}` }));
    expect(await screen.findByText('You can buy 2 more')).toBeTruthy();
    expect(checkoutNow().disabled).toBe(true);
    // Down from one removes the line.
    fireEvent.click(within(lineGroup(SPA.title)).getByRole('button', { name: `Remove ${SPA.title}` }));
    await waitFor(() => expect(checkoutNow().disabled).toBe(false));
  });

  it('keeps the deal\'s own limits when the customer has bought none, or when the allowance cannot be read', async () => {
    renderCart(
      [
        [SUSHI, 1],
        [SPA, 1],
      ],
      { 'GET /api/deals/d1/allowance': () => json(allowanceOf(SUSHI, 0)) },
    );
    expect(await screen.findByText('Limit 4 per customer')).toBeTruthy();
    expect(await screen.findByText('Limit 2 per customer')).toBeTruthy();
    expect(plusOf(SPA.title).disabled).toBe(false);
  });

  it('reads the allowances again when checkout refuses', async () => {
    let reads = 0;
    const fetchMock = renderCart([[SPA, 1]], {
      'GET /api/deals/d2/allowance': () => {
        reads += 1;
        return json(allowanceOf(SPA, reads === 1 ? 0 : 2));
      },
      'POST /api/checkout': () => json({ message: `You can buy at most 2 of "${SPA.title}"` }, 409),
    });
    await screen.findByText('Limit 2 per customer');
    fireEvent.click(checkoutNow());
    expect(await screen.findByText('You have bought the most one customer may (2)')).toBeTruthy();
    expect(checkoutNow().disabled).toBe(true);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/allowance')).length).toBeGreaterThanOrEqual(2);
  });

  it('says it in Chinese too', async () => {
    await act(() => chooseLanguage('zh-CN'));
    renderCart([[SUSHI, 2]], { 'GET /api/deals/d1/allowance': () => json(allowanceOf(SUSHI, 3)) });
    expect(await screen.findByText('您只能再购买 1 份')).toBeTruthy();
  });
});
