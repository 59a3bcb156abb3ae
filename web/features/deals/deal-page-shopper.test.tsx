// @vitest-environment jsdom
// The deal page for a shopper: the quantity picker, the buy bar of a phone, Share, the Verified visit mark, a guest's
// Add to Cart and a sold-out deal's wording.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '../../../contract/auth';
import type { Deal, ReviewSummary } from '../../../contract/deals';
import { dealPageActions } from '../../app/deal-screen';
import { useToasts } from '../../components/ui/toast';
import { aDeal, aUser } from '../../test/fixtures';
import { json, renderScreen, sentBodies, stubApi } from '../../test/screens';
import { closeAuthDialog, getAuthDialogState } from '../auth';
import DealPage from './deal-page';

// Buy Now leaves for the payment page through this module; here it only records where the browser would go.
const goToPaymentPage = vi.hoisted(() => vi.fn((_url: string) => new Promise<never>(() => undefined)));
vi.mock('../checkout/payment-page', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  goToPaymentPage,
}));

const PAYMENT_URL = '/checkout?session_id=cs_test_qty';

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => `${t.title}: ${t.description ?? ''}`).join(' | ')}</p>;
}

/** Stands in for the browser's media queries: a phone (390 px) or a desktop. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width: 767'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const REVIEWS: ReviewSummary = {
  average: 4.5,
  count: 2,
  distribution: [0, 0, 0, 1, 1],
  reviews: [
    { id: 'r1', userName: 'Grace H.', userAvatar: 'GH', rating: 5, comment: 'Lovely evening', date: '2026-11-20T10:00:00.000Z', verified: true },
    { id: 'r2', userName: 'Alan T.', userAvatar: 'AT', rating: 4, comment: 'Good value', date: '2026-11-19T10:00:00.000Z', verified: false },
  ],
};

function renderDeal(user: CurrentUser | null, deal: Deal = aDeal()) {
  const fetchMock = stubApi({
    [`GET /api/deals/${deal.id}`]: () => json(deal),
    [`GET /api/deals/${deal.id}/reviews`]: () => json(REVIEWS),
    'POST /api/checkout': () => json({ url: PAYMENT_URL }),
  });
  renderScreen(
    <>
      <DealPage id={deal.id} actions={dealPageActions} />
      <Toasts />
    </>,
    { user, path: `/deal/${deal.id}` },
  );
  return fetchMock;
}

beforeEach(() => {
  goToPaymentPage.mockClear();
});

afterEach(() => {
  cleanup();
  closeAuthDialog();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('DealPage: quantity', () => {
  it('picks 1 up to the lower of the per-customer limit and the units left, with labelled 44 px steps', async () => {
    viewport(false);
    renderDeal(aUser(), aDeal({ maxPerUser: 4, remaining: 3 }));
    const input = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const plus = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    expect(input.value).toBe('1');
    expect(input.max).toBe('3');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Only 3 left');
    expect(minus.disabled).toBe(true);
    for (const step of [minus, plus]) expect(step.className).toContain('h-11 w-11');

    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(input.value).toBe('3');
    expect(plus.disabled).toBe(true);
    // A typed number beyond the limit is brought back within it.
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.blur(input);
    expect(input.value).toBe('3');
    fireEvent.change(input, { target: { value: '2' } });
    expect(screen.getByRole('button', { name: 'Buy Now - $39.98' })).toBeTruthy();
  });

  it('buys the chosen quantity with Buy Now and adds it with Add to Cart', async () => {
    viewport(false);
    const fetchMock = renderDeal(aUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now - $39.98' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(sentBodies(fetchMock, 'POST', '/api/checkout')).toEqual([{ items: [{ dealId: aDeal().id, quantity: 2 }] }]);
  });

  it('keeps one unit as a plain Buy Now', async () => {
    viewport(false);
    const fetchMock = renderDeal(aUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Now - $19.99' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalled());
    expect(sentBodies(fetchMock, 'POST', '/api/checkout')).toEqual([{ dealId: aDeal().id }]);
  });

  it('adds the chosen quantity to the cart', async () => {
    viewport(false);
    window.localStorage.setItem('sessionId', 'a-session');
    renderDeal(aUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toContain('Added to Cart'));
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '[]')).toEqual([expect.objectContaining({ dealId: aDeal().id, quantity: 2 })]);
  });
});

describe('DealPage: the buy bar of a phone', () => {
  it('holds the price, Add to Cart and Buy Now at phone width, once', async () => {
    viewport(true);
    renderDeal(null);
    const bar = await screen.findByRole('region', { name: 'Buy this deal' });
    expect(bar.className).toContain('fixed');
    expect(within(bar).getAllByText('$19.99')).toHaveLength(2);
    expect(within(bar).getByRole('button', { name: 'Buy Now - $19.99' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    // The purchase box keeps the picker and the heart; the buttons are not there twice.
    expect(screen.getAllByRole('button', { name: /Buy Now/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Purchase' })).getByLabelText('Quantity')).toBeTruthy();
    // The page leaves room for it at its bottom (styles.css).
    expect(bar.hasAttribute('data-buy-bar')).toBe(true);
  });

  it('follows the picker', async () => {
    viewport(true);
    renderDeal(aUser());
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    const bar = screen.getByRole('region', { name: 'Buy this deal' });
    expect(within(bar).getByText('× 2')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Buy Now - $39.98' })).toBeTruthy();
  });

  it('is not there on a desktop, nor for a sold-out deal or a merchant account', async () => {
    viewport(false);
    renderDeal(aUser());
    await screen.findByRole('button', { name: 'Buy Now - $19.99' });
    expect(screen.queryByRole('region', { name: 'Buy this deal' })).toBeNull();
    cleanup();

    viewport(true);
    renderDeal(aUser(), aDeal({ soldOut: true, remaining: 0 }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Buy this deal' })).toBeNull();
    cleanup();

    renderDeal(aUser({ role: 'merchant', merchantId: 'm1', merchantRole: 'owner' }));
    await screen.findByText('Merchant accounts cannot buy deals');
    expect(screen.queryByRole('region', { name: 'Buy this deal' })).toBeNull();
  });
});

describe('DealPage: the buy bar of a phone, for a deal sold to groups too', () => {
  const GROUP_DEAL = aDeal({ groupSize: 3, groupPriceCents: 1499, groupWindowHours: 24 });

  function renderGroupDeal(user: CurrentUser | null) {
    const fetchMock = stubApi({
      [`GET /api/deals/${GROUP_DEAL.id}`]: () => json(GROUP_DEAL),
      [`GET /api/deals/${GROUP_DEAL.id}/reviews`]: () => json(REVIEWS),
      [`GET /api/deals/${GROUP_DEAL.id}/groups`]: () => json([]),
      'POST /api/groups': () => json({ group: { id: 'g-new' }, url: PAYMENT_URL }),
    });
    renderScreen(<DealPage id={GROUP_DEAL.id} actions={dealPageActions} />, { user, path: `/deal/${GROUP_DEAL.id}` });
    return fetchMock;
  }

  it.each([
    ['guests', null],
    ['customers', aUser()],
  ])('offers %s "Buy alone" and "Start a group" side by side, each with its price, and keeps Add to Cart in the purchase box', async (_who, user) => {
    viewport(true);
    renderGroupDeal(user);
    const bar = await screen.findByRole('region', { name: 'Buy this deal' });
    const alone = within(bar).getByRole('button', { name: 'Buy alone $19.99' });
    const start = within(bar).getByRole('button', { name: 'Start a group $14.99' });
    expect(alone.compareDocumentPosition(start) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Start a group is described by its offer, which the bar reads out without showing.
    const hint = document.getElementById(start.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe('3 people · 24 h to fill');
    expect(hint.className).toContain('sr-only');
    // The two buttons share the bar: no separate price block or Add to Cart icon there, and long labels may wrap.
    expect(within(bar).queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(within(bar).getAllByText(/\$/)).toHaveLength(2);
    for (const button of [alone, start]) {
      expect(button.className).toContain('whitespace-normal');
      expect(button.closest('.flex-auto')).toBeTruthy();
    }
    // Neither is there twice; Add to Cart is in the purchase box.
    expect(screen.getAllByRole('button', { name: /Buy alone/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Start a group/ })).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Purchase' })).getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it('starts a group from the bar straight to the payment page, as the purchase box does', async () => {
    viewport(true);
    const fetchMock = renderGroupDeal(aUser());
    const bar = await screen.findByRole('region', { name: 'Buy this deal' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Start a group $14.99' }));
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith(PAYMENT_URL));
    expect(sentBodies(fetchMock, 'POST', '/api/groups')).toEqual([{ dealId: GROUP_DEAL.id }]);
  });

  it('keeps both buttons in the purchase box on a desktop', async () => {
    viewport(false);
    renderGroupDeal(aUser());
    const purchase = await screen.findByRole('region', { name: 'Purchase' });
    expect(await within(purchase).findByRole('button', { name: 'Buy alone $19.99' })).toBeTruthy();
    expect(within(purchase).getByRole('button', { name: 'Start a group $14.99' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Buy this deal' })).toBeNull();
  });
});

describe('DealPage: Share', () => {
  it("opens the device's share sheet with the deal's address", async () => {
    viewport(false);
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true });
    renderDeal(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]).toEqual([expect.objectContaining({ title: 'Premium Sushi Platter for 2', url: `${window.location.origin}/deal/${aDeal().id}` })]);
  });

  it('copies the link with a toast where there is no share sheet, and never raises an alert', async () => {
    viewport(false);
    const writeText = vi.fn(async () => undefined);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderDeal(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toContain('Link copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/deal/${aDeal().id}`);
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('DealPage: reviews', () => {
  it('marks a review by a customer who used the deal "Verified visit", and only that one', async () => {
    viewport(false);
    renderDeal(null);
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    const items = await within(reviews).findAllByRole('listitem');
    const [grace, alan] = [items.find((li) => li.textContent?.includes('Grace H.')), items.find((li) => li.textContent?.includes('Alan T.'))];
    expect(within(grace!).getByText('Verified visit')).toBeTruthy();
    expect(within(alan!).queryByText('Verified visit')).toBeNull();
  });
});

describe('DealPage: a guest and a sold-out deal', () => {
  it("opens the login dialog for a guest's Add to Cart, to come back to the deal", async () => {
    viewport(false);
    renderDeal(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(getAuthDialogState()).toEqual({ open: 'login', next: `/deal/${aDeal().id}` }));
    expect(window.localStorage.getItem('cart')).toBeNull();
  });

  it('never calls a sold-out deal available', async () => {
    viewport(false);
    renderDeal(null, aDeal({ soldOut: true, remaining: 0 }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByText('Sold Out').length).toBeGreaterThan(0);
    expect(screen.queryByText('Available')).toBeNull();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });
});
