/** "Load more" under a paged list, and the alert when the next page could not be loaded. */
import { Button } from './button';

interface LoadMoreProps {
  /** More pages remain on the server. */
  hasNextPage: boolean;
  fetching: boolean;
  failed: boolean;
  onLoad: () => void;
  /** What the list holds, in the plural ("orders"), for the failure's sentence. */
  what: string;
}

export function LoadMore({ hasNextPage, fetching, failed, onLoad, what }: LoadMoreProps) {
  return (
    <>
      {hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoad} disabled={fetching}>
            {fetching ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
      {failed ? (
        <p className="mt-4 text-center text-sm text-red-700" role="alert">
          More {what} could not be loaded. Please try again.
        </p>
      ) : null}
    </>
  );
}
