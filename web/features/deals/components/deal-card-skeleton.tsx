import { Skeleton } from '../../../components/ui/skeleton';

/** A deal card's place while the deals (or the cards' code) load. */
export function DealCardSkeleton() {
  return (
    <div className="overflow-hidden surface" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
