// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { toast } from '../../../components/ui/toast';
import { createQueryClient } from '../../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { chooseLanguage } from '../../../i18n';
import { closeAuthDialog, getAuthDialogState, openLoginDialog, openRegisterDialog } from '../login-dialog-store';
import AuthDialogs from './auth-dialogs';

vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));

const customer: CurrentUser = {
  id: 'u1',
  phone: '5551234567',
  phoneVerified: true,
  email: null,
  pendingEmail: null,
  role: 'customer',
  merchantId: null,
  merchantRole: null,
  hasPassword: false,
  mustChangePassword: false,
};

type Handler = (body: unknown) => Response;

/** Answers API calls by "METHOD path"; anything unexpected fails loudly. */
function serve(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown; auth: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body, auth: new Headers(init?.headers).get('Authorization') });
      const handler = handlers[key];
      if (!handler) return json(401, { message: 'Please log in first' });
      return handler(body);
    }),
  );
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderDialogs() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthDialogs />
    </QueryClientProvider>,
  );
}

const toastMock = vi.mocked(toast);
const lastToast = () => toastMock.mock.calls.at(-1)?.[0];

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  toastMock.mockClear();
});

afterEach(() => {
  act(() => closeAuthDialog());
  cleanup();
  vi.unstubAllGlobals();
});

describe('login dialog, password tab', () => {
  it('checks the fields, shows the server refusal, and on success stores the session and goes to next', async () => {
    let attempts = 0;
    const calls = serve({
      'POST /api/auth/password-login': () =>
        ++attempts === 1 ? json(401, { message: 'Invalid phone number or password' }) : json(200, { sessionId: 'sid-1', user: customer }),
    });
    renderDialogs();
    act(() => openLoginDialog({ next: '/profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(lastToast()).toMatchObject({ title: 'Phone Number Required', description: 'Please enter your phone number' });

    fireEvent.change(within(dialog).getByLabelText('Phone Number'), { target: { value: '5551234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(lastToast()).toMatchObject({ title: 'Password Required', description: 'Please enter your password' });

    fireEvent.change(within(dialog).getByLabelText('Password', { selector: 'input' }), { target: { value: 'wrong-one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Login Failed', description: 'Invalid phone number or password' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Login Successful', description: 'Welcome back!' }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('sid-1');
    expect(getAuthDialogState().open).toBeNull();
    expect(window.location.pathname).toBe('/profile');
    expect(calls.filter((c) => c.key === 'POST /api/auth/password-login').at(-1)?.body).toEqual({ identifier: '5551234567', password: 'wrong-one' });
  });

  it('toggles the password between hidden and shown', async () => {
    serve({});
    renderDialogs();
    act(() => openLoginDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});

describe('login dialog, SMS tab', () => {
  async function openSmsTab() {
    renderDialogs();
    act(() => openLoginDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: 'SMS' }));
    return dialog;
  }

  it('sends a code, verifies six digits only, and Back keeps the phone', async () => {
    const calls = serve({
      'POST /api/auth/send-sms-code': () => json(200, { message: 'SMS code sent' }),
      'POST /api/auth/verify-sms-code': () => json(200, { sessionId: 'sid-sms', user: customer }),
    });
    const dialog = await openSmsTab();

    fireEvent.change(within(dialog).getByLabelText('Phone Number'), { target: { value: '555123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    expect(lastToast()).toMatchObject({ title: 'Invalid phone number', description: 'Please enter a valid phone number' });

    fireEvent.change(within(dialog).getByLabelText('Phone Number'), { target: { value: '5551234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    const code = await within(dialog).findByLabelText('Verification Code');
    expect(lastToast()).toMatchObject({ title: 'SMS code sent' });
    expect(within(dialog).getByText('Resend code in 60s')).toBeTruthy();

    fireEvent.change(code, { target: { value: '12a3' } });
    expect((code as HTMLInputElement).value).toBe('123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(lastToast()).toMatchObject({ title: 'Invalid code', description: 'Please enter the 6-digit verification code' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect((within(dialog).getByLabelText('Phone Number') as HTMLInputElement).value).toBe('5551234567');
    // The code sent a moment ago is still the one to type: no second text message.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter Code' }));
    const again = await within(dialog).findByLabelText('Verification Code');
    fireEvent.change(again, { target: { value: '1234567' } });
    expect((again as HTMLInputElement).value).toBe('123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Phone number verified successfully' }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('sid-sms');
    expect(calls.filter((c) => c.key === 'POST /api/auth/send-sms-code')).toHaveLength(1);
    expect(calls.find((c) => c.key === 'POST /api/auth/verify-sms-code')?.body).toEqual({ phone: '5551234567', code: '123456' });
  });

  it("shows the server's cooldown message when sending fails", async () => {
    serve({ 'POST /api/auth/send-sms-code': () => json(429, { message: 'Please wait 42 seconds before requesting another code' }) });
    const dialog = await openSmsTab();
    fireEvent.change(within(dialog).getByLabelText('Phone Number'), { target: { value: '5551234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Error', description: 'Please wait 42 seconds before requesting another code' }));
  });

  it('starts empty again after being closed', async () => {
    serve({});
    const dialog = await openSmsTab();
    fireEvent.change(within(dialog).getByLabelText('Phone Number'), { target: { value: '5551234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => openLoginDialog());
    const reopened = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(reopened).getByRole('tab', { name: 'Password' }).getAttribute('aria-selected')).toBe('true');
    expect((within(reopened).getByLabelText('Phone Number') as HTMLInputElement).value).toBe('');
  });
});

describe('register dialog', () => {
  it('checks the form in Chinese, then registers with the texted code', async () => {
    const calls = serve({
      'POST /api/auth/send-sms-code': () => json(200, { message: 'SMS code sent' }),
      'POST /api/auth/register': () => json(200, { sessionId: 'sid-new', user: { ...customer, hasPassword: true } }),
    });
    renderDialogs();
    act(() => openLoginDialog());
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: '注册' });

    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const next = () => fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    fill('手机号', '555123');
    next();
    expect(lastToast()).toMatchObject({ description: '手机号至少10位' });
    fill('手机号', '5551234567');
    fill('密码', '12345');
    next();
    expect(lastToast()).toMatchObject({ description: '密码至少6位' });
    fill('密码', 'secret1');
    fill('确认密码', 'secret2');
    next();
    expect(lastToast()).toMatchObject({ description: '两次输入的密码不一致' });
    fill('确认密码', 'secret1');
    next();

    const code = await within(dialog).findByLabelText('验证码');
    fireEvent.click(within(dialog).getByRole('button', { name: '完成注册' }));
    expect(lastToast()).toMatchObject({ description: '请输入6位验证码' });
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '完成注册' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: '注册成功', description: '欢迎加入！' }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('sid-new');
    expect(calls.find((c) => c.key === 'POST /api/auth/register')?.body).toEqual({ phone: '5551234567', password: 'secret1', smsCode: '654321' });
  });

  it('shows the server refusal under 注册失败 and can switch back to login', async () => {
    serve({
      'POST /api/auth/send-sms-code': () => json(200, { message: 'SMS code sent' }),
      'POST /api/auth/register': () => json(409, { message: 'This phone number is already registered. Please log in.' }),
    });
    renderDialogs();
    act(() => openRegisterDialog());
    const dialog = await screen.findByRole('dialog', { name: '注册' });
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '5551234567' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'secret1' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'secret1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    fireEvent.change(await within(dialog).findByLabelText('验证码'), { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '完成注册' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: '注册失败', description: 'This phone number is already registered. Please log in.' }));

    fireEvent.click(within(dialog).getByRole('button', { name: '返回' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeTruthy();
  });
});

describe('the language of the register dialog', () => {
  it('is marked Chinese while no language is chosen', async () => {
    serve({});
    renderDialogs();
    act(() => openRegisterDialog());
    expect((await screen.findByRole('dialog', { name: '注册' })).getAttribute('lang')).toBe('zh-CN');
  });
});

describe('in a chosen language', () => {

  it('speaks Chinese in the login dialog, its checks and the register dialog', async () => {
    serve({});
    await act(() => chooseLanguage('zh-CN'));
    renderDialogs();
    act(() => openLoginDialog());
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(within(dialog).getByRole('tab', { name: '密码' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: '短信' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    expect(lastToast()).toMatchObject({ title: '请输入手机号', description: '请输入您的手机号' });
    fireEvent.click(within(dialog).getByRole('button', { name: '显示密码' }));

    fireEvent.click(within(dialog).getByRole('button', { name: '注册' }));
    const register = await screen.findByRole('dialog', { name: '注册' });
    expect(register.getAttribute('lang')).toBe('zh-CN');
    expect(within(register).getByLabelText('手机号')).toBeTruthy();
  });

  it('texts a code in Chinese, with the phone as Chinese writes it', async () => {
    serve({ 'POST /api/auth/send-sms-code': () => json(200, { message: '验证码已发送' }) });
    await act(() => chooseLanguage('zh-CN'));
    renderDialogs();
    act(() => openLoginDialog());
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    fireEvent.mouseDown(within(dialog).getByRole('tab', { name: '短信' }));
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '5551234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发送验证码' }));
    await within(dialog).findByLabelText('验证码');
    expect(lastToast()).toMatchObject({ title: '验证码已发送', description: '请输入发送至 555 123 4567 的6位验证码。' });
    expect(within(dialog).getByText('60 秒后可重新发送验证码')).toBeTruthy();
  });

  it('reads the register dialog in English, with its checks and the code step', async () => {
    serve({ 'POST /api/auth/send-sms-code': () => json(200, { message: 'SMS code sent' }) });
    await act(() => chooseLanguage('en'));
    renderDialogs();
    act(() => openRegisterDialog());
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(dialog.getAttribute('lang')).toBe('en');
    expect(within(dialog).getByText('Create a new account with your phone number')).toBeTruthy();

    const fill = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    const next = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
    fill('Phone number', '555123');
    next();
    expect(lastToast()).toMatchObject({ title: 'Invalid phone number', description: 'The phone number needs at least 10 digits' });
    fill('Phone number', '5551234567');
    fill('Password', 'secret1');
    fill('Confirm password', 'secret2');
    next();
    expect(lastToast()).toMatchObject({ title: "Passwords don't match" });
    fill('Confirm password', 'secret1');
    next();

    await within(dialog).findByLabelText('Verification code');
    expect(lastToast()).toMatchObject({ title: 'Code sent', description: 'The code was sent to (555) 123-4567 and is valid for 5 minutes' });
    expect(within(dialog).getByText('(555) 123-4567').closest('p')?.textContent).toBe('Enter the 6-digit code sent to (555) 123-4567.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete registration' }));
    expect(lastToast()).toMatchObject({ title: 'Invalid code', description: 'Please enter the 6-digit code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(dialog).queryByText(/[\u4e00-\u9fff]/)).toBeNull();
  });
});
