/** The header's link pieces, shared by the bar (first paint) and the parts that load later (header-more.tsx). */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n';
import { cn } from '../lib/cn';

export interface MenuEntry {
  href: string;
  label: ReactNode;
  icon?: ReactNode;
  /** A count after the label (a <CountBadge/>). */
  badge?: ReactNode;
  /** A tooltip, for an entry shown as its icon alone. */
  title?: string;
}

/** The number on the Favorites and Cart entries, with the words a screen reader says for it. */
export function CountBadge({ count }: { count: number }) {
  const { t } = useT('common');
  return (
    <>
      <span
        aria-hidden="true"
        data-count-badge=""
        className={cn(
          'grid h-5 min-w-5 place-items-center rounded-full px-1 text-[11px] leading-none font-bold tabular-nums',
          count > 0 ? 'bg-sale-600 text-white' : 'bg-slate-200 text-slate-700',
        )}
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{t('nav.items', { count })}</span>
    </>
  );
}

export function NavLink({
  href,
  children,
  className,
  location,
  title,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  location: string;
  title?: string | undefined;
}) {
  return (
    <Link href={href} title={title} className={cn('nav-link', className)} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * `compact`: the label is for screen readers only below the given width (the icon and its count show alone), and
 * shown from it on.
 */
export function EntryContent({ entry, compact }: { entry: MenuEntry; compact?: 'lg' | 'xl' | undefined }) {
  return (
    <>
      {entry.icon}
      <span className={compact === 'lg' ? 'sr-only lg:not-sr-only' : compact === 'xl' ? 'sr-only xl:not-sr-only' : undefined}>{entry.label}</span>
      {entry.badge}
    </>
  );
}
