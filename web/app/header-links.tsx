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
}

/** The number on the Favorites and Cart entries, with the words a screen reader says for it. */
export function CountBadge({ count }: { count: number }) {
  const { t } = useT('common');
  return (
    <>
      <span
        aria-hidden="true"
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

export function NavLink({ href, children, className, location }: { href: string; children: ReactNode; className?: string; location: string }) {
  return (
    <Link href={href} className={cn('nav-link', className)} aria-current={location === href ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function EntryContent({ entry, compact = false }: { entry: MenuEntry; compact?: boolean }) {
  return (
    <>
      {entry.icon}
      <span className={compact ? 'sr-only lg:not-sr-only' : undefined}>{entry.label}</span>
      {entry.badge}
    </>
  );
}
