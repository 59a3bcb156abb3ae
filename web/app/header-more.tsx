/**
 * The header's parts that the first paint does without, loaded when they are needed: the signed-in parts (workspace
 * links, role badge, phone, My Vouchers, My Orders, profile, the favourites count, the notifications bell and Logout) once
 * a user is known, and the menu's panel the first time the menu opens.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../contract/auth';
import { paths } from '../../contract/routes';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { AlertIcon, LogOutIcon, ReceiptIcon, TicketIcon, UserIcon } from '../components/ui/icons';
import { useLogout } from '../features/auth';
import { useFavoritesCount } from '../features/favorites';
export { NotificationBell } from '../features/notifications';
import { translate, useT } from '../i18n';
import { formatPhone } from '../lib/phone';
import { CountBadge, EntryContent, NavLink, type MenuEntry } from './header-links';

/** Words read out but not shown: the admins' row of links on an extra-large screen keeps to short labels (docs/product/screens.md). */
const unseen = (words: string) => <span className="sr-only">{words}</span>;

function adminLinks(place: 'bar' | 'menu'): MenuEntry[] {
  const bar = place === 'bar';
  const nav = (key: string) => translate(`common:nav.${key}`);
  return [
    { href: paths.adminMerchants, label: bar ? <>{unseen(nav('manageHidden'))}{nav('merchants')}</> : nav('manageMerchants') },
    { href: paths.adminDeals, label: bar ? <>{unseen(nav('manageHidden'))}{nav('deals')}</> : nav('manageDeals') },
    { href: paths.adminTransactions, label: nav('transactionHistory') },
    // Short for the same reason; the screen itself is called Customer Service.
    { href: paths.adminOrders, label: nav('orders') },
    { href: paths.adminLedger, label: nav('ledger') },
    // An icon alone in the bar, named for screen readers, so the row of links stays short.
    { href: paths.adminAttention, label: bar ? <><AlertIcon className="h-5 w-5" />{unseen(nav('attention'))}</> : nav('attention') },
    { href: paths.adminStatements, label: nav('statements') },
    { href: paths.adminNotifications, label: nav('failedSends') },
    { href: paths.adminPromote, label: bar ? <>{nav('promote')}{unseen(nav('adminHidden'))}</> : nav('promoteAdmin') },
    // The bar has no room for it: there the phone number leads to the profile.
    ...(bar ? [] : [{ href: paths.profile, label: nav('profile'), icon: <UserIcon className="h-5 w-5" /> }]),
  ];
}

/** A merchant's owner runs the whole workspace. */
function ownerLinks(): MenuEntry[] {
  return [
    { href: paths.merchantHome, label: translate('common:nav.home') },
    { href: paths.merchantRedeem, label: translate('common:nav.redeem') },
    { href: paths.merchantDeals, label: translate('common:nav.deals') },
    { href: paths.merchantStatements, label: translate('common:nav.statements') },
    { href: paths.merchantStaff, label: translate('common:nav.staffPage') },
    { href: paths.merchantStore, label: translate('common:nav.storePage') },
  ];
}

/** Staff redeem vouchers, nothing else (ADR 028). */
function staffLinks(): MenuEntry[] {
  return [
    { href: paths.merchantRedeem, label: translate('common:nav.redeem') },
    { href: paths.merchantScan, label: translate('common:nav.scan') },
  ];
}

function roleLinks(user: CurrentUser | null, place: 'bar' | 'menu'): MenuEntry[] {
  if (user?.role === 'superadmin') return adminLinks(place);
  if (user?.role === 'merchant') return user.merchantRole === 'staff' ? staffLinks() : ownerLinks();
  return [];
}

/**
 * A customer's own pages; in the bar on large screens, in the menu below them. In the bar My Orders is its icon alone,
 * named for screen readers and in a tooltip, and so is My Vouchers below an extra-large screen: with My Orders' label
 * the bar of a 1280 px window had 15 px to spare in English (a longer phone number or a "99+" count would have pushed
 * Logout out of it), and with My Vouchers' the bar of a 1024 px window did not hold.
 */
function customerEntries(user: CurrentUser | null, place: 'bar' | 'menu', langOf: (key: string) => string): MenuEntry[] {
  if (user?.role !== 'customer') return [];
  const myOrders = translate('common:nav.myOrders');
  const myVouchers = translate('common:nav.myVouchers');
  return [
    {
      href: paths.myVouchers,
      label: place === 'bar' ? <span className="sr-only xl:not-sr-only">{myVouchers}</span> : myVouchers,
      icon: <TicketIcon className="h-5 w-5" />,
      ...(place === 'bar' ? { title: myVouchers } : {}),
    },
    {
      href: paths.orders,
      label: place === 'bar' ? <span className="sr-only">{myOrders}</span> : myOrders,
      icon: <ReceiptIcon className="h-5 w-5" />,
      ...(place === 'bar' ? { title: myOrders } : {}),
    },
    {
      href: paths.profile,
      label: <span lang={langOf('nav.personalCenter')}>{translate('common:nav.personalCenter')}</span>,
      icon: <UserIcon className="h-5 w-5" />,
    },
  ];
}

/** `profileLink`: the phone number leads to the profile (a superadmin's bar, which has no other way there). */
function UserSummary({ user, profileLink = false }: { user: CurrentUser; profileLink?: boolean }) {
  const { t } = useT('common');
  const phone = formatPhone(user.phone);
  return (
    <>
      {user.role === 'superadmin' ? <Badge tone="dark">{t('nav.admin')}</Badge> : null}
      {user.role === 'merchant' ? <Badge tone="brand">{user.merchantRole === 'staff' ? t('nav.staff') : t('nav.merchant')}</Badge> : null}
      {profileLink ? (
        <Link href={paths.profile} className="nav-link px-2 font-medium tabular-nums">
          <span className="sr-only">{t('nav.profileOf')}</span>
          {phone}
        </Link>
      ) : (
        <span className="text-sm font-medium text-slate-700 tabular-nums">{phone}</span>
      )}
    </>
  );
}

function LogoutButton({ variant }: { variant: 'ghost' | 'outline' }) {
  const logout = useLogout();
  const { t } = useT('common');
  return (
    <Button variant={variant} size="md" onClick={logout.logout} disabled={logout.isPending}>
      <LogOutIcon className="h-4 w-4" />
      {logout.isPending ? t('nav.loggingOut') : t('nav.logout')}
    </Button>
  );
}

/** A customer's favourites count, hearts still in flight included (a guest has none). */
export function FavoritesCountBadge() {
  return <CountBadge count={useFavoritesCount()} />;
}

/**
 * The workspace links of merchants and admins; they need the width of an extra-large screen, and sit a little closer
 * together there. `ownRow`: in a row of their own under the bar (the superadmins' links, too many for the bar), where
 * they may wrap rather than push the page sideways.
 */
export function WorkspaceNav({ user, location, ownRow = false }: { user: CurrentUser; location: string; ownRow?: boolean }) {
  const { t } = useT('common');
  return (
    <nav
      aria-label={t('nav.workspace')}
      className={ownRow ? 'hidden flex-wrap items-center gap-1 py-1 xl:flex' : 'ml-4 hidden items-center gap-1 xl:flex'}
    >
      {roleLinks(user, 'bar').map((link) => (
        <NavLink key={link.href} href={link.href} location={location} className="px-2">
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The signed-in end of the bar on large screens. */
export function AccountBar({ user, location }: { user: CurrentUser; location: string }) {
  const { langOf } = useT('common');
  return (
    <>
      {customerEntries(user, 'bar', langOf).map((entry) => (
        <NavLink key={entry.href} href={entry.href} location={location} title={entry.title}>
          <EntryContent entry={entry} />
        </NavLink>
      ))}
      <div className="ml-2 flex items-center gap-2 border-l border-slate-200 pl-3">
        <UserSummary user={user} profileLink={user.role === 'superadmin'} />
        <LogoutButton variant="ghost" />
      </div>
    </>
  );
}

/** The menu's content: who is signed in, every link, then Logout (or the guest's buttons). */
export function MenuPanel({
  user,
  isLoading,
  location,
  shopperEntries,
  guestButtons,
}: {
  user: CurrentUser | null;
  isLoading: boolean;
  location: string;
  /** Favorites and Cart, with their counts, when the account has them. */
  shopperEntries: MenuEntry[];
  guestButtons: ReactNode;
}) {
  const { langOf } = useT('common');
  const entries = [...roleLinks(user, 'menu'), ...shopperEntries, ...customerEntries(user, 'menu', langOf)];
  return (
    <>
      {user ? (
        <div className="mb-2 flex items-center gap-2 px-3 py-2">
          <UserSummary user={user} />
        </div>
      ) : null}
      <ul className="grid gap-1">
        {entries.map((entry) => (
          <li key={entry.href}>
            <NavLink href={entry.href} location={location} className="flex w-full">
              <EntryContent entry={entry} />
            </NavLink>
          </li>
        ))}
      </ul>
      {!isLoading ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3">{user ? <LogoutButton variant="outline" /> : guestButtons}</div>
      ) : null}
    </>
  );
}
