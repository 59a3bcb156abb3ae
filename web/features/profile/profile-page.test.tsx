// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import { toast } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import { chooseLanguage } from '../../i18n';
import ProfilePage from './profile-page';

vi.mock('../../components/ui/toast', () => ({ toast: vi.fn() }));

const base: CurrentUser = {
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

/** The code the stand-in server accepts for a pending email. */
const RIGHT_CODE = '123456';

function serve(
  user: CurrentUser | null,
  password: () => Response = () => new Response('{}', { status: 500 }),
  patchFailure: (() => Response) | null = null,
) {
  let current = user;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/user' && method === 'GET') {
      return current ? new Response(JSON.stringify(current), { status: 200 }) : new Response('{"message":"Please log in first"}', { status: 401 });
    }
    if (path === '/api/auth/user' && method === 'PATCH' && current) {
      if (patchFailure) return patchFailure();
      // As the server does: a new address waits as pending, null removes both, the verified one again drops the pending one.
      const email = (JSON.parse(String(init?.body)) as { email: string | null }).email;
      if (email === null) current = { ...current, email: null, pendingEmail: null };
      else if (email === current.email) current = { ...current, pendingEmail: null };
      else current = { ...current, pendingEmail: email };
      return new Response(JSON.stringify(current), { status: 200 });
    }
    if (path === '/api/auth/verify-email' && method === 'POST' && current) {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      if (code !== RIGHT_CODE || !current.pendingEmail) return new Response('{"message":"Invalid verification code"}', { status: 400 });
      current = { ...current, email: current.pendingEmail, pendingEmail: null };
      return new Response(JSON.stringify(current), { status: 200 });
    }
    if (path === '/api/auth/password' && current) {
      const answer = password();
      if (answer.ok) current = { ...current, hasPassword: true, mustChangePassword: false };
      return answer;
    }
    return new Response('{"message":"Not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderProfile() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProfilePage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(SESSION_STORAGE_KEY, 'old-session');
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile', () => {
  it('asks guests to log in', async () => {
    serve(null);
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Please Login First' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('sets a first password without asking for a current one, and keeps the new session', async () => {
    const fetchMock = serve(base, () => new Response(JSON.stringify({ message: 'Password updated', sessionId: 'new-session' }), { status: 200 }));
    renderProfile();
    const phone = await screen.findByRole('region', { name: 'Phone Number' });
    expect(within(phone).getByText('Verified')).toBeTruthy();
    const password = screen.getByRole('region', { name: 'Password' });
    expect(within(password).getByText('Not Set')).toBeTruthy();

    fireEvent.click(within(password).getByRole('button', { name: 'Edit' }));
    expect(within(password).queryByLabelText('Current Password')).toBeNull();
    fireEvent.change(within(password).getByLabelText('New Password'), { target: { value: 'abc' } });
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'abd' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Set Password' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Passwords Don't Match" }));
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'abc' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Set Password' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Password Too Short', description: 'New password must be at least 6 characters' }),
    );
    fireEvent.change(within(password).getByLabelText('New Password'), { target: { value: 'fresh-pass' } });
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'fresh-pass' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Set Password' }));

    await waitFor(() => expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Password Updated' })));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('new-session');
    const put = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/password');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ newPassword: 'fresh-pass' });
    expect(await within(password).findByText('Set')).toBeTruthy();
  });

  it('asks for the current password once one is set, and shows the server refusal', async () => {
    serve({ ...base, hasPassword: true, mustChangePassword: true }, () => new Response('{"message":"Current password is incorrect"}', { status: 400 }));
    renderProfile();
    expect(await screen.findByText('Please change your password')).toBeTruthy();
    // The form is open already: nothing else can be done until the password is replaced.
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
    const password = screen.getByRole('region', { name: 'Password' });
    fireEvent.change(within(password).getByLabelText('New Password'), { target: { value: 'fresh-pass' } });
    fireEvent.change(within(password).getByLabelText('Confirm New Password'), { target: { value: 'fresh-pass' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Update Password' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'All Fields Required' }));
    fireEvent.change(within(password).getByLabelText('Current Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Password Update Failed', description: 'Current password is incorrect' })),
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('old-session');
  });

  it('saves a new email as pending, and verifies it with the code sent to it', async () => {
    const fetchMock = serve(base);
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Sign-in Email' });
    expect(within(section).getByText('No verified email yet.')).toBeTruthy();
    expect(within(section).queryByRole('form', { name: 'Verify email' })).toBeNull();

    fireEvent.change(within(section).getByLabelText('Email'), { target: { value: ' someone@example.com ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save Email' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: 'Code Sent', description: 'We sent a 6-digit code to someone@example.com. Enter it below to verify the email.' }),
      ),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: 'someone@example.com' });

    // Not verified yet: the code form says where the code went, and the email is not shown as verified.
    const verifyForm = await within(section).findByRole('form', { name: 'Verify email' });
    expect(within(verifyForm).getByRole('status').textContent).toContain('Code sent to someone@example.com');
    expect(within(section).getByText('No verified email yet.')).toBeTruthy();
    expect(within(verifyForm).getByText(/^Resend in \d+s$/)).toBeTruthy();

    const codeInput = within(verifyForm).getByLabelText('Verification Code');
    fireEvent.change(codeInput, { target: { value: '12 3' } });
    expect((codeInput as HTMLInputElement).value).toBe('123');
    fireEvent.click(within(verifyForm).getByRole('button', { name: 'Verify' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Code Required', description: 'Please enter the 6-digit verification code' }));

    fireEvent.change(codeInput, { target: { value: '654321' } });
    fireEvent.click(within(verifyForm).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Verification Failed', description: 'Invalid verification code' })),
    );

    fireEvent.change(within(section).getByLabelText('Verification Code'), { target: { value: RIGHT_CODE } });
    fireEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: 'Email Verified', description: 'You can now log in with someone@example.com.' }),
      ),
    );
    expect(await within(section).findByText('someone@example.com')).toBeTruthy();
    expect(within(section).getByText('Verified')).toBeTruthy();
    expect(within(section).queryByRole('form', { name: 'Verify email' })).toBeNull();
    const verify = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/verify-email');
    expect(verify.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ code: '654321' }, { code: RIGHT_CODE }]);
  });

  it('resends the code to the pending email, then waits out the cooldown', async () => {
    const fetchMock = serve({ ...base, email: 'old@example.com', pendingEmail: 'new@example.com' });
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Sign-in Email' });
    expect(within(section).getByText('old@example.com')).toBeTruthy();
    expect((within(section).getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
    const verifyForm = within(section).getByRole('form', { name: 'Verify email' });
    fireEvent.click(within(verifyForm).getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Code Sent' })));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: 'new@example.com' });
    expect(await within(verifyForm).findByText(/^Resend in \d+s$/)).toBeTruthy();
    expect(within(verifyForm).queryByRole('button', { name: 'Resend Code' })).toBeNull();
  });

  it('shows the server message when a resend is refused', async () => {
    serve({ ...base, pendingEmail: 'new@example.com' }, undefined, () =>
      new Response('{"message":"Please wait 1 minute before requesting another code"}', { status: 429 }),
    );
    renderProfile();
    const verifyForm = await screen.findByRole('form', { name: 'Verify email' });
    fireEvent.click(within(verifyForm).getByRole('button', { name: 'Resend Code' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: 'Resend Failed', description: 'Please wait 1 minute before requesting another code' }),
      ),
    );
  });

  it("shows the server's message when saving the email fails", async () => {
    serve(base, undefined, () => new Response('{"message":"This email is already used by another account"}', { status: 409 }));
    renderProfile();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'taken@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Email' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: 'Email Update Failed', description: 'This email is already used by another account' }),
      ),
    );
    expect(screen.queryByRole('form', { name: 'Verify email' })).toBeNull();
  });

  it('cancels a pending change, keeping the verified email', async () => {
    const fetchMock = serve({ ...base, email: 'old@example.com', pendingEmail: 'new@example.com' });
    renderProfile();
    const verifyForm = await screen.findByRole('form', { name: 'Verify email' });
    fireEvent.click(within(verifyForm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Change Cancelled', description: 'old@example.com stays your email.' })),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: 'old@example.com' });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Verify email' })).toBeNull());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('old@example.com');
  });

  it('removes the email when the field is emptied', async () => {
    const fetchMock = serve({ ...base, email: 'old@example.com' });
    renderProfile();
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Email' }));
    await waitFor(() => expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Email Removed' })));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: null });
    expect(await screen.findByText('No verified email yet.')).toBeTruthy();
  });
});

describe('profile in Chinese', () => {

  it('shows the page, the phone as Chinese writes it, and the form checks in Chinese', async () => {
    serve({ ...base, email: 'me@example.com' });
    await act(() => chooseLanguage('zh-CN'));
    renderProfile();
    expect(await screen.findByRole('heading', { name: '个人中心' })).toBeTruthy();
    expect(screen.getByText('顾客账号')).toBeTruthy();
    const phone = screen.getByRole('region', { name: '手机号' });
    expect(within(phone).getByText('555 123 4567')).toBeTruthy();
    expect(within(phone).getByText('已验证')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '登录邮箱' })).getByRole('button', { name: '保存邮箱' })).toBeTruthy();

    const password = screen.getByRole('region', { name: '密码' });
    expect(within(password).getByText('未设置')).toBeTruthy();
    fireEvent.click(within(password).getByRole('button', { name: '编辑' }));
    fireEvent.change(within(password).getByLabelText('新密码'), { target: { value: 'abc' } });
    fireEvent.change(within(password).getByLabelText('确认新密码'), { target: { value: 'abc' } });
    fireEvent.click(within(password).getByRole('button', { name: '设置密码' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: '密码太短', description: '新密码至少需要6个字符' }));
  });
});
