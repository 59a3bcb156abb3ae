import { StarIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';

/** Five stars with `rating` of them filled (rounded to the nearest whole star); the label carries the exact figure. */
export function Stars({ rating, label, className }: { rating: number; label?: string; className?: string }) {
  const { t } = useT('deals');
  const filled = Math.round(rating);
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} role="img" aria-label={label ?? t('reviews.starsOutOf5', { rating })}>
      {Array.from({ length: 5 }, (_, index) => (
        <StarIcon key={index} filled={index < filled} className={cn('h-4 w-4', index < filled ? 'text-amber-500' : 'text-slate-300')} />
      ))}
    </span>
  );
}
