// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import { toast } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import ProfilePage from './profile-page';

vi.mock('../../components/ui/toast', () => ({ toast: vi.fn() }));

const base: CurrentUser = {
  id: 'u1',
  phone: '5551234567',
  phoneVerified: true,
  email: null,
  role: 'customer',
  merchantId: null,
  hasPassword: false,
  mustChangePassword: false,
};

function serve(user: CurrentUser | null, password: () => Response = () => new Response('{}', { status: 500 })) {
  let current = user;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/user' && method === 'GET') {
      return current ? new Response(JSON.stringify(current), { status: 200 }) : new Response('{"message":"Please log in first"}', { status: 401 });
    }
    if (path === '/api/auth/user' && method === 'PATCH' && current) {
      current = { ...current, email: (JSON.parse(String(init?.body)) as { email: string | null }).email };
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
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
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

  it('saves the email', async () => {
    const fetchMock = serve(base);
    renderProfile();
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: ' someone@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Email' }));
    await waitFor(() => expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Email Saved' })));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ email: 'someone@example.com' });
  });
});
