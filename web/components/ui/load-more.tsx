/** "Load more" under a paged list, and the alert when the next page could not be loaded. */
import { useT } from '../../i18n';
import { Button } from './button';

interface LoadMoreProps {
  /** More pages remain on the server. */
  hasNextPage: boolean;
  fetching: boolean;
  failed: boolean;
  onLoad: () => void;
  /** What the list holds, for the failure's sentence. */
  what: 'orders' | 'vouchers' | 'entries';
}

export function LoadMore({ hasNextPage, fetching, failed, onLoad, what }: LoadMoreProps) {
  const { t } = useT('common');
  return (
    <>
      {hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoad} disabled={fetching}>
            {fetching ? t('loading') : t('loadMore')}
          </Button>
        </div>
      ) : null}
      {failed ? (
        <p className="mt-4 text-center text-sm text-red-700" role="alert">
          {t(`loadMoreFailed.${what}`)}
        </p>
      ) : null}
    </>
  );
}
