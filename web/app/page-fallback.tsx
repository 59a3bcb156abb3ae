import { Skeleton } from '../components/ui/skeleton';
import { translate } from '../i18n';
import { cn } from '../lib/cn';

/**
 * Shown while a screen's code loads. For a screen known to be taller than the window (the deal page), `fullHeight`
 * keeps the footer below the fold until it arrives, so the footer does not appear and then jump away.
 */
export function PageFallback({ fullHeight = false }: { fullHeight?: boolean }) {
  return (
    <div className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8', fullHeight && 'min-h-dvh')} aria-busy="true">
      <p className="sr-only" role="status">
        {translate('common:loading')}
      </p>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="mt-6 h-64 w-full rounded-2xl" />
    </div>
  );
}
