/** The frame around every screen: skip link, header with role-based navigation (docs/product/screens.md#header-menu-and-footer), mobile menu and footer. */
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '../../contract/auth';
import { paths } from '../../contract/routes';
import { buttonClasses } from '../components/ui/button';
import { CartIcon, HeartIcon, MenuIcon, TicketIcon, XIcon } from '../components/ui/icons';
import { useCurrentUser, AuthDialogsHost, preloadAuthDialogs, openLoginDialog } from '../features/auth';
import { useT, withTexts } from '../i18n';
import { cn } from '../lib/cn';
import { loginPathWithNext } from '../lib/safe-next';
import { getSessionId } from '../lib/session';
import { SITE_NAME } from '../lib/use-document-title';
import { CountBadge, EntryContent, NavLink, type MenuEntry } from './header-links';
import { LanguageSwitch } from './language-switch';
import { useCartCount } from './nav-counts';

// The signed-in parts and the menu's panel are not needed for the first paint (a guest's bar on a phone shows
// Favorites, Cart and the menu button); their code loads once a user is known or the menu is about to open.
const loadHeaderMore = () => import('./header-more');
const WorkspaceNav = lazy(() => loadHeaderMore().then((module) => ({ default: module.WorkspaceNav })));
const AccountBar = lazy(() => loadHeaderMore().then((module) => ({ default: module.AccountBar })));
const MenuPanel = lazy(() => loadHeaderMore().then((module) => ({ default: module.MenuPanel })));
const FavoritesCountBadge = lazy(() => loadHeaderMore().then((module) => ({ default: module.FavoritesCountBadge })));
// The bell comes with the signed-in parts, its texts beside them; its list loads when it is first opened.
const Bell = lazy(withTexts(() => loadHeaderMore().then((module) => ({ default: module.NotificationBell })), 'notifications'));

function preloadHeaderMore(): void {
  // Only a head start: a failed download is met again, and shown, when the parts render.
  loadHeaderMore().catch(() => undefined);
}

/** Merchants and admins have workspace links, which need an extra-large screen to sit in the bar. */
function hasWorkspace(user: CurrentUser | null): boolean {
  return user?.role === 'superadmin' || user?.role === 'merchant';
}

/**
 * The superadmins' eight links do not fit beside the logo, the language switch and the account in one row of a
 * 1280 px window (the row is 1216 px wide at most, and English overflowed it by about 120 px), so on an extra-large
 * screen they get a row of their own under it; a merchant's few links still sit in the one row.
 */
function workspaceHasOwnRow(user: CurrentUser | null): boolean {
  return user?.role === 'superadmin';
}

/** Favorites and Cart are for guests and ordinary users, not for merchant or admin accounts. */
function shopperEntries(user: CurrentUser | null, cartCount: number, t: (key: string) => string): MenuEntry[] {
  if (hasWorkspace(user)) return [];
  // Guests have no favourites; a customer's count comes with the signed-in parts and reads 0 until then, as it does
  // while their list loads.
  const favoritesBadge =
    user === null ? (
      <CountBadge count={0} />
    ) : (
      <Suspense fallback={<CountBadge count={0} />}>
        <FavoritesCountBadge />
      </Suspense>
    );
  return [
    { href: paths.favorites, label: t('nav.favorites'), icon: <HeartIcon className="h-5 w-5" />, badge: favoritesBadge },
    { href: paths.cart, label: t('nav.cart'), icon: <CartIcon className="h-5 w-5" />, badge: <CountBadge count={cartCount} /> },
  ];
}

/**
 * A signed-in account's bar on a phone holds the bell too: there Favorites and Cart show their count on the icon's
 * corner, as the bell does, so that the logo and four buttons fit a 375 px screen.
 */
const COUNT_ON_CORNER =
  'max-sm:relative max-sm:w-11 max-sm:justify-center max-sm:px-0 max-sm:[&>[data-count-badge]]:absolute max-sm:[&>[data-count-badge]]:top-1 max-sm:[&>[data-count-badge]]:right-0.5 max-sm:[&>[data-count-badge]]:ring-2 max-sm:[&>[data-count-badge]]:ring-white';

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

/** Stands in for the signed-in end of the bar while the user (or its code) loads. */
const accountPlaceholder = <span aria-hidden="true" className="h-9 w-40 animate-pulse rounded-lg bg-slate-100" />;
/** Keeps the bell's place while its code loads. */
const bellPlaceholder = <span aria-hidden="true" className="h-11 w-11" />;

function Header() {
  const { t } = useT('common');
  const [location, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const cartCount = useCartCount();
  // An account on a password it did not choose can do nothing else until it sets its own (the server
  // refuses every other call), so it is kept on the profile screen, where the password form is.
  const mustChangePassword = user?.mustChangePassword === true;
  useEffect(() => {
    if (mustChangePassword && location !== paths.profile) navigate(paths.profile, { replace: true });
  }, [mustChangePassword, location, navigate]);
  // The menu is open for the location it was opened at, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location;
  // The panel's content is rendered from the first opening on.
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpen && !menuWanted) setMenuWanted(true);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // With a stored session the signed-in parts will be needed: fetch their code alongside the user.
  useEffect(() => {
    if (getSessionId() !== null) preloadHeaderMore();
  }, []);

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

  // Workspace links need the width of an extra-large screen; below it they live in the menu.
  const wideMenu = hasWorkspace(user);
  // Favorites and Cart stay in the bar on small screens; the rest of the account entries are in the menu.
  const barEntries = shopperEntries(user, cartCount, t);

  const guestButtons = (wide: boolean) => (
    <>
      <Link href={paths.merchantLogin} className={buttonClasses(wide ? 'ghost' : 'outline', 'md', wide ? undefined : 'flex-1')}>
        {t('nav.merchantLogin')}
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
        className={buttonClasses('primary', 'md', wide ? undefined : 'flex-1')}
      >
        {t('nav.login')}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden">
      {/* From large screens on, where the account's entries join the bar: should its two ends ever not fit side by
          side (a customer's bar in English below 1280 px, a long phone number), the account's end wraps under the logo
          rather than pushing Logout off the screen and the page sideways. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:h-auto lg:min-h-16 lg:flex-wrap lg:px-8 lg:py-2">
        <Logo />
        {user && wideMenu && !workspaceHasOwnRow(user) ? (
          <Suspense fallback={null}>
            <WorkspaceNav user={user} location={location} />
          </Suspense>
        ) : null}

        <div className="ml-auto flex items-center gap-1">
          {/* A customer's bar has their own pages and the account beside these: their labels wait for an extra-large
              screen, or the bar of a 1024 px window would not hold it all in English. */}
          {barEntries.map((entry) => (
            <NavLink key={entry.href} href={entry.href} location={location} className={cn('px-2.5 sm:px-3', user && !mustChangePassword ? COUNT_ON_CORNER : undefined)}>
              <EntryContent entry={entry} compact={user ? 'xl' : 'lg'} />
            </NavLink>
          ))}
          {/* Every signed-in account has the bell, in the bar on every width (an account that must first replace its
              password can do nothing else, and has none). */}
          {user && !mustChangePassword ? (
            <Suspense fallback={bellPlaceholder}>
              <Bell userId={user.id} />
            </Suspense>
          ) : null}
          <div className="hidden items-center gap-1 lg:flex">
            <LanguageSwitch className="mr-1" />
            {isLoading ? (
              accountPlaceholder
            ) : user ? (
              <Suspense fallback={accountPlaceholder}>
                <AccountBar user={user} location={location} />
              </Suspense>
            ) : (
              <div className="ml-2 flex items-center gap-2 border-l border-slate-200 pl-3">{guestButtons(true)}</div>
            )}
          </div>

          <button
            ref={menuButtonRef}
            type="button"
            className={cn(buttonClasses('ghost', 'icon'), 'h-11 w-11', wideMenu ? 'xl:hidden' : 'lg:hidden')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenAt(menuOpen ? null : location)}
            onPointerEnter={preloadHeaderMore}
            onFocus={preloadHeaderMore}
          >
            {menuOpen ? <XIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
            <span className="sr-only">{t('nav.menu')}</span>
          </button>
        </div>
      </div>
      {user && workspaceHasOwnRow(user) ? (
        <div className="hidden border-t border-slate-100 xl:block">
          <div className="mx-auto max-w-7xl px-8">
            <Suspense fallback={<div className="h-13" />}>
              <WorkspaceNav user={user} location={location} ownRow />
            </Suspense>
          </div>
        </div>
      ) : null}

      <div id={menuId} hidden={!menuOpen} className={cn('border-t border-slate-200 bg-white', wideMenu ? 'xl:hidden' : 'lg:hidden')}>
        <nav aria-label={t('nav.mobile')} className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          {menuWanted ? (
            <Suspense fallback={null}>
              <MenuPanel user={user} isLoading={isLoading} location={location} shopperEntries={barEntries} guestButtons={guestButtons(false)} />
            </Suspense>
          ) : null}
          <LanguageSwitch className="mt-3 border-t border-slate-200 px-3 pt-3" />
        </nav>
      </div>
    </header>
  );
}

function Footer() {
  const { t } = useT('common');
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{t('footer.rights', { site: SITE_NAME })}</p>
        <nav aria-label={t('nav.footer')}>
          <Link
            href={paths.adminBootstrap}
            className="rounded font-medium text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline focus-ring"
          >
            {t('footer.adminEntrance')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useT('common');
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
        {t('skipToContent')}
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
