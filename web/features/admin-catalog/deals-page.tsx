/**
 * Deal management (docs/product/screens.md#deal-management, Chinese labels by default): the review queue of merchants' proposals,
 * search, paging, create and edit, publish / unpublish / archive and delete for superadmins; everyone else gets the
 * same list browse-only, read from the shopper's deal list.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminDeal } from '../../../contract/admin';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../contract/constants';
import type { Deal } from '../../../contract/deals';
import { StatePanel } from '../../components/ui/panel';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, SearchIcon, TagIcon } from '../../components/ui/icons';
import { useT, withTexts } from '../../i18n';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dealListQueryOptions } from '../deals';
import { adminDealListQueryOptions } from './api/get-admin-deals';
import { ListSkeleton, useAdminAccess } from './components/admin-access';
import { DealRow } from './components/deal-row';
import { ReviewQueue } from './components/review-queue';

// The forms and the dialog library load when a dialog is first opened: the list does not wait for them.
// The dialogs' texts have a catalogue of their own (adminForms), fetched with a dialog's code when it first opens.
const DealFormDialog = lazy(async () => ({ default: (await withTexts(() => import('./components/deal-form-dialog'), 'adminForms')()).DealFormDialog }));
const DeleteDealDialog = lazy(async () => ({ default: (await withTexts(() => import('./components/delete-deal-dialog'), 'adminForms')()).DeleteDealDialog }));
const RejectDealDialog = lazy(async () => ({ default: (await withTexts(() => import('./components/reject-deal-dialog'), 'adminForms')()).RejectDealDialog }));

const SEARCH_DEBOUNCE_MS = 250;

/** The search box's text and the query it settles into after a short pause in typing. */
function useDebouncedSearch() {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setQuery(value.trim()), SEARCH_DEBOUNCE_MS);
  };
  return { text, query, change };
}

interface DealListProps {
  deals: Array<Deal | AdminDeal>;
  query: string;
  pending: boolean;
  failed: boolean;
  searching: boolean;
  hasNextPage: boolean;
  fetchingNext: boolean;
  nextFailed: boolean;
  onRetry: () => void;
  onMore: () => void;
  actions?: { onEdit: (deal: AdminDeal) => void; onDelete: (deal: AdminDeal) => void } | undefined;
}

function DealList({ deals, query, pending, failed, searching, hasNextPage, fetchingNext, nextFailed, onRetry, onMore, actions }: DealListProps) {
  const { t } = useT('admin');
  if (pending) return <ListSkeleton />;
  if (failed && deals.length === 0) {
    return (
      <StatePanel
        state="error"
        role="alert"
        icon={<AlertIcon className="h-7 w-7" />}
        title={t('catalog.loadFailed')}
        message={t('dealsPage.loadFailedMessage')}
        onRetry={onRetry}
        retryLabel={t('catalog.retry')}
      />
    );
  }
  if (deals.length === 0) {
    return (
      <StatePanel state="empty" tone="neutral" icon={<TagIcon className="h-7 w-7" />} title={query ? t('dealsPage.emptyMatching', { query }) : t('dealsPage.empty')} />
    );
  }
  return (
    <>
      <ul className={cn('grid grid-cols-1 gap-4 transition-opacity', searching && 'opacity-60')} aria-busy={searching} aria-label={t('dealsPage.listLabel')}>
        {deals.map((deal) => (
          <li key={deal.id}>
            <DealRow deal={deal} actions={actions} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={onMore} disabled={fetchingNext}>
            {fetchingNext ? t('catalog.loading') : t('dealsPage.loadMore')}
          </Button>
        </div>
      ) : null}
      {nextFailed ? (
        <p className="mt-4 text-center text-sm text-red-700" role="alert">
          {t('dealsPage.moreFailed')}
        </p>
      ) : null}
    </>
  );
}

export default function DealsPage() {
  const { t, langOf } = useT('admin');
  useDocumentTitle(t('dealsPage.title'));
  const access = useAdminAccess();
  const superadmin = access === 'superadmin';
  const { text, query, change } = useDebouncedSearch();

  // Superadmins read every deal from the admin list; everyone else may only browse what shoppers see.
  const adminDeals = useInfiniteQuery({ ...adminDealListQueryOptions(query), placeholderData: keepPreviousData, enabled: superadmin });
  const shopperDeals = useInfiniteQuery({
    ...dealListQueryOptions(query),
    placeholderData: keepPreviousData,
    enabled: access === 'guest' || access === 'denied',
  });
  const list = superadmin ? adminDeals : shopperDeals;
  const deals: Array<Deal | AdminDeal> = list.data?.pages.flatMap((page) => page.deals) ?? [];

  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminDeal | null>(null);
  const [deleting, setDeleting] = useState<AdminDeal | null>(null);
  const [rejecting, setRejecting] = useState<AdminDeal | null>(null);
  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (deal: AdminDeal) => {
    setEditing(deal);
    setFormOpen(true);
  };
  const actions = superadmin ? { onEdit: openEdit, onDelete: setDeleting } : undefined;

  let status: ReactNode = '';
  if (list.isSuccess && !list.isPlaceholderData) {
    const count = deals.length;
    if (query) status = list.hasNextPage ? t('dealsPage.countMatchingMore', { count, query }) : t('dealsPage.countMatching', { count, query });
    else status = list.hasNextPage ? t('dealsPage.countAllMore', { count }) : t('dealsPage.countAll', { count });
  }

  return (
    <div lang={langOf('dealsPage.title')} className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('dealsPage.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{superadmin ? t('dealsPage.introSuperadmin') : t('dealsPage.introBrowse')}</p>
        </div>
        {superadmin ? (
          <div className="flex flex-wrap gap-2">
            <Link href={paths.adminCategories} className={buttonClasses('outline', 'md')}>
              {t('dealsPage.categoriesLink')}
            </Link>
            <Button onClick={openCreate}>
              <TagIcon className="h-4 w-4" />
              {t('dealsPage.create')}
            </Button>
          </div>
        ) : null}
      </header>

      {superadmin ? (
        <>
          <ReviewQueue onReject={setRejecting} onEdit={openEdit} />
          <h2 className="mb-3 text-xl font-bold text-slate-900">{t('dealsPage.allDeals')}</h2>
        </>
      ) : null}

      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <form role="search" className="w-full max-w-md" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="admin-deal-search" className="mb-1.5 block text-sm font-semibold text-slate-800">
            {t('dealsPage.searchLabel')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500" />
            <input
              id="admin-deal-search"
              type="search"
              value={text}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              autoComplete="off"
              placeholder={t('dealsPage.searchPlaceholder')}
              onChange={(event) => change(event.target.value)}
              className="block h-11 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-10 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus-ring"
            />
          </div>
        </form>
        <p className="min-h-5 text-sm text-slate-600" role="status" aria-live="polite">
          {status}
        </p>
      </div>

      {access === 'loading' ? (
        <ListSkeleton />
      ) : (
        <DealList
          deals={deals}
          query={query}
          pending={list.isPending}
          failed={list.isError}
          searching={list.isPlaceholderData}
          hasNextPage={list.hasNextPage}
          fetchingNext={list.isFetchingNextPage}
          nextFailed={list.isFetchNextPageError}
          onRetry={() => void list.refetch()}
          onMore={() => void list.fetchNextPage()}
          actions={actions}
        />
      )}

      {superadmin ? (
        <Suspense fallback={null}>
          {formOpen ? <DealFormDialog deal={editing} open onOpenChange={setFormOpen} /> : null}
          {deleting ? <DeleteDealDialog deal={deleting} onClose={() => setDeleting(null)} /> : null}
          {rejecting ? <RejectDealDialog deal={rejecting} onClose={() => setRejecting(null)} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
