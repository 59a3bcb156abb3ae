// @vitest-environment jsdom
// The deal page and a signed-in customer's limit (docs/product/rules.md#per-customer-limits): what they may still buy,
// read from GET /api/deals/{id}/allowance, is said up front; at the limit every buying button is disabled and described by
// that reason, and short of it the quantity never goes past it. Guests and other accounts never ask.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '../../../contract/auth';
import type { Deal, DealAllowance } from '../../../contract/deals';
import type { OpenGroup } from '../../../contract/groups';
import { dealPageActions } from '../../app/deal-screen';
import { chooseLanguage } from '../../i18n';
import { aDeal, aGroup, aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import DealPage from './deal-page';

const GROUP_DEAL = aDeal({ groupSize: 3, groupPriceCents: 1499, groupWindowHours: 24 });
const openGroup = (): OpenGroup => {
  const { id, size, priceCents, seatsLeft, paidCount, members, deadline, mine } = aGroup({ id: 'g1' });
  return { id, size, priceCents, seatsLeft, paidCount, members, deadline, mine };
};

const allowanceOf = (deal: Deal, counts: Partial<DealAllowance>): DealAllowance => {
  const limit = counts.limit ?? deal.maxPerUser;
  const bought = counts.bought ?? 0;
  const held = counts.held ?? 0;
  return { dealId: deal.id, limit, bought, held, remaining: Math.max(0, limit - bought - held) };
};

/** Stands in for the browser's media queries: a phone (390 px) or a desktop. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 767'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderDeal(deal: Deal, allowance: DealAllowance | null, user: CurrentUser | null = aUser()) {
  const fetchMock = stubApi({
    [`GET /api/deals/${deal.id}`]: () => json(deal),
    [`GET /api/deals/${deal.id}/groups`]: () => json([openGroup()]),
    ...(allowance ? { [`GET /api/deals/${deal.id}/allowance`]: () => json(allowance) } : {}),
  });
  renderScreen(<DealPage id={deal.id} actions={dealPageActions} />, { user, path: `/deal/${deal.id}` });
  return fetchMock;
}

/** The texts an element's aria-describedby points at, joined. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await act(() => chooseLanguage('en'));
});

describe('DealPage: a customer at the limit', () => {
  it('disables Buy alone, Add to Cart, Start a group and Join, each described by the reason shown beside them', async () => {
    viewport(false);
    renderDeal(GROUP_DEAL, allowanceOf(GROUP_DEAL, { bought: 4 }));
    const reason = await screen.findByText('You have bought the most one customer may (4)');
    const purchase = screen.getByRole('region', { name: 'Purchase' });
    expect(within(purchase).getByText('You have bought the most one customer may (4)')).toBe(reason);
    // No quantity is offered at all.
    expect(screen.queryByLabelText('Quantity')).toBeNull();

    const buttons = [
      screen.getByRole('button', { name: 'Buy alone $19.99' }),
      screen.getByRole('button', { name: 'Add to Cart' }),
      screen.getByRole('button', { name: 'Start a group $14.99' }),
      await screen.findByRole('button', { name: 'Join' }),
    ];
    for (const button of buttons) {
      expect(disabled(button), button.textContent ?? '').toBe(true);
      expect(description(button)).toContain('You have bought the most one customer may (4)');
    }
    // The reason is on screen, not only in the buttons' descriptions.
    expect(reason.closest('[hidden]')).toBeNull();
  });

  it('counts units held for an unpaid checkout and says so', async () => {
    viewport(false);
    const deal = aDeal({ maxPerUser: 2 });
    renderDeal(deal, allowanceOf(deal, { bought: 1, held: 1 }));
    const buy = await screen.findByRole('button', { name: 'Buy Now - $19.99' });
    await waitFor(() => expect(disabled(buy)).toBe(true));
    expect(description(buy)).toBe('You have bought the most one customer may (2) Including 1 held for a checkout not paid yet.');
  });

  it('shows no buy bar on a phone: the purchase box says why', async () => {
    viewport(true);
    renderDeal(aDeal(), allowanceOf(aDeal(), { bought: 4 }));
    await screen.findByText('You have bought the most one customer may (4)');
    expect(screen.queryByRole('region', { name: 'Buy this deal' })).toBeNull();
  });

  it('says it in Chinese too', async () => {
    viewport(false);
    await act(() => chooseLanguage('zh-CN'));
    renderDeal(aDeal(), allowanceOf(aDeal(), { bought: 3, held: 1 }));
    expect(await screen.findByText('您已达到每位顾客的购买上限（4 份） 其中 1 份为待支付的结账所保留。')).toBeTruthy();
  });
});

describe('DealPage: a customer short of the limit', () => {
  it('one short: says "You can buy 1 more" and holds the quantity at 1', async () => {
    viewport(false);
    renderDeal(aDeal(), allowanceOf(aDeal(), { bought: 3 }));
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    await waitFor(() => expect(input.max).toBe('1'));
    expect(description(input)).toBe('You can buy 1 more');
    expect(disabled(screen.getByRole('button', { name: 'Increase quantity' }))).toBe(true);
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.blur(input);
    expect(input.value).toBe('1');
    expect(disabled(screen.getByRole('button', { name: 'Buy Now - $19.99' }))).toBe(false);
  });

  it('brings a quantity chosen before the allowance arrived back within it', async () => {
    viewport(false);
    let answer: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    stubApi({ [`GET /api/deals/${aDeal().id}`]: () => json(aDeal()) });
    const fetchMock = vi.mocked(fetch);
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (String(input).endsWith('/allowance') ? late : stubbed(input, init)));
    renderScreen(<DealPage id={aDeal().id} actions={dealPageActions} />, { user: aUser(), path: `/deal/${aDeal().id}` });
    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(screen.getByRole('button', { name: 'Buy Now - $59.97' })).toBeTruthy();
    answer(json(allowanceOf(aDeal(), { bought: 2 })));
    expect(await screen.findByRole('button', { name: 'Buy Now - $39.98' })).toBeTruthy();
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('2');
  });

  it('keeps the deal\'s own wording for a customer who has bought none', async () => {
    viewport(false);
    renderDeal(aDeal(), allowanceOf(aDeal(), {}));
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    await waitFor(() => expect(input.max).toBe('4'));
    expect(description(input)).toBe('Up to 4 per customer');
  });

  it('lets Add to Cart put no more in the cart than the customer may still buy', async () => {
    viewport(false);
    window.localStorage.setItem('sessionId', 'a-session');
    window.localStorage.setItem('cart', JSON.stringify([{ dealId: aDeal().id, quantity: 1 }]));
    renderDeal(aDeal(), allowanceOf(aDeal(), { bought: 2 }));
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    await waitFor(() => expect(input.max).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // One was in the cart already, so one more fits.
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([expect.objectContaining({ dealId: aDeal().id, quantity: 2 })]));
  });
});

describe('DealPage: who asks for the allowance', () => {
  it.each([
    ['a guest', null],
    ['a merchant', aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'owner' })],
  ])('never for %s', async (_who, user) => {
    viewport(false);
    const fetchMock = renderDeal(aDeal(), null, user);
    await screen.findByRole('heading', { level: 1 });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/allowance'))).toBe(false);
  });

  it('offers what the deal allows when the allowance cannot be read: checkout judges', async () => {
    viewport(false);
    renderDeal(aDeal(), null);
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    expect(input.max).toBe('4');
    expect(disabled(screen.getByRole('button', { name: 'Buy Now - $19.99' }))).toBe(false);
  });
});
