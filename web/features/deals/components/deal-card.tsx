import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Deal } from '../../../../contract/deals';
import { paths } from '../../../../contract/routes';
import { Badge } from '../../../components/ui/badge';
import { ClockIcon, MapPinIcon, TrendingIcon, UsersIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { primeDeal } from '../api/get-deal';
import type { DealCardActions } from '../deal-actions';
import { boughtLabel, distanceLabel, endsInLabel, fewLeftLabel, hasReviews, ratingSpoken, validityLabel } from '../deal-display';
import { useTimeLeft } from '../use-time-left';
import { formatCount } from '../../../lib/numbers';
import { DEAL_CARD_IMAGE_SIZES } from '../deal-images';
import { DealImage } from './deal-image';
import { groupOfferOf } from '../group-offer';
import { DealPrices, GroupPriceTag } from './deal-prices';
import { ShopperOnly } from './shopper-only';

/** The validity line, or the countdown while the deal ends within 72 hours. */
function Validity({ deal }: { deal: Deal }) {
  const left = useTimeLeft(deal.validUntil);
  return (
    <span className={left === null ? 'inline-flex items-center gap-1.5' : 'inline-flex items-center gap-1.5 font-semibold text-amber-800'}>
      <ClockIcon className={left === null ? 'h-4 w-4 text-slate-500' : 'h-4 w-4'} />
      {left === null ? validityLabel(deal) : endsInLabel(left)}
    </span>
  );
}

interface DealCardProps {
  deal: Deal;
  /** Cards in the first row load their image at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The heart, Add to Cart and the deal page's preload, filled in by web/app/ (deal-actions.ts). */
  actions: DealCardActions;
  /** The merchant's name links to its store page (not on that page itself). */
  merchantLink?: boolean;
}

export function DealCard({ deal, eager = false, actions: { AddToCart, Favorite, preloadDealPage }, merchantLink = true }: DealCardProps) {
  const { t } = useT('deals');
  const queryClient = useQueryClient();
  // The detail screen's code starts loading as soon as a card is pointed at, so the click feels instant.
  const warmUp = () => {
    primeDeal(queryClient, deal);
    preloadDealPage();
  };
  const fewLeft = fewLeftLabel(deal);
  // Open groups are counted only for a deal that sells to groups, and shown only when there is one to join.
  const openGroups = groupOfferOf(deal) !== null ? deal.openGroupCount : 0;

  return (
    <article
      className="group relative flex flex-col overflow-hidden surface transition-shadow duration-200 hover:shadow-card-hover has-[h3_a:focus-visible]:outline-3 has-[h3_a:focus-visible]:outline-offset-2 has-[h3_a:focus-visible]:outline-brand-600"
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <DealImage
          deal={deal}
          width={400}
          height={300}
          sizes={DEAL_CARD_IMAGE_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5 pr-14">
          {deal.discountPercent !== null ? (
            <Badge tone="sale" className="px-2.5 py-1 text-[13px] shadow-sm">
              {t('card.save', { percent: deal.discountPercent })}
            </Badge>
          ) : null}
          {deal.category ? (
            <Badge tone="neutral" className="bg-white/95 px-2.5 py-1 text-[13px] shadow-sm">
              <span className="sr-only">{t('card.category')}</span>
              {deal.category.name}
            </Badge>
          ) : null}
        </div>
        <div className="absolute top-3 right-3 z-10">
          <Favorite dealId={deal.id} />
        </div>
        {deal.soldOut ? (
          <div className="absolute inset-x-0 bottom-0 bg-slate-900/85 py-1.5 text-center text-sm font-bold tracking-wide text-white uppercase">
            {t('card.soldOut')}
          </div>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <p className="flex items-center gap-x-1.5 text-sm font-medium text-slate-600">
          {merchantLink ? (
            // Above the title link's ::after, which covers the card, so that it takes its own clicks.
            <Link href={paths.store(deal.merchantId)} className="relative z-10 truncate rounded hover:text-slate-900 hover:underline focus-ring">
              {deal.merchantName}
            </Link>
          ) : (
            <span className="truncate">{deal.merchantName}</span>
          )}
          {deal.city || deal.distanceKm !== null ? (
            <span className="inline-flex shrink-0 items-center gap-1">
              <MapPinIcon className="h-3.5 w-3.5 text-slate-500" />
              {[deal.city, deal.distanceKm !== null ? distanceLabel(deal.distanceKm) : null].filter(Boolean).join(' · ')}
            </span>
          ) : null}
        </p>
        <h3 className="mt-1 text-lg leading-snug font-semibold text-slate-900">
          <Link
            href={paths.deal(deal.id)}
            className="line-clamp-2 outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800"
          >
            {deal.title}
          </Link>
        </h3>

        {hasReviews(deal) ? (
          <p className="mt-1.5 text-sm font-semibold text-slate-800">
            <span className="sr-only">{ratingSpoken(deal)}</span>
            <span aria-hidden="true">
              {deal.rating.toFixed(1)} <span className="text-amber-600">★</span> ({formatCount(deal.reviewCount)})
            </span>
          </p>
        ) : null}

        <DealPrices deal={deal}>
          <GroupPriceTag deal={deal} />
        </DealPrices>
        {openGroups > 0 ? (
          <p className="mt-1.5 flex items-center gap-1.5 text-sm font-semibold text-brand-800">
            <UsersIcon className="h-4 w-4 shrink-0" />
            {t('card.openGroups', { count: openGroups, number: formatCount(openGroups) })}
          </p>
        ) : null}

        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <TrendingIcon className="h-4 w-4 text-brand-700" />
            {boughtLabel(deal)}
          </span>
          <Validity deal={deal} />
          {fewLeft ? <span className="font-semibold text-sale-700">{fewLeft}</span> : null}
        </div>
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          {/* The picture already says "Sold Out": such a deal is never also called available. */}
          {deal.active && !deal.soldOut ? <Badge tone="success">{t('card.available')}</Badge> : <Badge tone="neutral">{t('card.unavailable')}</Badge>}
          <ShopperOnly className="text-right text-xs">
            <AddToCart deal={deal} size="md" labelWithTitle className="relative z-10" />
          </ShopperOnly>
        </div>
      </div>
    </article>
  );
}
