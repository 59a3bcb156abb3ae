// @vitest-environment jsdom
// A voucher card in Chinese: its state, code, validity, refund and actions in the chosen language, money as US$.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { chooseLanguage } from '../../i18n';
import { aUser, aVoucher } from '../../test/fixtures';
import { renderScreen } from '../../test/screens';
import { VoucherCard } from './components/voucher-card';
import { shareText, validityStatement } from './voucher-display';

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
});

const VALID_UNTIL = '2026-12-22T12:00:00.000Z';

describe('VoucherCard in Chinese', () => {
  it('shows a valid voucher in Chinese', async () => {
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<VoucherCard voucher={aVoucher({ id: 'v1', validUntil: VALID_UNTIL })} offerReview={false} />, { user: aUser(), path: '/my/vouchers' });

    const card = await screen.findByRole('article', { name: 'Luxury Spa Day Package' });
    expect(within(card).getByText('可使用')).toBeTruthy();
    expect(within(card).getByText('US$39.99')).toBeTruthy();
    expect(within(card).getByText('券码')).toBeTruthy();
    expect(within(card).getByRole('button', { name: '复制券码 CODEXXV1' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '放大团购券 CODEXXV1 的二维码' })).toBeTruthy();
    expect(within(card).getByText('有效期至 2026年12月22日')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '打印 团购券 CODEXXV1' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '退款团购券 CODEXXV1' })).toBeTruthy();
  });

  it('shows a refund under way in Chinese, the amount in US$', async () => {
    await act(() => chooseLanguage('zh-CN'));
    const refund = { id: 'r1', amountCents: 3999, status: 'pending' as const, reason: 'customer' as const, createdAt: '2026-11-23T10:00:00.000Z' };
    renderScreen(<VoucherCard voucher={aVoucher({ id: 'v2', status: 'refunded', refund })} offerReview={false} />, { user: aUser(), path: '/my/vouchers' });

    const card = await screen.findByRole('article');
    expect(within(card).getByText('退款处理中')).toBeTruthy();
    expect(within(card).queryByText('已退款')).toBeNull();
    expect(card.textContent).toMatch(/退款处理中：US\$39\.99，申请于 2026年11月2[34]日 \d{2}:\d{2}/);
  });

  it('words the validity and the shared text in the chosen language', async () => {
    await act(() => chooseLanguage('zh-CN'));
    const voucher = aVoucher({ validUntil: '2026-12-01T12:00:00.000Z', createdAt: '2026-11-25T12:00:00.000Z' });
    expect(validityStatement(voucher)).toBe('团购券有效期至 2026年12月1日');
    expect(shareText(voucher)).toContain('券码：CODEXXV1');
    await act(() => chooseLanguage('en'));
    expect(validityStatement(voucher)).toBe('Voucher valid until Dec 1, 2026');
  });
});
