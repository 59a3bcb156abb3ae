// @vitest-environment jsdom
// The payment form's toasts are Chinese in the SPEC: so they stay while no language is chosen, and follow a chosen one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { TestCheckoutSession } from '../../../contract/checkout';
import { useToasts } from '../../components/ui/toast';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, stubApi } from '../../test/screens';
import CheckoutPage from './checkout-page';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
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

function Toasts() {
  const toasts = useToasts();
  return <output data-testid="toasts">{toasts.map((t) => `${t.title} / ${t.description ?? ''}`).join(' | ')}</output>;
}

function renderCheckout() {
  stubApi({ 'GET /api/test-provider/sessions/cs_test_1': () => json(SESSION) });
  renderScreen(
    <>
      <CheckoutPage />
      <Toasts />
    </>,
    { user: aUser(), path: '/checkout?session_id=cs_test_1' },
  );
}

describe('PaymentForm: the language of its texts', () => {
  it("keeps the SPEC's Chinese toast title with its English description while no language is chosen", async () => {
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    expect(screen.getByTestId('toasts').textContent).toBe(
      '请填写完整的支付信息 / Please fill in the card number, expiry date, CVV and cardholder name.',
    );
  });

  it('speaks English throughout once English is chosen', async () => {
    await act(() => chooseLanguage('en'));
    renderCheckout();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    expect(screen.getByTestId('toasts').textContent).toBe(
      'Please complete the payment details / Please fill in the card number, expiry date, CVV and cardholder name.',
    );
  });

  it('speaks Chinese throughout once 简体中文 is chosen, the total as US$', async () => {
    await act(() => chooseLanguage('zh-CN'));
    renderCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: '结账' })).toBeTruthy();
    expect(screen.getByLabelText('卡号')).toBeTruthy();
    expect(screen.getByText('应付金额').nextElementSibling?.textContent).toBe('US$19.99');
    fireEvent.click(screen.getByRole('button', { name: '确认支付' }));
    expect(screen.getByTestId('toasts').textContent).toBe('请填写完整的支付信息 / 请填写卡号、有效期、CVV 和持卡人姓名。');
  });
});
