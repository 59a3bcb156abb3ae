// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '../../contract/auth';
import { createQueryClient } from '../lib/query-client';
import { SESSION_STORAGE_KEY } from '../lib/session';
import { LanguageScope } from './language-switch';
import { AppLayout } from './layout';

function user(role: CurrentUser['role'], merchantRole: CurrentUser['merchantRole'] = role === 'merchant' ? 'owner' : null): CurrentUser {
  return { id: 'u1', phone: '5550000001', phoneVerified: true, email: null, pendingEmail: null, role, merchantId: role === 'merchant' ? 'm1' : null, merchantRole, hasPassword: true, mustChangePassword: false };
}

function answerUser(current: CurrentUser | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () =>
      current ? new Response(JSON.stringify(current), { status: 200 }) : new Response('{"message":"Please log in first"}', { status: 401 }),
    ),
  );
}

function renderLayout() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppLayout>
        <p>content</p>
      </AppLayout>
    </QueryClientProvider>,
  );
}

/** The links of the header's top bar (the mobile menu repeats them, hidden until opened). */
async function barLinkNames(): Promise<string[]> {
  const header = screen.getByRole('banner');
  await waitFor(() => expect(within(header).queryByText('content')).toBeNull());
  return within(header)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

const ADMIN_LABELS = ['Manage Merchants', 'Manage Deals', 'Transaction History', 'Orders', 'Ledger', 'Needs attention', 'Statements', 'Failed sends', 'Promote Admin'];
const OWNER_LINKS = { Home: '/merchant', Redeem: '/merchant/redeem', Deals: '/merchant/deals', Statements: '/merchant/statements', Staff: '/merchant/staff', 'Store page': '/merchant/store' };
const STAFF_LINKS = { Redeem: '/merchant/redeem', Scan: '/merchant/scan' };
const MERCHANT_LABELS = [...Object.keys(OWNER_LINKS), ...Object.keys(STAFF_LINKS)];

/** The workspace links of the bar, by label. */
async function workspaceLinks(): Promise<Record<string, string | null>> {
  const nav = await within(screen.getByRole('banner')).findByRole('navigation', { name: 'Workspace' });
  return Object.fromEntries(within(nav).getAllByRole('link').map((link) => [link.textContent ?? '', link.getAttribute('href')]));
}

// The signed-in parts of the header load once a user is known; loaded ahead here, a busy machine does not hold up the
// first test that signs in.
beforeAll(async () => {
  await import('./header-more');
});

beforeEach(() => {
  // jsdom has no scrolling; the layout scrolls to the top on every new screen.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header', () => {
  it('shows guests Favorites, Cart, Login and Merchant Login, and clears a stale session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'stale');
    answerUser(null);
    renderLayout();
    const header = screen.getByRole('banner');
    const login = await within(header).findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Merchant Login' }).getAttribute('href')).toBe('/merchant/login');
    expect(within(header).getAllByRole('link', { name: /Favorites/ })[0]?.getAttribute('href')).toBe('/favorites');
    expect(within(header).getAllByRole('link', { name: /Cart/ })[0]?.getAttribute('href')).toBe('/cart');
    expect(within(header).queryByText('Logout')).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('shows customers My Vouchers, the profile button, their phone and Logout', async () => {
    answerUser(user('customer'));
    renderLayout();
    const header = screen.getByRole('banner');
    expect(await within(header).findAllByText('5550000001')).not.toHaveLength(0);
    expect(within(header).getAllByRole('link', { name: /My Vouchers/ })[0]?.getAttribute('href')).toBe('/my/vouchers');
    expect(within(header).getAllByRole('link', { name: /My Orders/ })[0]?.getAttribute('href')).toBe('/orders');
    expect(within(header).getAllByRole('link', { name: /个人中心/ })[0]?.getAttribute('href')).toBe('/profile');
    expect(within(header).getAllByRole('button', { name: /Logout/ }).length).toBeGreaterThan(0);
    expect(within(header).queryByRole('link', { name: 'Login' })).toBeNull();
    const names = await barLinkNames();
    // Whole link texts: a customer's "My Orders" is not the admins' "Orders".
    for (const label of [...ADMIN_LABELS, ...MERCHANT_LABELS]) expect(names).not.toContain(label);
  });

  it('shows superadmins the admin links and an Admin badge, without Favorites or Cart', async () => {
    answerUser(user('superadmin'));
    renderLayout();
    const header = screen.getByRole('banner');
    expect((await within(header).findAllByText('Admin')).length).toBeGreaterThan(0);
    // The workspace links load with the rest of the signed-in header.
    await within(header).findByRole('navigation', { name: 'Workspace' });
    const names = (await barLinkNames()).join('|');
    for (const label of ADMIN_LABELS) expect(names).toContain(label);
    expect(names).not.toContain('Favorites');
    expect(names).not.toContain('My Vouchers');
    expect(names).not.toContain('My Orders');
    expect(within(header).getAllByRole('link', { name: 'Orders' })[0]?.getAttribute('href')).toBe('/admin/orders');
    expect(within(header).getAllByRole('link', { name: 'Ledger' })[0]?.getAttribute('href')).toBe('/admin/ledger');
    expect(within(header).getAllByRole('link', { name: 'Needs attention' })[0]?.getAttribute('href')).toBe('/admin/attention');
    expect(within(header).getAllByRole('link', { name: 'Promote Admin' })[0]?.getAttribute('href')).toBe('/admin/promote');
    expect((await workspaceLinks()).Statements).toBe('/admin/statements');
  });

  it("puts the superadmin's links in a row of their own under the bar, after Logout, so the bar fits a 1280 px window", async () => {
    answerUser(user('superadmin'));
    renderLayout();
    const header = screen.getByRole('banner');
    const nav = await within(header).findByRole('navigation', { name: 'Workspace' });
    const [logout] = within(header).getAllByRole('button', { name: /Logout/ });
    if (!logout) throw new Error('no Logout');
    // The bar holds the logo and the account; the links are not in it.
    const bar = header.firstElementChild;
    expect(bar?.contains(logout)).toBe(true);
    expect(bar?.contains(nav)).toBe(false);
    // Read and tabbed to after the bar, as they are drawn.
    expect(logout.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Needs attention stays reachable: an icon named for screen readers.
    expect(within(nav).getByRole('link', { name: 'Needs attention' }).getAttribute('href')).toBe('/admin/attention');
  });

  it("keeps a merchant's few links in the bar itself", async () => {
    answerUser(user('merchant'));
    renderLayout();
    const header = screen.getByRole('banner');
    const nav = await within(header).findByRole('navigation', { name: 'Workspace' });
    expect(header.firstElementChild?.contains(nav)).toBe(true);
  });

  it("shows a merchant's owner the workspace links and a Merchant badge, without Favorites or Cart", async () => {
    answerUser(user('merchant'));
    renderLayout();
    const header = screen.getByRole('banner');
    expect((await within(header).findAllByText('Merchant')).length).toBeGreaterThan(0);
    expect(await workspaceLinks()).toEqual(OWNER_LINKS);
    const names = (await barLinkNames()).join('|');
    expect(names).not.toContain('Manage Deals');
    expect(names).not.toContain('Favorites');
    expect(names).not.toContain('Cart');
  });

  it("shows a merchant's staff only Redeem and Scan, and a Staff badge", async () => {
    answerUser(user('merchant', 'staff'));
    renderLayout();
    const header = screen.getByRole('banner');
    expect((await within(header).findAllByText('Staff')).length).toBeGreaterThan(0);
    expect(await workspaceLinks()).toEqual(STAFF_LINKS);
    const names = (await barLinkNames()).join('|');
    expect(names).not.toContain('Favorites');
    expect(names).not.toContain('Cart');
  });

  it("puts a merchant's links in the menu on narrow screens", async () => {
    answerUser(user('merchant'));
    renderLayout();
    await within(screen.getByRole('banner')).findByRole('navigation', { name: 'Workspace' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    const names = (await within(menu).findAllByRole('link')).map((link) => link.textContent);
    expect(names).toEqual(Object.keys(OWNER_LINKS));
  });

  it('opens and closes the mobile menu from its button and with Escape', async () => {
    answerUser(null);
    renderLayout();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(await within(menu).findByRole('link', { name: 'Login' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('gives every signed-in account the bell with its unread count, in the bar on every width, and guests none', async () => {
    for (const role of ['customer', 'merchant', 'superadmin'] as const) {
      const current = user(role);
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(async (input) => {
          const path = new URL(String(input), 'http://localhost').pathname;
          return new Response(JSON.stringify(path === '/api/notifications/unread' ? { unread: 2 } : current), { status: 200 });
        }),
      );
      renderLayout();
      const header = screen.getByRole('banner');
      const bell = await within(header).findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 3000 });
      expect(bell.textContent).toBe('2');
      // Not in the parts hidden below large screens, nor in the menu.
      expect(bell.closest('.hidden')).toBeNull();
      expect(bell.closest('[hidden]')).toBeNull();
      cleanup();
    }

    answerUser(null);
    renderLayout();
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Login' });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('gives no bell to an account that must first replace its password', async () => {
    answerUser({ ...user('customer'), mustChangePassword: true });
    renderLayout();
    const header = screen.getByRole('banner');
    expect(await within(header).findAllByText('5550000001')).not.toHaveLength(0);
    expect(within(header).queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('lists Failed sends among the superadmin\'s links, in the bar and in the menu', async () => {
    answerUser(user('superadmin'));
    renderLayout();
    expect((await workspaceLinks())['Failed sends']).toBe('/admin/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect((await within(menu).findByRole('link', { name: 'Failed sends' })).getAttribute('href')).toBe('/admin/notifications');
  });

  it('counts the units in the stored cart on the Cart badge', async () => {
    localStorage.setItem('cart', JSON.stringify([{ dealId: 'a', quantity: 2 }, { dealId: 'b', quantity: 1 }]));
    answerUser(null);
    renderLayout();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: /Cart.*3 items/ }).length).toBeGreaterThan(0);
  });

  it('has the admin entrance and the 2024 copyright in the footer', () => {
    answerUser(null);
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('2024');
    expect(within(footer).getByRole('link', { name: 'Admin Entrance' }).getAttribute('href')).toBe('/admin/bootstrap');
  });
});

/** What the select shows: the text of its selected option. */
function shownIn(select: HTMLElement): string | null | undefined {
  return (select as HTMLSelectElement).selectedOptions[0]?.textContent;
}

function languageSelect(name = 'Language'): HTMLSelectElement {
  const [select] = within(screen.getByRole('banner')).getAllByRole('combobox', { name });
  if (!select) throw new Error('no language switch');
  return select as HTMLSelectElement;
}

describe('language switch', () => {
  it('before any choice names the language the screen reads: English on the shoppers\' screens', () => {
    answerUser(null);
    renderLayout();
    const select = languageSelect();
    expect(shownIn(select)).toBe('English');
    // Not the English option itself: picking it must still be a change, and so a choice that is kept.
    expect(select.value).toBe('');
  });

  for (const browserLanguages of [['en-US'], ['zh-CN', 'zh']]) {
    describe(`in a browser set to ${browserLanguages[0]}`, () => {
      beforeEach(() => {
        vi.spyOn(navigator, 'language', 'get').mockReturnValue(browserLanguages[0]!);
        vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
      });

      it('before any choice names 简体中文 on a screen the SPEC writes in Chinese', () => {
        window.history.replaceState(null, '', '/admin/deals');
        answerUser(user('superadmin'));
        renderLayout();
        const select = languageSelect();
        expect(shownIn(select)).toBe('简体中文');
        expect(select.selectedOptions[0]?.getAttribute('lang')).toBe('zh-CN');
        // The choices on offer are still the two languages, once each.
        expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', '简体中文']);
      });

      it("before any choice names English on the shoppers' screens, which read English whatever the browser's language", () => {
        answerUser(null);
        renderLayout();
        expect(shownIn(languageSelect())).toBe('English');
        expect(document.documentElement.lang).toBe('en');
        expect(localStorage.getItem('lang')).toBeNull();
      });
    });
  }

  it('picking English on a screen that reads Chinese switches to English and keeps the choice', async () => {
    window.history.replaceState(null, '', '/admin/deals');
    answerUser(user('superadmin'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageScope>
          <AppLayout>
            <p>content</p>
          </AppLayout>
        </LanguageScope>
      </QueryClientProvider>,
    );
    fireEvent.change(languageSelect(), { target: { value: 'en' } });
    await waitFor(() => expect(languageSelect().value).toBe('en'));
    expect(shownIn(languageSelect())).toBe('English');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    // Chosen, the select offers the two languages alone.
    expect(languageSelect().options).toHaveLength(2);
  });

  it('offers English and 简体中文; choosing one changes the header, the page language and is kept', async () => {
    answerUser(user('customer'));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageScope>
          <AppLayout>
            <p>content</p>
          </AppLayout>
        </LanguageScope>
      </QueryClientProvider>,
    );
    const header = screen.getByRole('banner');
    const [select] = within(header).getAllByRole('combobox', { name: 'Language' });
    if (!select) throw new Error('no language switch');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', '简体中文']);
    // The SPEC's texts: the profile entry is Chinese, marked as such.
    const profile = (await within(header).findAllByText('个人中心'))[0];
    expect(profile?.getAttribute('lang')).toBe('zh-CN');

    fireEvent.change(select, { target: { value: 'zh-CN' } });
    // The whole frame is rendered again in the new language.
    await waitFor(() => expect(within(screen.getByRole('banner')).getAllByText('我的团购券')).not.toHaveLength(0));
    expect(within(screen.getByRole('banner')).getAllByRole('button', { name: /退出登录/ }).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem('lang')).toBe('zh-CN');
    expect(screen.getByText('管理员入口')).toBeTruthy();
    // The phone number is written for the language.
    expect(within(screen.getByRole('banner')).getAllByText('555 000 0001')).not.toHaveLength(0);

    const [chinese] = within(screen.getByRole('banner')).getAllByRole('combobox', { name: '语言' });
    if (!chinese) throw new Error('no language switch');
    fireEvent.change(chinese, { target: { value: 'en' } });
    await waitFor(() => expect(within(screen.getByRole('banner')).getAllByText('Profile')).not.toHaveLength(0));
    const englishProfile = within(screen.getByRole('banner')).getAllByText('Profile')[0];
    expect(englishProfile?.getAttribute('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
