/**
 * A merchant's store page (docs/product/screens.md#store-page): its photos (its live deals' pictures until it has
 * photos of its own), name, rating over its live deals, description, "open now" and its hours in its time zone, address
 * and map, and its live deals as cards in the chosen order, a page at a time.
 */
import { useDeferredValue, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { PublicMerchant } from '../../../contract/merchants';
import { photoSources } from '../../../contract/photo-files';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { ClockIcon, PhoneIcon, SearchIcon } from '../../components/ui/icons';
import { Panel, StatePanel } from '../../components/ui/panel';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/numbers';
import { formatPhone } from '../../lib/phone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { zoneName } from '../../lib/zoned-time';
import { DealCard, DealCardSkeleton, dealImageSrc, HomeLink, PageProblem, sortLabel, Stars, type DealCardActions } from '../deals';
import { merchantQueryOptions, MerchantLocation, parseBusinessHours, type HoursPeriod } from '../merchants';
import { STORE_SORTS, storeDealsQueryOptions, type StoreSort } from './api/get-store-deals';

/** Pictures the gallery shows at most: the cover and four below it. */
const GALLERY_MAX = 5;



function StoreSkeleton() {
  const { t } = useT('stores');
  return (
    <div className="mx-auto min-h-dvh max-w-7xl px-4 py-6 sm:px-6 lg:px-8" aria-busy="true">
      <p className="sr-only" role="status">
        {t('page.loading')}
      </p>
      <Skeleton className="h-8 w-24" />
      <Skeleton className="mt-6 h-10 w-2/3" />
      <Skeleton className="mt-3 h-5 w-48" />
      <Skeleton className="mt-6 aspect-[16/9] w-full rounded-2xl" />
    </div>
  );
}

/** "Open now · until 21:00", "Closed · opens 11:00", or that the hours are not listed. */
export function openingText(t: (key: string, values?: Record<string, unknown>) => string, m: Pick<PublicMerchant, 'openNow' | 'openUntil' | 'opensAt'>): string {
  if (m.openNow === null) return t('hours.none');
  if (m.openNow) return m.openUntil ? t('hours.openUntil', { time: m.openUntil }) : t('hours.openAllDay');
  return m.opensAt ? t('hours.closedOpens', { time: m.opensAt }) : t('hours.closed');
}

function OpenNow({ merchant, className }: { merchant: PublicMerchant; className?: string }) {
  const { t } = useT('stores');
  const tone =
    merchant.openNow === null
      ? 'bg-slate-100 text-slate-700'
      : merchant.openNow
        ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
        : 'bg-amber-50 text-amber-900 ring-amber-200';
  return (
    <p className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-slate-200', tone, className)} data-testid="open-now">
      <ClockIcon className="h-4 w-4 shrink-0" />
      {openingText(t, merchant)}
    </p>
  );
}

function periodLabel(t: (key: string) => string, period: HoursPeriod): string {
  switch (period) {
    case 'morning':
      return t('hours.morning');
    case 'afternoon':
      return t('hours.afternoon');
    case 'evening':
      return t('hours.evening');
  }
}

function HoursPanel({ merchant }: { merchant: PublicMerchant }) {
  const { t } = useT('stores');
  const hours = parseBusinessHours(merchant.businessHours);
  return (
    <Panel titleSize="xl" title={t('hours.title')} id="hours-title">
      <OpenNow merchant={merchant} />
      {hours.length > 0 ? (
        <>
          <dl className="mt-4 space-y-1.5 text-sm">
            {hours.map(({ period, hours: range }) => (
              <div key={period} className="flex gap-3">
                <dt className="w-24 text-slate-600">{periodLabel(t, period)}</dt>
                <dd className="font-medium text-slate-800 tabular-nums">{range}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-600">{t('hours.zone', { zone: zoneName(merchant.timeZone) })}</p>
        </>
      ) : null}
      {merchant.phone ? (
        <p className="mt-4 flex items-center gap-2 text-sm">
          <PhoneIcon className="h-4 w-4 text-slate-500" />
          <a href={`tel:${merchant.phone.replace(/[^\d+]/g, '')}`} className="text-link" aria-label={t('page.call', { phone: formatPhone(merchant.phone) })}>
            {formatPhone(merchant.phone)}
          </a>
        </p>
      ) : null}
    </Panel>
  );
}

interface Picture {
  src: string;
  srcSet: string | null;
}

/** The cover picture large, the others as thumbnails that choose which one is large. */
function Gallery({ name, pictures }: { name: string; pictures: Picture[] }) {
  const { t } = useT('stores');
  const [chosen, setChosen] = useState(0);
  const index = chosen < pictures.length ? chosen : 0;
  const shown = pictures[index];
  if (!shown) return <div className="aspect-[16/9] w-full rounded-2xl bg-slate-100" aria-hidden="true" />;
  const alt = (n: number) => t('page.photo', { name, number: n + 1, total: pictures.length });
  return (
    <section aria-label={t('page.photos')}>
      <div className="overflow-hidden rounded-2xl bg-slate-100 shadow-card ring-1 ring-slate-200/80">
        <img
          src={shown.src}
          srcSet={shown.srcSet ?? undefined}
          sizes="(min-width: 1024px) 760px, 100vw"
          alt={alt(index)}
          width={800}
          height={450}
          fetchPriority="high"
          decoding="async"
          className="aspect-[16/9] h-auto w-full object-cover"
        />
      </div>
      {pictures.length > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2">
          {pictures.map((picture, i) => (
            <li key={`${picture.src}-${i}`}>
              <button
                type="button"
                onClick={() => setChosen(i)}
                aria-pressed={i === index}
                aria-label={alt(i)}
                className={cn('block w-full overflow-hidden rounded-lg ring-2 focus-ring', i === index ? 'ring-brand-600' : 'ring-transparent')}
              >
                <img src={picture.src} alt="" width={160} height={90} loading="lazy" decoding="async" className="aspect-[16/9] h-auto w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function StoreDeals({ merchantId, cardActions }: { merchantId: string; cardActions: DealCardActions }) {
  const { t } = useT('stores');
  const [sort, setSort] = useState<StoreSort>('newest');
  const list = useInfiniteQuery(storeDealsQueryOptions(merchantId, sort));
  const deals = list.data?.pages.flatMap((page) => page.deals) ?? [];

  return (
    <section aria-labelledby="store-deals-title" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="store-deals-title" className="text-xl font-bold text-slate-900">
          {t('deals.title')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="store-sort" className="text-sm font-medium text-slate-700">
            {t('deals.sort')}
          </label>
          <select
            id="store-sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as StoreSort)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-ring"
          >
            {STORE_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.isPending ? (
        <ul className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2" aria-busy="true">
          {[0, 1].map((n) => (
            <li key={n}>
              <DealCardSkeleton />
            </li>
          ))}
        </ul>
      ) : list.isError && deals.length === 0 ? (
        <StatePanel className="mt-4" state="error" heading="h3" title={t('deals.loadFailed')} onRetry={() => void list.refetch()} retryLabel={t('page.tryAgain')} />
      ) : deals.length === 0 ? (
        <StatePanel className="mt-4" state="empty" heading="h3" tone="neutral" icon={<SearchIcon className="h-7 w-7" />} title={t('deals.empty')} message={t('deals.emptyHint')} />
      ) : (
        <>
          <ul className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2" aria-busy={list.isFetching && !list.isFetchingNextPage}>
            {deals.map((deal, i) => (
              <li key={deal.id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <DealCard deal={deal} eager={i < 2} actions={cardActions} merchantLink={false} />
                </div>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" size="lg" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? t('common:loading') : t('common:loadMore')}
              </Button>
            </div>
          ) : null}
          {list.isFetchNextPageError ? (
            <p className="mt-4 text-center text-sm text-red-700" role="alert">
              {t('deals.loadMoreFailed')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The store's own photos, or until it has some, the pictures of its newest live deals (the list's first page, read once for both). */
function usePictures(merchant: PublicMerchant | undefined): Picture[] {
  const list = useInfiniteQuery({ ...storeDealsQueryOptions(merchant?.id ?? '', 'newest'), enabled: merchant !== undefined });
  if (!merchant) return [];
  if (merchant.photoUrls.length > 0) return merchant.photoUrls.slice(0, GALLERY_MAX).map(photoSources);
  const deals = list.data?.pages[0]?.deals ?? [];
  return deals.slice(0, GALLERY_MAX).map((deal) => photoSources(dealImageSrc(deal)));
}

/** `cardActions`: the cards' heart and Add to Cart, filled in by web/app/ as on the home page. */
export default function StorePage({ id, cardActions }: { id: string; cardActions: DealCardActions }) {
  const { t } = useT('stores');
  const query = useQuery(merchantQueryOptions(id));
  const merchant = query.data;
  const notFound = isApiError(query.error, 404) || isApiError(query.error, 400);
  useDocumentTitle(merchant ? merchant.name : notFound ? t('page.notFound') : null);
  const pictures = usePictures(merchant);
  // As on the deal page: once the store arrives, the skeleton stays for one more cheap render while the page is
  // rendered in the background in short slices, rather than in one long task.
  const arrived = merchant !== undefined;
  const shown = useDeferredValue(arrived);

  if (query.isPending || (arrived && !shown)) return <StoreSkeleton />;
  if (!merchant) {
    if (notFound) return <PageProblem title={t('page.notFound')} message={t('page.notFoundHint')} />;
    return (
      <PageProblem
        title={t('page.loadFailed')}
        message={t('page.loadFailedHint')}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('page.tryAgain')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <HomeLink />
        <nav aria-label={t('page.breadcrumb')} className="min-w-0">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
            <li>
              <Link href={paths.home} className="rounded font-medium hover:text-slate-900 hover:underline focus-ring">
                {t('page.deals')}
              </Link>
            </li>
            <li aria-hidden="true" className="text-slate-400">
              /
            </li>
            <li aria-current="page" className="font-medium break-words text-slate-900">
              {merchant.name}
            </li>
          </ol>
        </nav>
      </div>

      <header className="mt-4">
        {merchant.city ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{merchant.city}</p> : null}
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-balance text-slate-900 sm:text-4xl">{merchant.name}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {merchant.rating !== null ? (
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
              <Stars rating={merchant.rating} label={t('rating.spoken', { rating: merchant.rating.toFixed(1), count: merchant.reviewCount })} />
              <span aria-hidden="true">
                {merchant.rating.toFixed(1)} ({t('rating.reviews', { count: merchant.reviewCount, number: formatCount(merchant.reviewCount) })})
              </span>
            </p>
          ) : (
            <p className="text-sm text-slate-600">{t('rating.none')}</p>
          )}
          <OpenNow merchant={merchant} />
        </div>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-8">
        <div className="min-w-0 space-y-6">
          <Gallery name={merchant.name} pictures={pictures} />
          {merchant.description.trim() !== '' ? (
            <Panel titleSize="xl" title={t('page.about')} id="about-title">
              {/* Plain text, as the merchant writes it (its lines kept). */}
              <p className="leading-relaxed whitespace-pre-line text-slate-700">{merchant.description.trim()}</p>
            </Panel>
          ) : null}
          <StoreDeals merchantId={merchant.id} cardActions={cardActions} />
        </div>
        <div className="min-w-0 space-y-6">
          <HoursPanel merchant={merchant} />
          <MerchantLocation merchantId={merchant.id} fallback={{ name: merchant.name, latitude: merchant.latitude, longitude: merchant.longitude }} />
        </div>
      </div>
    </div>
  );
}
