/**
 * Deal detail (docs/product/screens.md#deal-page): picture or photo gallery, rich description, details, terms, location,
 * reviews, merchant card and the purchase box with its quantity; on a phone the buy buttons sit in a bar at the bottom of
 * the screen.
 */
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { VOUCHER_VALID_DAYS } from '../../../contract/constants';
import type { Deal, DealAllowance } from '../../../contract/deals';
import { paths } from '../../../contract/routes';
import { HomeLink, PageProblem } from './components/page-problem';
import { Price } from '../../components/ui/price';
import { RichText } from '../../components/rich-text';
import { Badge } from '../../components/ui/badge';
import { Panel } from '../../components/ui/panel';
import { Button } from '../../components/ui/button';
import { CalendarIcon, ChevronRightIcon, ShareIcon, ShieldCheckIcon, TrendingIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { translate, useT } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDay } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth';
import { MerchantCard, MerchantLocation } from '../merchants';
import { useDealAllowance } from './api/get-allowance';
import { dealQueryOptions } from './api/get-deal';
import { AllowanceNote } from './components/allowance-note';
import { DealGallery } from './components/deal-gallery';
import { DealImage } from './components/deal-image';
import { DEAL_PAGE_IMAGE_SIZES } from './deal-images';
import { DealPrices } from './components/deal-prices';
import { maxUnitsOf, QuantityPicker } from './components/quantity-picker';
import { RefundTerms } from './components/refund-terms';
import { ReviewsSection } from './components/reviews-section';
import { ShopperOnly } from './components/shopper-only';
import { StickyBuyBar } from './components/sticky-buy-bar';
import { Stars } from './components/stars';
import type { AllowanceSlot, DealPageActions } from './deal-actions';
import { hasReviews, ratingSpoken } from './deal-display';
import { groupOfferOf } from './group-offer';
import { shareDeal } from './share-deal';
import { usePhoneWidth } from './use-phone-width';


function validityText(deal: Deal): string {
  if (deal.validUntil) return translate('deals:card.validUntil', { day: formatDay(deal.validUntil) });
  return translate('deals:page.validAfterPurchase', { count: VOUCHER_VALID_DAYS });
}

/** A sold-out deal is never also called available. */
function statusLabel(deal: Deal): string {
  if (deal.soldOut) return translate('deals:details.soldOut');
  return deal.active ? translate('deals:card.available') : translate('deals:card.unavailable');
}

function DealDetails({ deal }: { deal: Deal }) {
  const { t } = useT('deals');
  const rows: Array<{ term: string; value: ReactNode }> = [
    { term: t('details.price'), value: <Price cents={deal.priceCents} className="font-semibold text-slate-900" /> },
  ];
  if (deal.originalPriceCents !== null) {
    rows.push({ term: t('details.originalPrice'), value: <Price cents={deal.originalPriceCents} struck className="text-slate-600" /> });
  }
  if (deal.discountPercent !== null) rows.push({ term: t('details.discount'), value: t('details.percentOff', { percent: deal.discountPercent }) });
  const group = groupOfferOf(deal);
  if (group !== null) {
    rows.push({
      term: t('details.groupPrice'),
      value: (
        <Trans
          t={t}
          i18nKey='details.groupPriceValue'
          values={{ size: group.size, hours: group.windowHours }}
          components={{ price: <Price cents={group.priceCents} className="font-semibold text-slate-900" /> }}
        />
      ),
    });
  }
  if (deal.validFrom) rows.push({ term: t('details.availableFrom'), value: formatDay(deal.validFrom) });
  rows.push({ term: t('details.validity'), value: validityText(deal) });
  if (deal.remaining !== null) {
    rows.push({ term: t('details.remaining'), value: deal.soldOut ? t('details.soldOut') : t('details.left', { number: formatCount(deal.remaining) }) });
  }
  rows.push({ term: t('details.limit'), value: t('quantity.upTo', { max: deal.maxPerUser }) });
  rows.push({ term: t('details.status'), value: statusLabel(deal) });

  return (
    <Panel titleSize="xl" title={t('details.title')} id="details-title">
      <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.term} className="border-b border-slate-100 pb-3">
            <dt className="text-sm text-slate-600">{row.term}</dt>
            <dd className="mt-0.5 text-slate-800">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

interface PurchaseBoxProps {
  deal: Deal;
  /** The signed-in customer's allowance, once read. */
  allowance: DealAllowance | undefined;
  quantity: number;
  onQuantity: (quantity: number) => void;
  /**
   * The buy bar at the bottom of a phone's screen holds the buying buttons instead of the box: Buy Now and Add to Cart,
   * or for a group offer Buy alone and Start a group (Add to Cart then stays in the box).
   */
  buttonsInBar: boolean;
  actions: DealPageActions;
  className?: string;
}

/** The id of the note that says what the customer may still buy: the buying buttons point at it when it is why they are disabled. */
const allowanceNoteId = (deal: Deal) => `allowance-${deal.id}`;

/** What the buying buttons are told of the customer's allowance. */
function allowanceSlotOf(deal: Deal, allowance: DealAllowance | undefined): AllowanceSlot | undefined {
  return allowance ? { remaining: allowance.remaining, noteId: allowanceNoteId(deal) } : undefined;
}

function PurchaseBox({ deal, allowance, quantity, onQuantity, buttonsInBar, actions, className }: PurchaseBoxProps) {
  const { BuyNow, StartGroup, AddToCart, Favorite, OpenGroups } = actions;
  const { t } = useT('deals');
  const savings = deal.originalPriceCents !== null ? deal.originalPriceCents - deal.priceCents : 0;
  const group = groupOfferOf(deal);
  const slot = allowanceSlotOf(deal, allowance);
  // At the limit the picker gives way to the reason the buttons below cannot be used; short of it, the picker says how many more.
  const atLimit = allowance?.remaining === 0;

  return (
    <section aria-label={t('purchase.label')} className={cn('surface p-6', className)}>
      <div className="flex flex-wrap items-center gap-2">
        {deal.discountPercent !== null ? (
          <Badge tone="sale" className="px-2.5 py-1 text-sm">
            {t('card.save', { percent: deal.discountPercent })}
          </Badge>
        ) : null}
        {deal.soldOut ? (
          <Badge tone="dark">{t('card.soldOut')}</Badge>
        ) : deal.active ? (
          <Badge tone="success">{t('card.available')}</Badge>
        ) : (
          <Badge tone="neutral">{t('card.unavailable')}</Badge>
        )}
      </div>

      <DealPrices deal={deal} size="page" />
      {savings > 0 ? (
        <p className="mt-1 text-sm font-semibold text-sale-700">
          <Trans t={t} i18nKey='purchase.youSave' components={{ price: <Price cents={savings} /> }} />
        </p>
      ) : null}
      {group !== null ? (
        <p className="mt-2 text-sm text-slate-700">
          <Trans
            t={t}
            i18nKey='purchase.groupOr'
            values={{ size: group.size }}
            components={{ price: <Price cents={group.priceCents} className="font-semibold text-brand-800" /> }}
          />
        </p>
      ) : null}

      <RefundTerms refundAnytime={deal.refundAnytime} autoRefundOnExpiry={deal.autoRefundOnExpiry} className="mt-3" />

      <ShopperOnly className="mt-6 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
        {atLimit ? (
          <AllowanceNote allowance={allowance} id={allowanceNoteId(deal)} className="mt-6" />
        ) : (
          <QuantityPicker deal={deal} allowance={allowance} value={quantity} onChange={onQuantity} className="mt-6" />
        )}
        {buttonsInBar ? null : group !== null ? (
          <div className="mt-6 grid gap-3">
            <BuyNow deal={deal} quantity={quantity} alone allowance={slot} />
            <StartGroup deal={deal} allowance={slot} />
          </div>
        ) : (
          <BuyNow deal={deal} quantity={quantity} allowance={slot} className="mt-6" />
        )}

        <div className={cn('flex gap-2', buttonsInBar && group !== null ? 'mt-6' : 'mt-3')}>
          {buttonsInBar && group === null ? null : <AddToCart deal={deal} quantity={quantity} allowance={slot} className="flex-1" />}
          <Favorite dealId={deal.id} variant="outline" />
        </div>

        {group !== null ? <OpenGroups deal={deal} allowance={slot} className="mt-6" /> : null}
      </ShopperOnly>

      <ul className="mt-6 space-y-2 border-t border-slate-100 pt-5 text-sm text-slate-700">
        {/* A zero is never shown as a selling point: no "0 sold today", no line at all before the first sale. */}
        {deal.soldTodayCount > 0 || deal.boughtCount > 0 ? (
          <li className="flex items-center gap-2">
            <TrendingIcon className="h-4 w-4 text-brand-700" />
            <span>
              {deal.soldTodayCount > 0 ? (
                <Trans
                  t={t}
                  i18nKey={deal.boughtCount > 0 ? 'purchase.soldTodayAndTotal' : 'purchase.soldToday'}
                  values={{ today: formatCount(deal.soldTodayCount), total: formatCount(deal.boughtCount) }}
                  components={{ strong: <strong className="font-semibold text-slate-900" /> }}
                />
              ) : (
                t('purchase.boughtInTotal', { total: formatCount(deal.boughtCount) })
              )}
            </span>
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <CalendarIcon className="h-4 w-4 text-slate-500" />
          {validityText(deal)}
        </li>
        <li className="flex items-center gap-2">
          <ShieldCheckIcon className="h-4 w-4 text-slate-500" />
          {t('purchase.voucherNote')}
        </li>
      </ul>
    </section>
  );
}

/** The page's place while its deal loads; a full window high, so the footer stays below the fold until the deal is in. */
function DealSkeleton() {
  const { t } = useT('deals');
  return (
    <div className="mx-auto min-h-dvh max-w-7xl px-4 py-6 sm:px-6 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        {t('page.loading')}
      </p>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="mt-6 h-5 w-48" />
      <Skeleton className="mt-3 h-10 w-2/3" />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <Skeleton className="h-80 w-full rounded-2xl" />
      </div>
    </div>
  );
}


function ShareButton({ deal }: { deal: Deal }) {
  const { t } = useT('deals');
  return (
    <Button variant="outline" className="ml-auto" onClick={() => void shareDeal(deal)}>
      <ShareIcon className="h-4 w-4" />
      {t('page.share')}
    </Button>
  );
}

/**
 * `actions`: the heart, Add to Cart, Buy Now, and a group deal's Start a group and open groups, filled in by web/app/
 * (deal-actions.ts), which loads the page with them.
 */
export default function DealPage({ id, actions }: { id: string; actions: DealPageActions }) {
  const { t } = useT('deals');
  const dealQuery = useQuery(dealQueryOptions(id));
  const allowance = useDealAllowance(id);
  const [quantity, setQuantity] = useState(1);
  const phone = usePhoneWidth();
  const { user } = useCurrentUser();
  const deal = dealQuery.data;
  const notFound = isApiError(dealQuery.error, 404) || isApiError(dealQuery.error, 400);
  useDocumentTitle(deal ? deal.title : notFound ? t('page.notFound') : null);

  // When the deal arrives, the skeleton stays for one more (cheap) render and the page is rendered in the background,
  // in short slices that leave the main thread free, instead of in one long task.
  const arrived = deal !== undefined;
  const shown = useDeferredValue(arrived);

  if (dealQuery.isPending || (arrived && !shown)) return <DealSkeleton />;
  if (!deal) {
    if (notFound) return <PageProblem title={t('page.notFound')} message={t('page.notFoundHint')} />;
    return (
      <PageProblem
        title={t('page.loadFailed')}
        message={t('page.loadFailedHint')}
        action={
          <Button variant="outline" onClick={() => void dealQuery.refetch()}>
            {t('page.tryAgain')}
          </Button>
        }
      />
    );
  }

  // The bar is for shoppers who can buy the deal now; otherwise the box says why not, where it always does.
  const shopper = user === null || user?.role === 'customer';
  const max = maxUnitsOf(deal, allowance);
  const bar = phone && shopper && deal.active && max > 0;
  // A quantity chosen before the allowance was read (or read again, lower) is brought within it.
  const chosen = Math.max(1, Math.min(quantity, max));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <HomeLink />
        <nav aria-label={t('page.breadcrumb')}>
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <li>
              <Link
                href={paths.home}
                className="rounded font-medium hover:text-slate-900 hover:underline focus-ring"
              >
                {t('page.deals')}
              </Link>
            </li>
            <li aria-hidden="true" className="text-slate-400">
              /
            </li>
            <li aria-current="page" className="font-medium text-slate-900">
              {deal.merchantName}
            </li>
          </ol>
        </nav>
        <ShareButton deal={deal} />
      </div>

      <header className="mt-4">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{deal.merchantName}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">{deal.title}</h1>
        {hasReviews(deal) ? (
          <p className="mt-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
            <Stars rating={deal.rating} label={ratingSpoken(deal)} />
            <span aria-hidden="true">
              {deal.rating.toFixed(1)} ({formatCount(deal.reviewCount)})
            </span>
          </p>
        ) : null}
      </header>

      {/* Phones read picture, purchase box, the deal's text, then the merchant; wide screens keep the last two in a sticky column. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8">
        <div className="order-1 lg:col-start-1 lg:row-start-1">
          {deal.galleryUrls.length > 0 ? (
            <DealGallery deal={deal} />
          ) : (
            <div className="overflow-hidden rounded-2xl bg-slate-100 shadow-card ring-1 ring-slate-200/80">
              <DealImage
                deal={deal}
                width={800}
                height={600}
                sizes={DEAL_PAGE_IMAGE_SIZES}
                fetchPriority="high"
                className="aspect-[4/3] h-auto w-full object-cover"
              />
            </div>
          )}
        </div>

        <div className="contents lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:block">
          <div className="contents lg:sticky lg:top-24 lg:flex lg:flex-col lg:gap-6">
            <PurchaseBox deal={deal} allowance={allowance} quantity={chosen} onQuantity={setQuantity} buttonsInBar={bar} actions={actions} className="order-2" />
            <MerchantCard merchantId={deal.merchantId} fallbackName={deal.merchantName} className="order-4" />
          </div>
        </div>

        <div className="order-3 min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <Panel titleSize="xl" title={t('page.about')} id="about-title">
            <RichText html={deal.description} />
          </Panel>
          <DealDetails deal={deal} />
          <Panel titleSize="xl" title={t('page.terms')} id="terms-title">
            <RichText html={deal.termsConditions} />
            {deal.redemptionInstructions.trim() !== '' ? (
              <div className="mt-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
                <h3 className="flex items-center gap-1.5 text-sm font-semibold text-brand-900">
                  <ChevronRightIcon className="h-4 w-4" />
                  {t('page.howToRedeem')}
                </h3>
                <RichText html={deal.redemptionInstructions} className="mt-2 text-sm" />
              </div>
            ) : null}
          </Panel>
          <MerchantLocation
            merchantId={deal.merchantId}
            fallback={{ name: deal.merchantName, latitude: deal.latitude, longitude: deal.longitude }}
          />
          <ReviewsSection dealId={deal.id} />
        </div>
      </div>
      {bar ? <StickyBuyBar deal={deal} quantity={chosen} allowance={allowanceSlotOf(deal, allowance)} actions={actions} /> : null}
    </div>
  );
}
