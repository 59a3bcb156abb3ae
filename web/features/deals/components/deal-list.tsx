/**
 * The Featured Deals grid once the first page has arrived: the cards, "Load more", and the empty states. The first
 * paint shows skeleton cards instead, so this code (with the cards') loads alongside the first page of deals.
 */
import type { Deal } from '../../../../contract/deals';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { DealCard } from './deal-card';
import { ListStatePanel } from './list-state-panel';

/** Cards in the first row on the widest layout load their images eagerly. */
const EAGER_CARDS = 3;

export interface DealListProps {
  deals: Deal[];
  /** The search the list answers; empty for every deal. */
  query: string;
  /** A new search is running: the previous results stay, dimmed. */
  searching: boolean;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  nextPageFailed: boolean;
  onLoadMore: () => void;
  onClearSearch: () => void;
}

export function DealList({ deals, query, searching, hasNextPage, fetchingNextPage, nextPageFailed, onLoadMore, onClearSearch }: DealListProps) {
  if (deals.length === 0) {
    return query ? (
      <ListStatePanel title={`No deals match “${query}”`}>
        <p className="mt-1 text-slate-600">Try a different word, or browse everything on offer.</p>
        <Button variant="outline" className="mt-5" onClick={onClearSearch}>
          Clear search
        </Button>
      </ListStatePanel>
    ) : (
      <ListStatePanel title="No deals available">
        <p className="mt-1 text-slate-600">Check back soon for amazing offers!</p>
      </ListStatePanel>
    );
  }
  return (
    <>
      <ul className={cn('grid grid-cols-1 gap-6 transition-opacity md:grid-cols-2 lg:grid-cols-3', searching && 'opacity-60')} aria-busy={searching}>
        {deals.map((deal, index) => (
          <li key={deal.id} className="grid">
            <DealCard deal={deal} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="mt-10 flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoadMore} disabled={fetchingNextPage}>
            {fetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {nextPageFailed ? (
        <p className="mt-4 text-center text-sm text-red-700" role="alert">
          More deals could not be loaded. Please try again.
        </p>
      ) : null}
    </>
  );
}
