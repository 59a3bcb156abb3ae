/** One saved deal on the Favourites screen: picture, text, price, availability, and the ways on from there. */
import { Link } from 'wouter';
import type { Deal } from '../../../../contract/deals';
import { paths } from '../../../../contract/routes';
import { RichText } from '../../../components/rich-text';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';
import { DealImage, DealPrices, type DealCardActions } from '../../deals';
import { FavoriteButton } from './favorite-button';

/** `AddToCart`: the cart's button, filled in by web/app/ (deals' deal-actions.ts). */
export function FavoriteCard({ deal, AddToCart }: { deal: Deal; AddToCart: DealCardActions['AddToCart'] }) {
  const { t } = useT('favorites');
  const titleId = `favorite-${deal.id}-title`;
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden surface">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <DealImage deal={deal} width={400} height={300} loading="lazy" className="h-full w-full object-cover" />
        <div className="absolute top-3 right-3">
          <FavoriteButton dealId={deal.id} />
        </div>
      </div>

      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <p className="truncate text-sm font-medium text-slate-600">{deal.merchantName}</p>
          {deal.active ? <Badge tone="success">{t('card.available')}</Badge> : <Badge tone="neutral">{t('card.unavailable')}</Badge>}
        </div>
        <h2 id={titleId} className="mt-1 line-clamp-2 text-lg leading-snug font-semibold text-slate-900">
          {deal.title}
        </h2>
        <RichText html={deal.description} className="mt-2 line-clamp-3 text-sm" />

        <DealPrices deal={deal} />

        <div className="mt-auto flex gap-2 pt-4">
          <Link href={paths.deal(deal.id)} className={buttonClasses('outline', 'md', 'flex-1')} aria-label={t('card.viewDetailsOf', { title: deal.title })}>
            {t('card.viewDetails')}
          </Link>
          <AddToCart deal={deal} variant="primary" className="flex-1" labelWithTitle />
        </div>
      </div>
    </article>
  );
}

export function FavoriteCardSkeleton() {
  return (
    <div className="overflow-hidden surface" aria-hidden="true">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-7 w-1/3" />
        <div className="flex gap-2 pt-2">
          <Skeleton className="h-11 flex-1" />
          <Skeleton className="h-11 flex-1" />
        </div>
      </div>
    </div>
  );
}
