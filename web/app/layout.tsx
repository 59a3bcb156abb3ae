/** The frame around every screen: skip link, header with role-based navigation (SPEC.md §2), mobile menu and footer. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../contract/auth';
import { paths } from '../../contract/routes';
import { Badge } from '../components/ui/badge';
import { Button, buttonClasses } from '../components/ui/button';
import { CartIcon, HeartIcon, LogOutIcon, MenuIcon, TicketIcon, UserIcon, XIcon } from '../components/ui/icons';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useLogout } from '../features/auth/api/logout';
import { AuthDialogsHost, preloadAuthDialogs } from '../features/auth/auth-dialogs-host';
import { openLoginDialog } from '../features/auth/login-dialog-store';
import { cn } from '../lib/cn';
import { loginPathWithNext } from '../lib/safe-next';
import { SITE_NAME } from '../lib/use-document-title';
import { useNavCounts } from './nav-counts';

interface RoleLink {
  href: string;
  label: string;
}

const ADMIN_LINKS: RoleLink[] = [
  { href: paths.adminMerchants, label: 'Manage Merchants' },
  { href: paths.adminDeals, label: 'Manage Deals' },
  { href: paths.adminTransactions, label: 'Transaction History' },
  { href: paths.adminPromote, label: 'Promote Admin' },
];

const MERCHANT_LINKS: RoleLink[] = [
  { href: paths.merchantRedeem, label: 'Redeem Vouchers' },
  { href: paths.merchantScan, label: 'Scan QR Code' },
];

function roleLinks(user: CurrentUser | null): RoleLink[] {
  if (user?.role === 'superadmin') return ADMIN_LINKS;
  if (user?.role === 'merchant') return MERCHANT_LINKS;
  return [];
}

/** Favorites and Cart are for guests and ordinary users, not for merchant or admin accounts. */
function isShopper(user: CurrentUser | null): boolean {
  return user === null || user.role === 'customer';
}

/** The login gate, sending people back to where they were afterwards. */
function loginHref(location: string): string {
  if (location === paths.home || location === paths.login) return paths.login;
  return loginPathWithNext(paths.login, location);
}

function Logo() {
  return (
    <Link
      href={paths.home}
      className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-slate-900 focus-ring"
    >
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-white shadow-sm">
        <TicketIcon className="h-4.5 w-4.5" />
      </span>
      <span>
        Deal<span className="text-brand-700">Market</span>
      </span>
    </Link>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid h-5 min-w-5 place-items-center rounded-full px-1 text-[11px] leading-none font-bold tabular-nums',
        count > 0 ? 'bg-sale-600 text-white' : 'bg-slate-200 text-slate-700',
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function countLabel(count: number): string {
  return `, ${count} ${count === 1 ? 'item' : 'items'}`;
}


function NavLink({ href, children, className, location }: { href: string; children: ReactNode; className?: string; location: string }) {
  return (
    <Link href={href} className={cn('nav-link', className)} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function RoleBadge({ user }: { user: CurrentUser }) {
  if (user.role === 'superadmin') {
    return (
<Badge tone="dark">Admin</Badge>
    );
  }
  if (user.role === 'merchant') {
    return (
<Badge tone="brand">Merchant</Badge>
    );
  }
  return null;
}

interface MenuEntry {
  href: string;
  label: ReactNode;
  icon?: ReactNode;
  count?: number;
}

/** Everything the signed-in state offers besides the workspace links, in the order the menus show it. */
function accountEntries(user: CurrentUser | null, counts: { favorites: number; cart: number }): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (isShopper(user)) {
    entries.push({ href: paths.favorites, label: 'Favorites', icon: <HeartIcon className="h-5 w-5" />, count: counts.favorites });
    entries.push({ href: paths.cart, label: 'Cart', icon: <CartIcon className="h-5 w-5" />, count: counts.cart });
  }
  if (user?.role === 'customer') {
    entries.push({ href: paths.myVouchers, label: 'My Vouchers', icon: <TicketIcon className="h-5 w-5" /> });
    entries.push({ href: paths.profile, label: <span lang="zh-CN">个人中心</span>, icon: <UserIcon className="h-5 w-5" /> });
  }
  return entries;
}

function EntryContent({ entry, compact = false }: { entry: MenuEntry; compact?: boolean }) {
  return (
    <>
      {entry.icon}
      <span className={compact ? 'sr-only lg:not-sr-only' : undefined}>{entry.label}</span>
      {entry.count !== undefined ? (
        <>
          <CountBadge count={entry.count} />
          <span className="sr-only">{countLabel(entry.count)}</span>
        </>
      ) : null}
    </>
  );
}

function UserSummary({ user }: { user: CurrentUser }) {
  return (
    <>
      <RoleBadge user={user} />
      <span className="text-sm font-medium text-slate-700 tabular-nums">{user.phone}</span>
    </>
  );
}

function Header() {
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const counts = useNavCounts();
  const logout = useLogout();
  // The menu is open for the location it was opened at, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location;
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenAt(null);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const links = roleLinks(user);
  // Workspace links need the width of an extra-large screen; below it they live in the menu.
  const wideMenu = links.length > 0;
  const entries = accountEntries(user, counts);
  // Favorites and Cart stay in the bar on small screens; the rest of the account entries move into the menu.
  const barEntries = entries.filter((entry) => entry.count !== undefined);
  const wideEntries = entries.filter((entry) => entry.count === undefined);

  const logoutButton = (variant: 'ghost' | 'outline') => (
    <Button variant={variant} size="sm" onClick={logout.logout} disabled={logout.isPending}>
      <LogOutIcon className="h-4 w-4" />
      {logout.isPending ? 'Logging out…' : 'Logout'}
    </Button>
  );
  const guestButtons = (wide: boolean) => (
    <>
      <Link href={paths.merchantLogin} className={buttonClasses(wide ? 'ghost' : 'outline', 'sm', wide ? undefined : 'flex-1')}>
        Merchant Login
      </Link>
      {/* A real link to the login gate (new tab, no script); a plain click opens the login dialog in place. */}
      <Link
        href={loginHref(location)}
        aria-haspopup="dialog"
        onClick={(event) => {
          // A modified click (new tab or window) keeps the link's own behaviour.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          setMenuOpenAt(null);
          openLoginDialog();
        }}
        onPointerEnter={preloadAuthDialogs}
        onFocus={preloadAuthDialogs}
        className={buttonClasses('primary', 'sm', wide ? undefined : 'flex-1')}
      >
        Login
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        {links.length > 0 ? (
          <nav aria-label="Workspace" className="ml-4 hidden items-center gap-1 xl:flex">
            {links.map((link) => (
              <NavLink key={link.href} href={link.href} location={location}>
                {link.label}
              </NavLink>
            ))}
          </nav>
        ) : null}

        <div className="ml-auto flex items-center gap-1">
          {barEntries.map((entry) => (
            <NavLink key={entry.href} href={entry.href} location={location} className="px-2.5 sm:px-3">
              <EntryContent entry={entry} compact />
            </NavLink>
          ))}
          <div className="hidden items-center gap-1 lg:flex">
            {wideEntries.map((entry) => (
              <NavLink key={entry.href} href={entry.href} location={location}>
                <EntryContent entry={entry} />
              </NavLink>
            ))}
            {isLoading ? <span aria-hidden="true" className="h-9 w-40 animate-pulse rounded-lg bg-slate-100" /> : null}
            {!isLoading ? (
              <div className="ml-2 flex items-center gap-2 border-l border-slate-200 pl-3">
                {user ? (
                  <>
                    <UserSummary user={user} />
                    {logoutButton('ghost')}
                  </>
                ) : (
                  guestButtons(true)
                )}
              </div>
            ) : null}
          </div>

          <button
            ref={menuButtonRef}
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), wideMenu ? 'xl:hidden' : 'lg:hidden')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenAt(menuOpen ? null : location)}
          >
            {menuOpen ? <XIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className={cn('border-t border-slate-200 bg-white', wideMenu ? 'xl:hidden' : 'lg:hidden')}>
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          {user ? (
            <div className="mb-2 flex items-center gap-2 px-3 py-2">
              <UserSummary user={user} />
            </div>
          ) : null}
          <ul className="grid gap-1">
            {[...links.map((link): MenuEntry => ({ href: link.href, label: link.label })), ...entries].map((entry) => (
              <li key={entry.href}>
                <NavLink href={entry.href} location={location} className="flex w-full">
                  <EntryContent entry={entry} />
                </NavLink>
              </li>
            ))}
          </ul>
          {!isLoading ? (
            <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3">
              {user ? logoutButton('outline') : guestButtons(false)}
            </div>
          ) : null}
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>© 2024 {SITE_NAME}. All rights reserved.</p>
        <nav aria-label="Footer">
          <Link
            href={paths.adminBootstrap}
            className="rounded font-medium text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline focus-ring"
          >
            Admin Entrance
          </Link>
        </nav>
      </div>
    </footer>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // A new screen starts at its top (wouter leaves the scroll where the previous screen had it), except after
  // back/forward, where the browser puts the reader back where they were.
  const cameBackTo = useRef<string | null>(null);
  useEffect(() => {
    const onPopState = () => {
      cameBackTo.current = window.location.pathname;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (cameBackTo.current !== location) window.scrollTo(0, 0);
    cameBackTo.current = null;
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg focus:outline-2 focus:outline-brand-600"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <AuthDialogsHost />
    </div>
  );
}
