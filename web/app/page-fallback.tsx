import { Skeleton } from '../components/ui/skeleton';

/** Shown while a screen's code loads. */
export function PageFallback() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
    </div>
  );
}
