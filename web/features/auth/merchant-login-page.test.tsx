// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../../contract/auth';
import { toast } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { SESSION_STORAGE_KEY } from '../../lib/session';
import MerchantLoginPage from './merchant-login-page';

vi.mock('../../components/ui/toast', () => ({ toast: vi.fn() }));

function account(role: CurrentUser['role'], mustChangePassword = false): CurrentUser {
  return { id: 'u1', phone: '5550100001', phoneVerified: false, email: null, pendingEmail: null, role, merchantId: role === 'merchant' ? 'm1' : null, merchantRole: role === 'merchant' ? 'owner' : null, hasPassword: true, mustChangePassword };
}

function answerLogin(user: CurrentUser) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/auth/password-login') return new Response(JSON.stringify({ sessionId: 'handed-out', user }), { status: 200 });
    if (path === '/api/auth/logout') return new Response('{"message":"Logged out"}', { status: 200 });
    return new Response('{"message":"Please log in first"}', { status: 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function logIn() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MerchantLoginPage />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '5550100001' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'merchant-5550100001' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/merchant/login');
  vi.mocked(toast).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('merchant login', () => {
  it('wants both fields, trimmed', () => {
    answerLogin(account('merchant'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MerchantLoginPage />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'All Fields Required', description: 'Please enter both phone number and password' }),
    );
  });

  it('refuses a customer account and ends the session the server handed out', async () => {
    const fetchMock = answerLogin(account('customer'));
    logIn();
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ description: 'This account is not authorized for merchant access' })),
    );
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await waitFor(() => {
      const logout = fetchMock.mock.calls.find(([input]) => String(input) === '/api/auth/logout');
      expect(new Headers(logout?.[1]?.headers).get('Authorization')).toBe('Bearer handed-out');
    });
    expect(window.location.pathname).toBe('/merchant/login');
  });

  it('keeps a merchant session and goes home', async () => {
    answerLogin(account('merchant'));
    logIn();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe('handed-out');
  });

  it('sends a merchant still on the generated password to the profile', async () => {
    answerLogin(account('merchant', true));
    logIn();
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(vi.mocked(toast)).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Please change your password' }));
  });
});
