// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification, NotificationPage } from '../../../contract/notifications';
import { chooseLanguage } from '../../i18n';
import { aUser } from '../../test/fixtures';
import { json, renderScreen, sentBodies, stubApi } from '../../test/screens';
import { unreadQueryOptions, UNREAD_POLL_MS } from './api/get-unread';
import { NotificationBell } from './index';

const USER = aUser({ id: 'u-customer', role: 'customer' });
const MINUTE = 60_000;

// The list's code loads when the bell is first opened; loaded ahead here, a busy machine does not hold up the first opening.
beforeAll(async () => {
  await import('./components/notification-panel');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function aNotification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'vouchers_issued',
    title: 'Your vouchers are ready',
    body: 'Premium Sushi Platter for 2: voucher ABCD2345.',
    link: '/my/vouchers',
    createdAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
    readAt: null,
    ...overrides,
  };
}

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const ID3 = '33333333-3333-4333-8333-333333333333';

const page = (items: Notification[], unread: number, nextCursor: string | null = null): NotificationPage => ({ items, unread, nextCursor });

function renderBell() {
  return renderScreen(
    <>
      <NotificationBell userId={USER.id} />
      <button type="button">elsewhere</button>
    </>,
    { user: USER, path: '/' },
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('the notifications bell', () => {
  it('shows the unread count as a badge and in its name, and none when all are read', async () => {
    stubApi({ 'GET /api/notifications/unread': () => json({ unread: 2 }) });
    renderBell();
    await waitFor(() => expect(bell()).toHaveProperty('textContent', '2'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(bell().getAttribute('aria-haspopup')).toBe('dialog');
    cleanup();

    stubApi({ 'GET /api/notifications/unread': () => json({ unread: 1 }) });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    cleanup();

    stubApi({ 'GET /api/notifications/unread': () => json({ unread: 0 }) });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().textContent).toBe('');
  });

  it('shows "99+" past 99, and reads in Chinese when Chinese is chosen', async () => {
    await chooseLanguage('zh-CN');
    stubApi({ 'GET /api/notifications/unread': () => json({ unread: 120 }) });
    renderBell();
    const chineseBell = () => screen.getByRole('button', { name: /^通知/ });
    await waitFor(() => expect(chineseBell()).toHaveProperty('textContent', '99+'));
    expect(chineseBell().getAttribute('aria-label')).toBe('通知，120 条未读');
  });

  it('asks for the count every 30 s while the page is visible, and when the window regains focus', () => {
    const options = unreadQueryOptions(USER.id);
    expect(UNREAD_POLL_MS).toBe(30_000);
    expect(options.refetchInterval).toBe(30_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.refetchOnWindowFocus).toBe(true);
    // Keyed by the account.
    expect(options.queryKey).toEqual(['/api/notifications/unread', USER.id]);
  });

  it('reads the count again as time passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 0;
    const fetchMock = stubApi({ 'GET /api/notifications/unread': () => json({ unread }) });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    unread = 3;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(fetchMock.mock.calls.length).toBe(2);
  });

  it('lists the latest notifications, marks the unread ones shown as read and keeps them marked New while open', async () => {
    const items = [
      aNotification(ID1),
      aNotification(ID2, { kind: 'refund_succeeded', title: 'Refund succeeded', body: '$19.99 is on its way back.', link: '/orders', createdAt: new Date(Date.now() - 3 * 60 * MINUTE).toISOString() }),
      aNotification(ID3, { kind: 'group_formed', title: 'Group formed', body: 'Your group is complete.', link: null, readAt: new Date().toISOString(), createdAt: new Date(Date.now() - 2 * 24 * 60 * MINUTE).toISOString() }),
    ];
    let unread = 2;
    const fetchMock = stubApi({
      'GET /api/notifications/unread': () => json({ unread }),
      'GET /api/notifications': () => json(page(items, unread)),
      'POST /api/notifications/read': () => {
        unread = 0;
        return json({ unread });
      },
    });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(bell().getAttribute('aria-controls')).toBe(dialog.id);
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows).toHaveLength(3);

    // Title, body, time, and where it leads.
    const first = within(rows[0]!).getByRole('link');
    expect(first.getAttribute('href')).toBe('/my/vouchers');
    expect(first.textContent).toContain('Your vouchers are ready');
    expect(first.textContent).toContain('Premium Sushi Platter for 2: voucher ABCD2345.');
    expect(within(rows[0]!).getByText('5 minutes ago').getAttribute('datetime')).toBe(items[0]!.createdAt);
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe('/orders');
    expect(within(rows[1]!).getByText('3 hours ago')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('2 days ago')).toBeTruthy();

    // Unread ones say so in words, not by colour alone.
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(within(rows[1]!).getByText('New')).toBeTruthy();
    expect(within(rows[2]!).queryByText('New')).toBeNull();

    // Shown, so read: the unread ones are marked, once.
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/notifications/read')).toEqual([{ ids: [ID1, ID2] }]));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(within(dialog).getByText('All notifications are read.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('closes on Escape and gives focus back to the bell; Enter opens it from the keyboard', async () => {
    stubApi({
      'GET /api/notifications/unread': () => json({ unread: 0 }),
      'GET /api/notifications': () => json(page([aNotification(ID1, { readAt: new Date().toISOString() })], 0)),
    });
    renderBell();
    const button = bell();
    button.focus();
    // A keyboard press on a button is a click.
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(dialog).findByRole('link');
    // Focus moves into the list.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // The close button closes it too, and a press on the bell while open closes it (not reopens it).
    fireEvent.click(button);
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(again).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes when a notification is followed', async () => {
    stubApi({
      'GET /api/notifications/unread': () => json({ unread: 0 }),
      'GET /api/notifications': () => json(page([aNotification(ID1, { readAt: new Date().toISOString() })], 0)),
    });
    const { location } = renderBell();
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(dialog).findByRole('link'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/my/vouchers');
  });

  it('says so when there are none', async () => {
    stubApi({
      'GET /api/notifications/unread': () => json({ unread: 0 }),
      'GET /api/notifications': () => json(page([], 0)),
    });
    renderBell();
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText('No notifications yet')).toBeTruthy();
    expect(within(dialog).queryByRole('listitem')).toBeNull();
  });

  it("shows a refusal's words, or its own when the list cannot be read, with Try again", async () => {
    let status = 403;
    stubApi({
      'GET /api/notifications/unread': () => json({ unread: 0 }),
      'GET /api/notifications': () => (status === 200 ? json(page([], 0)) : json({ message: 'Please change your password first' }, status)),
    });
    renderBell();
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Please change your password first');
    status = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No notifications yet')).toBeTruthy();
  });

  it('loads older ones with Load more, marks those too, and offers Mark all as read while unread ones remain beyond them', async () => {
    let unread = 30;
    const fetchMock = stubApi({
      'GET /api/notifications/unread': () => json({ unread }),
      'GET /api/notifications': () => json(page([aNotification(ID1)], unread, 'c1')),
      'GET /api/notifications?cursor=c1': () => json(page([aNotification(ID2, { title: 'Older one' })], unread, null)),
      'POST /api/notifications/read': (init) => {
        const body = JSON.parse(String(init?.body)) as { ids?: string[] };
        unread = body.ids ? unread - body.ids.length : 0;
        return json({ unread });
      },
    });
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 30 unread'));
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 29 unread'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(dialog).findByText('Older one')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 28 unread'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(sentBodies(fetchMock, 'POST', '/api/notifications/read')).toEqual([{ ids: [ID1] }, { ids: [ID2] }, {}]);
    // Marked all: none is New any more.
    expect(within(dialog).queryByText('New')).toBeNull();
    expect(within(dialog).getByText('All notifications are read.')).toBeTruthy();
  });

  it('says so when they could not be marked read', async () => {
    stubApi({
      'GET /api/notifications/unread': () => json({ unread: 1 }),
      'GET /api/notifications': () => json(page([aNotification(ID1)], 1)),
      'POST /api/notifications/read': () => new Response('', { status: 503 }),
    });
    renderBell();
    fireEvent.click(bell());
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Notifications could not be marked as read.');
  });
});
