/** Favourites (docs/product/screens.md#favorites): the signed-in user's saved deals, with loading, error, empty and logged-out states. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SKELETON_CARDS } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { StatePanel } from '../../components/ui/panel';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, HeartIcon, UserIcon } from '../../components/ui/icons';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { openLoginDialog } from '../auth';
import type { DealCardActions } from '../deals';
import { useFavorites } from './api/get-favorites';
import { usePendingFavorites } from './api/pending-favorites';
import { FavoriteCard, FavoriteCardSkeleton } from './components/favorite-card';

/** `cardActions`: Add to Cart on each card, filled in by web/app/ (deals' deal-actions.ts). */
export default function FavoritesPage({ cardActions }: { cardActions: Pick<DealCardActions, 'AddToCart'> }) {
  const { t } = useT('favorites');
  useDocumentTitle(t('page.documentTitle'));
  const { user, userLoading, query } = useFavorites();
  const pending = usePendingFavorites();
  // A removal in flight hides its card at once; a refused one brings it back.
  const deals = (query.data ?? []).filter((deal) => pending.get(deal.id) !== false);
  const loading = userLoading || (user !== null && query.isPending);

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <p className="sr-only">{t('page.loading')}</p>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <FavoriteCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (user === null) {
    body = (
      <StatePanel tone="sale" icon={<UserIcon className="h-7 w-7" />} title={t('page.loginTitle')} message={t('page.loginHint')}>
        <Button size="lg" onClick={() => openLoginDialog({ next: paths.favorites })}>
          {t('page.login')}
        </Button>
      </StatePanel>
    );
  } else if (query.isError && query.data === undefined) {
    body = (
      <StatePanel state="error" icon={<AlertIcon className="h-7 w-7" />} title={t('page.failed')} message={t('page.failedHint')}>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('page.retrying') : t('page.retry')}
        </Button>
      </StatePanel>
    );
  } else if (deals.length === 0) {
    body = (
      <StatePanel state="empty" tone="sale" icon={<HeartIcon className="h-7 w-7" />} title={t('page.empty')} message={t('page.emptyHint')}>
        <Link href={paths.home} className={buttonClasses('primary', 'lg')}>
          {t('page.browse')}
        </Link>
      </StatePanel>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {deals.map((deal) => (
          <li key={deal.id} className="grid">
            <FavoriteCard deal={deal} AddToCart={cardActions.AddToCart} />
          </li>
        ))}
      </ul>
    );
  }

  const showCount = user !== null && !loading && query.data !== undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight text-slate-900">
            <HeartIcon filled className="h-7 w-7 text-sale-600" />
            {t('page.title')}
          </h1>
          <p className="mt-1 min-h-5 text-sm text-slate-600" role="status">
            {showCount ? t('page.count', { count: deals.length }) : ''}
          </p>
        </div>
      </header>
      {body}
    </div>
  );
}
