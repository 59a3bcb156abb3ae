// @vitest-environment jsdom
// The payment page's card form: a card the provider refuses shows the reason under the card field, not only in a toast.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TestCheckoutSession } from '../../../contract/checkout';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import CheckoutPage from './checkout-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION: TestCheckoutSession = {
  id: 'cs_test_1',
  status: 'open',
  order: {
    id: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5',
    status: 'pending',
    totalCents: 1999,
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    items: [{ dealId: 'd1', title: 'Premium Sushi Platter for 2', quantity: 1, unitPriceCents: 1999, imageUrl: '' }],
  },
  refunds: [],
  successUrl: '/success?session_id=cs_test_1',
  cancelUrl: '/cart',
};

async function payWith(cardNumber: string, refusal: string) {
  stubApi({
    'GET /api/test-provider/sessions/cs_test_1': () => json(SESSION),
    'POST /api/test-provider/sessions/cs_test_1/pay': () => json({ message: refusal }, 402),
  });
  renderScreen(<CheckoutPage />, { user: aUser(), path: '/checkout?session_id=cs_test_1' });
  fireEvent.change(await screen.findByLabelText('Card Number'), { target: { value: cardNumber } });
  fireEvent.change(screen.getByLabelText('Expiry Date (MM/YY)'), { target: { value: '12/39' } });
  fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Cardholder Name'), { target: { value: 'Declined Shopper' } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }));
}

describe('PaymentForm: a refused card', () => {
  it('shows a declined card’s reason under Card Number, described by it and marked invalid, and focuses it', async () => {
    await payWith('4000 0000 0000 0002', 'Your card was declined.');
    const field = screen.getByLabelText('Card Number');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'), { timeout: 5_000 });
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Your card was declined.');
    await waitFor(() => expect(document.activeElement).toBe(field));

    // Typing another card clears it.
    fireEvent.change(field, { target: { value: '4242 4242 4242 4242' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Your card was declined.', { selector: 'p' })).toBeNull();
  });

  it('shows an expired card’s reason under the expiry date', async () => {
    await payWith('4242 4242 4242 4242', 'Your card has expired.');
    const expiry = screen.getByLabelText('Expiry Date (MM/YY)');
    await waitFor(() => expect(expiry.getAttribute('aria-invalid')).toBe('true'), { timeout: 5_000 });
    expect(document.getElementById(`${expiry.id}-error`)?.textContent).toBe('Your card has expired.');
    expect(screen.getByLabelText('Card Number').getAttribute('aria-invalid')).toBeNull();
  });
});
