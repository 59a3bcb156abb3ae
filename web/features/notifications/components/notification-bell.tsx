/**
 * The header's bell, for every signed-in account: the unread count as a badge (read every 30 s while the page is
 * visible and when the window regains focus), and a button that opens the latest notifications. The list and its
 * dialog library load the first time it is opened (or about to be: pointer over it, focus on it).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { buttonClasses } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../api/get-unread';
import { BellIcon } from './bell-icon';

const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadPanel);

function preloadPanel(): void {
  // Only a head start: a failed download is met again, and shown, when the panel renders.
  loadPanel().catch(() => undefined);
}

export function NotificationBell({ userId, className }: { userId: string; className?: string }) {
  const { t } = useT('notifications');
  const unread = useUnreadCount(userId);
  const [location] = useLocation();
  // Open for the location it was opened at, so following one of its links closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  return (
    <div className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        className={cn(buttonClasses('ghost', 'icon'), 'relative h-11 w-11')}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenAt(open ? null : location)}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <BellIcon className="h-5 w-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 grid h-5 min-w-5 place-items-center rounded-full bg-sale-600 px-1 text-[11px] leading-none font-bold text-white tabular-nums ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} userId={userId} bell={buttonRef} onClose={() => setOpenAt(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
