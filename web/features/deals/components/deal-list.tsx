/**
 * The Featured Deals grid once the first page has arrived: the cards, "Load more", and the empty states. The first
 * paint shows skeleton cards instead, so this code (with the cards') loads alongside the first page of deals.
 */
import type { Deal } from '../../../../contract/deals';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { SearchIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import type { DealCardActions } from '../deal-actions';
import { DealCard } from './deal-card';
import { StatePanel } from '../../../components/ui/panel';

/** Cards in the first row on the widest layout load their images eagerly. */
const EAGER_CARDS = 3;

export interface DealListProps {
  deals: Deal[];
  /** The search the list answers; empty for every deal. */
  query: string;
  /** A category, price, rating or order narrows the list. */
  filtered?: boolean;
  /** A new search is running: the previous results stay, dimmed. */
  searching: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  nextPageFailed: boolean;
  onLoadMore: () => void;
  onClearSearch: () => void;
  onClearFilters?: () => void;
  /** What each card shows of other features (deal-actions.ts). */
  cardActions: DealCardActions;
}

export function DealList({ deals, query, filtered = false, searching, hasNextPage, fetchingNextPage, nextPageFailed, onLoadMore, onClearSearch, onClearFilters, cardActions }: DealListProps) {
  const { t } = useT('deals');
  if (deals.length === 0) {
    if (filtered) {
      return (
        <StatePanel
          state="empty"
          heading="h3"
          tone="neutral"
          icon={<SearchIcon className="h-7 w-7" />}
          title={query ? t('list.noMatchFilteredQuery', { query }) : t('list.noMatchFiltered')}
          message={t('list.noMatchFilteredHint')}
        >
          <Button variant="outline" onClick={onClearFilters}>
            {t('filters.clear')}
          </Button>
        </StatePanel>
      );
    }
    return query ? (
      <StatePanel
        state="empty"
        heading="h3"
        tone="neutral"
        icon={<SearchIcon className="h-7 w-7" />}
        title={t('list.noMatch', { query })}
        message={t('list.noMatchHint')}
      >
        <Button variant="outline" onClick={onClearSearch}>
          {t('home.clearSearch')}
        </Button>
      </StatePanel>
    ) : (
      <StatePanel
        state="empty"
        heading="h3"
        tone="neutral"
        icon={<SearchIcon className="h-7 w-7" />}
        title={t('list.empty')}
        message={t('list.emptyHint')}
      />
    );
  }
  return (
    <>
      <ul className={cn('grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3', searching && 'opacity-60')} aria-busy={searching}>
        {deals.map((deal, index) => (
          <li key={deal.id} className="grid">
            <DealCard deal={deal} eager={index < EAGER_CARDS} actions={cardActions} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="mt-10 flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoadMore} disabled={fetchingNextPage}>
            {fetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
      {nextPageFailed ? (
        <p className="mt-4 text-center text-sm text-red-700" role="alert">
          {t('list.moreFailed')}
        </p>
      ) : null}
    </>
  );
}
