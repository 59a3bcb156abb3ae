/**
 * Home (docs/product/screens.md#home): hero with live search, the category strip, filters and near me (all kept in the
 * address), the Featured Deals grid with paging, and its loading, error and empty states.
 */
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { PRELOADED_DEAL_IMAGES, SEARCH_QUERY_MAX_LENGTH, SKELETON_CARDS } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { Button } from '../../components/ui/button';
import { AlertIcon, FilterIcon, NavigationIcon, SearchIcon, TagIcon, XIcon } from '../../components/ui/icons';
import { translate, useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dealListQueryOptions } from './api/get-deals';
import { DealCardSkeleton } from './components/deal-card-skeleton';
import { DealList } from './components/deal-list';
import { StatePanel } from '../../components/ui/panel';
import { DEAL_CARD_IMAGE_SIZES, dealImageSrc, preloadImage } from './deal-images';
import { CategoryStrip } from './components/category-strip';
import type { DealCardActions } from './deal-actions';
import { hasFilters, homeHref, readFilters, withoutFilters, type DealFilters } from './deal-filters';
import type { LocateFailure } from './locate';

// What a plain visit does not use loads when it is first needed, so the first page stays small: the panel and the
// dialog library when Filter is pressed, the chips once a filter is in force, the position code on Near me.
const loadFilterPanel = () => import('./components/filter-panel');
const FilterPanel = lazy(async () => ({ default: (await loadFilterPanel()).FilterPanel }));
const FilterChips = lazy(async () => ({ default: (await import('./components/filter-chips')).FilterChips }));

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 250;

/** The hero's three-step explanation of buying and redeeming a voucher (read when shown, in the current language). */
const steps = () => [
  { title: translate('deals:home.steps.pick'), detail: translate('deals:home.steps.pickDetail') },
  { title: translate('deals:home.steps.voucher'), detail: translate('deals:home.steps.voucherDetail') },
  { title: translate('deals:home.steps.enjoy'), detail: translate('deals:home.steps.enjoyDetail') },
];

/**
 * The search box's text, kept in step with ?q= in the address: typing updates the address after a short pause,
 * and back/forward (a changed address) updates the box.
 */
function useSearchText() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const urlQuery = (new URLSearchParams(search).get('q') ?? '').trim();
  const [text, setText] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    if (urlQuery !== text.trim()) setText(urlQuery);
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // A shopper may have opened a deal before the pause ended; while its screen loads this page is still
    // mounted, so the pending search must not pull them back home.
    if (window.location.pathname !== paths.home) return;
    const wanted = value.trim();
    // The filters stay as they are; only the search changes.
    if (wanted !== urlQuery) navigate(homeHref({ ...readFilters(window.location.search), q: wanted }), { replace: true });
  };

  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
  };

  return { text, query: urlQuery, change, commit };
}

/**
 * Starts the home page's first page of deals before the first render, when the home page is the first screen shown:
 * it then downloads while the app's code runs rather than after it.
 */
export function startHomePage(queryClient: QueryClient, search: string): void {
  const { q, ...filters } = readFilters(search);
  const options = dealListQueryOptions(q, filters);
  void queryClient.prefetchInfiniteQuery(options).then(() => {
    // The first card's picture is the largest thing on a phone's first screen.
    const first = queryClient.getQueryData(options.queryKey)?.pages[0]?.deals[0];
    if (first) preloadImage(dealImageSrc(first), DEAL_CARD_IMAGE_SIZES);
  });
}

/** Warms the browser cache with the first deal images (docs/product/screens.md#home: up to six). */
function usePreloadImages(sources: string[]) {
  const key = sources.join('\n');
  useEffect(() => {
    if (key === '') return;
    for (const src of key.split('\n')) {
      const image = new Image();
      image.decoding = 'async';
      image.src = src;
    }
  }, [key]);
}

function Hero({ text, onChange, onSubmit, onClear }: { text: string; onChange: (v: string) => void; onSubmit: () => void; onClear: () => void }) {
  const { t } = useT('deals');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white" aria-labelledby="hero-title">
      <div aria-hidden="true" className="hero-glow absolute inset-0" />
      {/* Short on phones and laptops alike, so the first deals show without scrolling. */}
      <div className="relative mx-auto grid max-w-7xl items-center gap-4 px-4 py-6 sm:gap-6 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16 lg:px-8 lg:py-10">
        <div>
          <p className="hidden items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-50 ring-1 ring-white/20 sm:inline-flex">
            <TagIcon className="h-4 w-4" /> {t('home.tagline')}
          </p>
          <h1 id="hero-title" className="max-w-3xl text-2xl font-extrabold tracking-tight text-balance sm:mt-4 sm:text-4xl xl:text-5xl">
            {t('home.title')}
          </h1>
          <p className="mt-4 hidden max-w-2xl text-base text-brand-50/90 sm:block sm:text-lg">
            {t('home.intro')}
          </p>

          <form role="search" onSubmit={handleSubmit} className="mt-4 max-w-2xl sm:mt-6">
            <label htmlFor="deal-search" className="mb-2 block text-sm font-semibold text-white">
              {t('home.searchLabel')}
            </label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" />
              <input
                id="deal-search"
                type="search"
                inputMode="search"
                autoComplete="off"
                enterKeyHint="search"
                maxLength={SEARCH_QUERY_MAX_LENGTH}
                value={text}
                onChange={(event) => onChange(event.target.value)}
                placeholder={t('home.searchPlaceholder')}
                className="h-14 w-full rounded-2xl border-0 bg-white pr-12 pl-12 text-base text-slate-900 shadow-lg ring-1 ring-black/5 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-300"
              />
              {text !== '' ? (
                <button
                  type="button"
                  onClick={onClear}
                  className="absolute top-1/2 right-1.5 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
                >
                  <XIcon className="h-4 w-4" />
                  <span className="sr-only">{t('home.clearSearch')}</span>
                </button>
              ) : null}
            </div>
          </form>
        </div>

        <div className="lg:rounded-2xl lg:bg-white/10 lg:p-6 lg:ring-1 lg:ring-white/15 lg:backdrop-blur-sm">
          <h2 className="sr-only text-sm font-semibold tracking-wide text-brand-100 uppercase lg:not-sr-only">{t('home.howItWorks')}</h2>
          <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-brand-50/90 lg:mt-4 lg:flex-col lg:gap-5">
            {steps().map((step, index) => (
              <li key={step.title} className="flex items-center gap-2 lg:items-start lg:gap-3">
                <span
                  aria-hidden="true"
                  className="grid h-5 w-5 shrink-0 place-items-center rounded-full bg-brand-300 text-[11px] font-bold text-brand-950 lg:h-7 lg:w-7 lg:text-sm"
                >
                  {index + 1}
                </span>
                <span>
                  <span className="font-semibold text-white">{step.title}</span>
                  <span className="mt-0.5 hidden text-brand-50/85 lg:block">{step.detail}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

/**
 * The filters of the address, and applying new ones: a nearest order first asks the browser for its position, and when
 * none comes the list keeps its previous order and a polite message says why.
 */
function useFilters() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => readFilters(search), [search]);
  const [locating, setLocating] = useState(false);
  // What the status line says about the position: nothing, asking for it, or why none came.
  const [locationNote, setLocationNote] = useState<'locating' | LocateFailure | null>(null);

  const apply = async (next: DealFilters) => {
    setLocationNote(null);
    if (next.sort === 'nearest' && (next.lat === undefined || next.lng === undefined)) {
      setLocating(true);
      setLocationNote('locating');
      try {
        const { locate } = await import('./locate');
        next = { ...next, ...(await locate()) };
        setLocationNote(null);
      } catch (failure) {
        next = { ...next, sort: filters.sort, lat: filters.lat, lng: filters.lng };
        setLocationNote(failure === 'denied' ? 'denied' : 'unavailable');
      } finally {
        setLocating(false);
      }
      // The shopper may have moved on while the browser was asking.
      if (window.location.pathname !== paths.home) return;
    }
    navigate(homeHref(next));
  };

  return { filters, apply: (next: DealFilters) => void apply(next), locating, locationNote };
}

/** The status line: how many deals are shown, for which search and filters. */
function statusText(count: number, query: string, filtered: boolean, more: boolean): string {
  if (more) {
    if (query) return filtered ? translate('deals:home.status.firstMatchingFiltered', { count, query }) : translate('deals:home.status.firstMatching', { count, query });
    return filtered ? translate('deals:home.status.firstFiltered', { count }) : translate('deals:home.status.first', { count });
  }
  if (query) return filtered ? translate('deals:home.status.matchingFiltered', { count, query }) : translate('deals:home.status.matching', { count, query });
  return filtered ? translate('deals:home.status.availableFiltered', { count }) : translate('deals:home.status.available', { count });
}

/** `cardActions`: the heart and Add to Cart of each deal's card (and the deal page's preload), filled in by web/app/ (deal-actions.ts). */
export function HomePage({ cardActions }: { cardActions: DealCardActions }) {
  const { t } = useT('deals');
  const { text, query, change, commit } = useSearchText();
  const { filters, apply, locating, locationNote } = useFilters();
  const filtered = hasFilters(filters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelWanted, setPanelWanted] = useState(false);
  useDocumentTitle(query ? t('home.documentTitle', { query }) : null);

  const { q: _q, ...listFilters } = filters;
  const deals = useInfiniteQuery({ ...dealListQueryOptions(query, listFilters), placeholderData: keepPreviousData });
  const list = deals.data?.pages.flatMap((page) => page.deals) ?? [];
  const searching = deals.isPlaceholderData;
  const loadFailed = deals.isError && list.length === 0;
  const waiting = deals.isPending;
  // When the deals are in, the skeletons stay for one more (cheap) render and the cards are
  // rendered in the background, in short slices that leave the main thread free, instead of in one long task.
  const loading = useDeferredValue(waiting);

  usePreloadImages(list.slice(0, PRELOADED_DEAL_IMAGES).map((deal) => dealImageSrc(deal)));

  const clear = () => {
    change('');
    commit('');
    document.getElementById('deal-search')?.focus();
  };
  const clearFilters = () => apply(withoutFilters(filters));
  const nearest = filters.sort === 'nearest';
  const toggleNearMe = () => apply(nearest ? { ...filters, sort: undefined, lat: undefined, lng: undefined } : { ...filters, sort: 'nearest' });
  const openPanel = () => {
    setPanelWanted(true);
    setPanelOpen(true);
  };

  const status = deals.isSuccess && !searching && !loading ? statusText(list.length, query, filtered, deals.hasNextPage) : '';

  return (
    <>
      <Hero text={text} onChange={change} onSubmit={() => commit(text)} onClear={clear} />

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8 lg:px-8 lg:pb-14">
        <CategoryStrip filters={filters} />

        <div className="mt-5 flex flex-wrap items-end justify-between gap-4 sm:mt-6">
          <div>
            <h2 id="featured-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('home.featured')}
            </h2>
            <p className="mt-1 min-h-5 text-sm text-slate-600" role="status" aria-live="polite">
              {status}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant={nearest ? 'secondary' : 'outline'} size="md" aria-pressed={nearest} disabled={locating} onClick={toggleNearMe}>
              <NavigationIcon className="h-4 w-4" />
              {t('home.nearMe')}
            </Button>
            <Button variant="outline" size="md" aria-haspopup="dialog" onPointerEnter={() => void loadFilterPanel()} onClick={openPanel}>
              <FilterIcon className="h-4 w-4" />
              {t('home.filter')}
            </Button>
          </div>
        </div>
        <p className="min-h-0 text-sm font-medium text-slate-700 empty:hidden" role="status" aria-live="polite">
          {locationNote === 'locating'
            ? t('home.locating')
            : locationNote === 'denied'
              ? t('home.locationDenied')
              : locationNote === 'unavailable'
                ? t('home.locationUnavailable')
                : null}
        </p>
        {filtered ? (
          <Suspense fallback={<div className="mt-4 min-h-11" />}>
            <FilterChips filters={filters} onChange={apply} onClear={clearFilters} />
          </Suspense>
        ) : null}

        {panelWanted ? (
          <Suspense fallback={null}>
            <FilterPanel
              open={panelOpen}
              onOpenChange={setPanelOpen}
              filters={filters}
              onApply={(next) => {
                setPanelOpen(false);
                apply(next);
              }}
            />
          </Suspense>
        ) : null}

        <div className="mt-6">
          {loading ? (
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
              <p className="sr-only">{t('home.loading')}</p>
              {Array.from({ length: SKELETON_CARDS }, (_, index) => (
                <DealCardSkeleton key={index} />
              ))}
            </div>
          ) : loadFailed ? (
            <StatePanel
              state="error"
              heading="h3"
              icon={<AlertIcon className="h-7 w-7" />}
              title={t('home.loadFailed')}
              onRetry={() => void deals.refetch()}
            />
          ) : (
            <DealList
              deals={list}
              query={query}
              filtered={filtered}
              searching={searching}
              hasNextPage={deals.hasNextPage}
              fetchingNextPage={deals.isFetchingNextPage}
              nextPageFailed={deals.isFetchNextPageError}
              onLoadMore={() => void deals.fetchNextPage()}
              onClearSearch={clear}
              onClearFilters={clearFilters}
              cardActions={cardActions}
            />
          )}
        </div>
      </section>
    </>
  );
}
