// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationSettings as Settings, NotificationSettingsBody } from '../../../contract/notifications';
import { chooseLanguage } from '../../i18n';
import { json, renderScreen, sentBodies, stubApi } from '../../test/screens';
import { aUser } from '../../test/fixtures';
import { NotificationSettings } from './components/notification-settings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const allOn = { orders: true, groups: true, reminders: true, merchant: true };

function settings(overrides: Partial<Settings> = {}): Settings {
  return { sms: { ...allOn }, email: { ...allOn }, topics: ['orders', 'groups', 'reminders'], phone: '5551234567', verifiedEmail: null, ...overrides };
}

/** A stand-in server that keeps the switches as PUT leaves them; `refuse` answers a refusal instead. */
function serve(start: Settings, refuse: (() => Response) | null = null) {
  let current: Settings = { ...start, sms: { ...start.sms }, email: { ...start.email } };
  return stubApi({
    'GET /api/notifications/settings': () => json(current),
    'PUT /api/notifications/settings': (init) => {
      if (refuse) return refuse();
      const body = JSON.parse(String(init?.body)) as NotificationSettingsBody;
      current = { ...current, sms: { ...current.sms, ...body.sms }, email: { ...current.email, ...body.email } };
      return json(current);
    },
  });
}

function renderGrid(email: string | null, user = aUser({ id: 'u1', role: 'customer', email })) {
  return renderScreen(<NotificationSettings userId={user.id} email={email} />, { user, path: '/profile' });
}

describe('the notification settings', () => {
  it('shows a switch per topic and channel, labelled, with where each channel goes', async () => {
    serve(settings({ verifiedEmail: 'me@example.com', sms: { ...allOn, reminders: false } }));
    renderGrid('me@example.com');
    const table = await screen.findByRole('table');
    const switches = within(table).getAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Orders & receipts by SMS',
      'Orders & receipts by Email',
      'Group buying by SMS',
      'Group buying by Email',
      'Reminders by SMS',
      'Reminders by Email',
    ]);
    expect((screen.getByRole('switch', { name: 'Reminders by SMS' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Orders & receipts by Email' }) as HTMLInputElement).checked).toBe(true);
    expect(within(table).getByText('To 5551234567')).toBeTruthy();
    expect(within(table).getByText('To me@example.com')).toBeTruthy();
    // Merchant owners' topic only when the account has it.
    expect(screen.queryByRole('switch', { name: /Your store/ })).toBeNull();
    expect(screen.getByText(/The bell at the top of the page always lists everything/)).toBeTruthy();
  });

  it("gives a merchant owner's store its own row", async () => {
    serve(settings({ verifiedEmail: null, topics: ['orders', 'groups', 'reminders', 'merchant'] }));
    renderGrid(null, aUser({ id: 'u-owner', role: 'merchant', merchantId: 'm1', merchantRole: 'owner' }));
    expect(await screen.findByRole('switch', { name: 'Your store by SMS' })).toBeTruthy();
    expect(screen.getByText('Proposals, statements and payouts')).toBeTruthy();
  });

  it('saves a switch when it is changed, only that switch', async () => {
    const fetchMock = serve(settings({ verifiedEmail: 'me@example.com' }));
    renderGrid('me@example.com');
    const sms = (await screen.findByRole('switch', { name: 'Orders & receipts by SMS' })) as HTMLInputElement;
    fireEvent.click(sms);
    // At once, before the answer.
    expect(sms.checked).toBe(false);
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')).toEqual([{ sms: { orders: false } }]));
    fireEvent.click(screen.getByRole('switch', { name: 'Group buying by Email' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')).toHaveLength(2));
    expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')[1]).toEqual({ email: { groups: false } });
    expect(sms.checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Group buying by Email' }) as HTMLInputElement).checked).toBe(false);
    // And back on.
    fireEvent.click(sms);
    expect(sms.checked).toBe(true);
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')).toHaveLength(3));
    expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')[2]).toEqual({ sms: { orders: true } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sms.checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns a refused switch back and says why', async () => {
    serve(settings({ verifiedEmail: 'me@example.com' }), () => json({ message: 'Please change your password first' }, 403));
    renderGrid('me@example.com');
    const sms = (await screen.findByRole('switch', { name: 'Reminders by SMS' })) as HTMLInputElement;
    fireEvent.click(sms);
    expect((await screen.findByRole('alert')).textContent).toBe('Please change your password first');
    expect(sms.checked).toBe(true);
  });

  it('keeps the email column off until an email is verified', async () => {
    const fetchMock = serve(settings({ verifiedEmail: null }));
    renderGrid(null);
    const email = (await screen.findByRole('switch', { name: 'Orders & receipts by Email' })) as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(email.checked).toBe(false);
    const note = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Verify an email to receive emails');
    fireEvent.click(email);
    expect(sentBodies(fetchMock, 'PUT', '/api/notifications/settings')).toEqual([]);
    expect((screen.getByRole('switch', { name: 'Orders & receipts by SMS' }) as HTMLInputElement).disabled).toBe(false);
  });

  it("shows the server's words when the settings cannot be read", async () => {
    stubApi({ 'GET /api/notifications/settings': () => json({ message: 'Please log in first' }, 401) });
    renderGrid(null);
    expect(await screen.findByText('Please log in first')).toBeTruthy();
  });

  it('reads in Chinese when Chinese is chosen', async () => {
    await chooseLanguage('zh-CN');
    serve(settings({ verifiedEmail: null }));
    renderGrid(null);
    expect(await screen.findByRole('switch', { name: '订单与凭证：短信' })).toBeTruthy();
    expect(screen.getByText('验证邮箱后即可接收邮件')).toBeTruthy();
  });
});

describe('the profile page', () => {
  it('has a Notifications section, except while the account must replace its password', async () => {
    const { default: ProfilePage } = await import('./profile-page');
    const user = aUser({ id: 'u1', role: 'customer', email: null });
    stubApi({ 'GET /api/auth/user': () => json(user), 'GET /api/notifications/settings': () => json(settings()) });
    renderScreen(<ProfilePage />, { user, path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(section).findByRole('switch', { name: 'Orders & receipts by SMS' })).toBeTruthy();
    cleanup();

    const locked = aUser({ id: 'u1', role: 'customer', mustChangePassword: true });
    stubApi({ 'GET /api/auth/user': () => json(locked) });
    renderScreen(<ProfilePage />, { user: locked, path: '/profile' });
    expect(await screen.findByRole('region', { name: 'Password' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });
});
