// @vitest-environment jsdom
// The redeem screen in Chinese: once a merchant chooses 简体中文 the prompt, the form, its checks, the confirm step, the
// outcome and the recent redemptions speak it, money as US$; choosing English afterwards changes the texts at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { chooseLanguage, translate } from '../../i18n';
import { NETWORK_ERROR_REASON, redeemResultMessage } from './api/redeem-voucher';
import { CAMERA_BUSY, CAMERA_FAILED, CAMERA_PERMISSION_DENIED, NO_CAMERA_FOUND, NO_CAMERA_SUPPORT } from './camera/camera-errors';
import RedeemPage from './redeem-page';
import { MERCHANT_USER, renderScreen, stubCounter } from './test-support';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the redeem screen in Chinese', () => {
  it('asks guests to log in as a merchant in Chinese', async () => {
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<RedeemPage />, { user: null, path: '/merchant/redeem' });
    expect(screen.getByRole('heading', { level: 1, name: '核销团购券' })).toBeTruthy();
    expect(screen.getByText('请以商家身份登录后核销团购券。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '商家登录' }).getAttribute('href')).toBe('/merchant/login');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('checks, confirms and redeems in Chinese, then lists the redemption with its Undo', async () => {
    stubCounter();
    await act(() => chooseLanguage('zh-CN'));
    renderScreen(<RedeemPage />, { user: MERCHANT_USER, path: '/merchant/redeem' });

    expect(screen.getByRole('heading', { level: 1, name: '核销团购券' })).toBeTruthy();
    expect(screen.getByText('输入顾客团购券上的券码和 PIN 码，或扫描券上的二维码。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '扫描二维码' }).getAttribute('href')).toBe('/merchant/scan');
    expect(await screen.findByText('还没有核销记录。核销的团购券会显示在这里。')).toBeTruthy();

    // The checks speak Chinese too.
    fireEvent.click(screen.getByRole('button', { name: '校验团购券' }));
    expect(screen.getByText('请输入券码')).toBeTruthy();
    expect(screen.getByText('请输入 PIN 码')).toBeTruthy();
    expect(screen.getByText('8 位字符，印在顾客的团购券上。')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('券码'), { target: { value: 'abcd2345' } });
    fireEvent.change(screen.getByLabelText('PIN 码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '校验团购券' }));

    const confirm = await screen.findByRole('region', { name: '确认核销' });
    expect(within(confirm).getByText('购买人手机号')).toBeTruthy();
    expect(within(confirm).getByText('无截止日期')).toBeTruthy();
    expect(within(confirm).getByText('US$19.99')).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: '取消' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确认核销' }));

    expect(await screen.findByText('团购券核销成功！')).toBeTruthy();
    const recent = screen.getByRole('region', { name: '最近核销' });
    expect(within(recent).getByText('你最近的 10 次核销尝试，最新的在前。')).toBeTruthy();
    expect(await within(recent).findByRole('button', { name: '撤销 ABCD2345' })).toBeTruthy();
    expect(within(recent).getByText('已核销')).toBeTruthy();
    expect(within(recent).getByText(/^Premium Sushi Platter for 2 · US\$19\.99$/)).toBeTruthy();

    // Choosing English while the screen is shown changes its texts at once.
    await act(() => chooseLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Redeem Vouchers' })).toBeTruthy();
    expect(within(recent).getByRole('button', { name: 'Undo ABCD2345' })).toBeTruthy();
  });

  it('words the outcomes and the camera problems in Chinese, and in English as docs/product/messages.md does', async () => {
    expect(NETWORK_ERROR_REASON).toBe(translate('merchant:redeemResult.networkError', { lng: 'en' }));
    expect([NO_CAMERA_SUPPORT, NO_CAMERA_FOUND, CAMERA_PERMISSION_DENIED, CAMERA_BUSY, CAMERA_FAILED]).toEqual(
      ['noSupport', 'notFound', 'permissionDenied', 'busy', 'failed'].map((key) => translate(`merchant:camera.${key}`, { lng: 'en' })),
    );
    await chooseLanguage('zh-CN');
    expect(redeemResultMessage({ ok: true, reason: null })).toBe('团购券核销成功！');
    expect(redeemResultMessage({ ok: false, reason: '券码不存在' })).toBe('错误：券码不存在');
    expect(redeemResultMessage({ ok: false, reason: null })).toBe('核销失败');
  });
});
