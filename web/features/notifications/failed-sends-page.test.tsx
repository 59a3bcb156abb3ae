// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FailedSend } from '../../../contract/notifications';
import { useToasts } from '../../components/ui/toast';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, sentBodies, stubApi, SUPERADMIN } from '../../test/screens';
import FailedSendsPage from './failed-sends-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toasts">{toasts.map((t) => t.title + (t.description ? `: ${t.description}` : '')).join(' | ')}</p>;
}

const S1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const S2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

function aSend(id: string, overrides: Partial<FailedSend> = {}): FailedSend {
  return {
    id,
    notificationId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    kind: 'vouchers_issued',
    channel: 'sms',
    address: '+15551234567',
    userId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    attempts: 5,
    lastError: 'twilio 21610: the number is unsubscribed',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T11:25:00.000Z',
    ...overrides,
  };
}

const render = (user = SUPERADMIN) =>
  renderScreen(
    <>
      <FailedSendsPage />
      <Toasts />
    </>,
    { user, path: '/admin/notifications' },
  );

describe('Failed sends', () => {
  it('lists each failed send with its kind, channel, masked address, attempts, last error and time, and loads more', async () => {
    stubApi({
      'GET /api/admin/notifications/failed': () => json({ items: [aSend(S1)], nextCursor: 'n1' }),
      'GET /api/admin/notifications/failed?cursor=n1': () =>
        json({ items: [aSend(S2, { kind: 'statement_ready', channel: 'email', address: 'owner@example.com', lastError: null, attempts: 5 })], nextCursor: null }),
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Failed sends' })).toBeTruthy();
    const first = await screen.findByRole('article', { name: 'Vouchers issued' });
    expect(within(first).getByText('SMS')).toBeTruthy();
    expect(within(first).getByText('•••• 4567')).toBeTruthy();
    expect(first.textContent).not.toContain('5551234567');
    expect(within(first).getByText('5')).toBeTruthy();
    expect(within(first).getByText('twilio 21610: the number is unsubscribed')).toBeTruthy();
    expect(within(first).getByText(/^Nov 20, 2026 \d\d:\d\d$/).getAttribute('datetime')).toBe('2026-11-20T11:25:00.000Z');
    expect(within(first).getByRole('button', { name: 'Send again the Vouchers issued SMS to •••• 4567' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await screen.findByRole('article', { name: 'Statement ready' });
    expect(within(second).getByText('Email')).toBeTruthy();
    expect(within(second).getByText('o•••@example.com')).toBeTruthy();
    expect(within(second).getByText('No error recorded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The money screens' links, this one among them.
    expect(screen.getByRole('link', { name: 'Failed sends' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends one again and reads the list afresh', async () => {
    let failed = [aSend(S1)];
    const fetchMock = stubApi({
      'GET /api/admin/notifications/failed': () => json({ items: failed, nextCursor: null }),
      [`POST /api/admin/notifications/failed/${S1}/retry`]: () => {
        failed = [];
        return json({ ...aSend(S1), status: 'pending' });
      },
    });
    render();
    const card = await screen.findByRole('article', { name: 'Vouchers issued' });
    fireEvent.click(within(card).getByRole('button', { name: /^Send again/ }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Sent again: The message is back in the outbox and is being sent.'));
    expect(await screen.findByText('No failed sends')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST', `/api/admin/notifications/failed/${S1}/retry`)).toHaveLength(1);
  });

  it("shows the server's refusal when a send cannot be sent again", async () => {
    stubApi({
      'GET /api/admin/notifications/failed': () => json({ items: [aSend(S1)], nextCursor: null }),
      [`POST /api/admin/notifications/failed/${S1}/retry`]: () => json({ message: 'No send with this id' }, 404),
    });
    render();
    const card = await screen.findByRole('article', { name: 'Vouchers issued' });
    fireEvent.click(within(card).getByRole('button', { name: /^Send again/ }));
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toBe('Could not send again: No send with this id'));
  });

  it('says so when there are none, and when they cannot be read', async () => {
    stubApi({ 'GET /api/admin/notifications/failed': () => json({ items: [], nextCursor: null }) });
    render();
    expect(await screen.findByText('No failed sends')).toBeTruthy();
    cleanup();

    stubApi({ 'GET /api/admin/notifications/failed': () => new Response('', { status: 500 }) });
    render();
    expect(await screen.findByText('Failed sends could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('is for superadmins only', async () => {
    stubApi({});
    render(aUser({ role: 'customer' }));
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
