/**
 * The bell's list: the latest notifications, newest first, each with its title, body and how long ago it came, and a
 * link to where it leads. Those shown unread are marked read as they are shown, and keep their "New" mark while the
 * list stays open; "Mark all as read" while older unread ones remain; "Load more" for older ones.
 *
 * A non-modal Radix dialog under the bell: Escape, a press outside it or following a link closes it, and focus goes
 * back to the bell.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Notification } from '../../../../contract/notifications';
import { Button } from '../../../components/ui/button';
import { CheckCircleIcon, SpinnerIcon, XIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { messageOf } from '../../../lib/message-of';
import { notificationsQueryOptions } from '../api/get-notifications';
import { unreadQueryOptions } from '../api/get-unread';
import { useMarkRead } from '../api/mark-read';
import { inAppLink, relativeTime } from '../notification-format';
import { BellIcon } from './bell-icon';

/** `now`: when the list was opened; its times are as seen then. */
function When({ iso, now }: { iso: string; now: number }) {
  const { t } = useT('notifications');
  const ago = relativeTime(iso, now);
  const text = 'date' in ago ? ago.date : ago.key === 'justNow' ? t('time.justNow') : t(`time.${ago.key}`, { count: ago.count });
  return (
    <time dateTime={iso} title={formatIso(iso, formatDayTime)} className="text-xs text-slate-600">
      {text}
    </time>
  );
}

function Item({ item, isNew, now }: { item: Notification; isNew: boolean; now: number }) {
  const { t } = useT('notifications');
  const href = inAppLink(item.link);
  const content = (
    <>
      <span className="flex items-start gap-2">
        {isNew ? (
          <span className="mt-0.5 inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-bold text-white">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-white" />
            {t('bell.new')}
          </span>
        ) : null}
        <span className={cn('min-w-0 break-words text-slate-900', isNew ? 'font-bold' : 'font-semibold')}>{item.title}</span>
      </span>
      <span className="mt-1 block text-sm break-words text-slate-700">{item.body}</span>
      <span className="mt-1 block">
        <When iso={item.createdAt} now={now} />
      </span>
    </>
  );
  const look = cn('block rounded-lg px-3 py-3', isNew ? 'bg-brand-50' : undefined);
  return href ? (
    <Link href={href} className={cn(look, 'hover:bg-slate-100 focus-ring')}>
      {content}
    </Link>
  ) : (
    <div className={look}>{content}</div>
  );
}

/** Marks read, once each, the unread notifications shown; answers the ids that were unread when first shown. */
function useMarkShownRead(userId: string, items: Notification[] | undefined) {
  const markRead = useMarkRead(userId);
  const sent = useRef(new Set<string>());
  const [shownUnread, setShownUnread] = useState<ReadonlySet<string>>(() => new Set());
  const { mutate } = markRead;

  useEffect(() => {
    const fresh = (items ?? []).filter((item) => item.readAt === null && !sent.current.has(item.id)).map((item) => item.id);
    if (fresh.length === 0) return;
    for (const id of fresh) sent.current.add(id);
    setShownUnread((before) => new Set([...before, ...fresh]));
    mutate(fresh, {
      // Not marked: tried again when shown again.
      onError: () => {
        for (const id of fresh) sent.current.delete(id);
      },
    });
  }, [items, mutate]);

  return { shownUnread, marking: markRead, clearShown: () => setShownUnread(new Set()) };
}

function Body({ userId }: { userId: string }) {
  const [now] = useState(() => Date.now());
  // The retry button's words are common's.
  const { t } = useT(['notifications', 'common']);
  const query = useInfiniteQuery(notificationsQueryOptions(userId));
  const unread = useQuery(unreadQueryOptions(userId)).data?.unread ?? 0;
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const { shownUnread, marking, clearShown } = useMarkShownRead(userId, items);
  const markAll = useMarkRead(userId);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-slate-600">
        <SpinnerIcon className="h-4 w-4" />
        {t('bell.loading')}
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="px-4 py-8 text-center">
        <p className="text-sm font-semibold text-red-700">{messageOf(query.error, t('bell.loadFailed'))}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  const list = items ?? [];
  // Unread ones beyond those shown (older than the pages loaded); those shown are being marked already.
  const othersUnread = unread > list.filter((item) => item.readAt === null).length;
  const markFailure = markAll.error ?? marking.error;

  return (
    <>
      {list.length === 0 ? (
        <div className="px-4 py-10 text-center">
          <span aria-hidden="true" className="mx-auto mb-3 grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-600">
            <BellIcon className="h-6 w-6" />
          </span>
          <p className="font-semibold text-slate-900">{t('bell.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('bell.emptyMessage')}</p>
        </div>
      ) : (
        <ul className="grid gap-1 p-2">
          {list.map((item) => (
            <li key={item.id}>
              <Item item={item} isNew={item.readAt === null || shownUnread.has(item.id)} now={now} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <div className="flex justify-center px-4 pb-3">
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('bell.loadingMore') : t('bell.loadMore')}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="px-4 pb-3 text-center text-sm text-red-700">
          {t('bell.loadMoreFailed')}
        </p>
      ) : null}
      {othersUnread || list.length > 0 || markFailure ? (
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
        {othersUnread ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={markAll.isPending}
            onClick={() => markAll.mutate(null, { onSuccess: clearShown })}
          >
            {markAll.isPending ? t('bell.marking') : t('bell.markAll')}
          </Button>
        ) : list.length > 0 ? (
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <CheckCircleIcon className="h-4 w-4 text-emerald-700" />
            {t('bell.allRead')}
          </p>
        ) : null}
        {markFailure ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {messageOf(markFailure, t('bell.markFailed'))}
          </p>
        ) : null}
      </div>
      ) : null}
    </>
  );
}

export default function NotificationPanel({
  id,
  userId,
  bell,
  onClose,
}: {
  id: string;
  userId: string;
  /** The bell: a press on it is not a press outside (it closes the list itself), and focus goes back to it. */
  bell: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useT('notifications');
  return (
    <RadixDialog.Root open modal={false} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Content
        id={id}
        aria-describedby={undefined}
        onInteractOutside={(event) => {
          if (event.target instanceof Node && bell.current?.contains(event.target)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          bell.current?.focus();
        }}
        className={cn(
          'z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-slate-200 focus:outline-none',
          // On phones the list spans the window under the bar; from small screens on it hangs from the bell.
          'fixed inset-x-2 top-[4.25rem] sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96',
        )}
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
          <RadixDialog.Title className="text-base font-bold text-slate-900">{t('bell.title')}</RadixDialog.Title>
          <RadixDialog.Close className="grid h-9 w-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-ring">
            <XIcon className="h-5 w-5" />
            <span className="sr-only">{t('bell.close')}</span>
          </RadixDialog.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <Body userId={userId} />
        </div>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
