/**
 * The home page's filters as they live in the address (`?q=&category=&minPrice=&maxPrice=&minRating=&sort=&lat=&lng=`,
 * prices in dollars) and as GET /api/deals takes them (prices in cents). Checked by hand rather than with the
 * contract's zod schema, which would bring zod into the first page's code; a value the list would refuse is dropped.
 */
import { LATITUDE_MAX, LONGITUDE_MAX, PRICE_MAX_CENTS } from '../../../contract/constants';
import type { DealSort } from '../../../contract/deals';
import { paths } from '../../../contract/routes';

export interface DealFilters {
  q: string;
  category?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  /** 3, 4 or 4.5 (the contract takes 1 to 5). */
  minRating?: number;
  /** Absent means newest, the list's own default. */
  sort?: DealSort;
  /** The shopper's position, only with `sort: 'nearest'`. */
  lat?: number;
  lng?: number;
}

/** The orders GET /api/deals takes (their names for shoppers are in sort-labels.ts, loaded with the panel and the chips). */
const SORTS: readonly DealSort[] = ['newest', 'popular', 'price_asc', 'price_desc', 'ending_soon', 'nearest'];

/** The minimum ratings offered; "Any" is no minimum. */
export const MIN_RATINGS = [3, 4, 4.5] as const;

const MAX_CENTS = PRICE_MAX_CENTS;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Dollars as the shopper typed them ('25', '9.99') to whole cents; undefined for anything else. */
export function dollarsToCents(text: string | null | undefined): number | undefined {
  const value = (text ?? '').trim();
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(value)) return undefined;
  const cents = Math.round(Number(value) * 100);
  return cents <= MAX_CENTS ? cents : undefined;
}

/** Cents as dollars for the address and the price fields: 2500 is '25', 999 '9.99'. */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function degrees(text: string | null, max: number): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= max ? value : undefined;
}

/** Rounds a position to 3 decimals (about 100 m), which is all the address keeps of it. */
export const roundDegrees = (value: number): number => Math.round(value * 1000) / 1000;

/** The filters an address holds; a nearest order without a position falls back to newest. */
export function readFilters(search: string): DealFilters {
  const params = new URLSearchParams(search);
  const filters: DealFilters = { q: (params.get('q') ?? '').trim() };
  const category = params.get('category')?.trim();
  if (category && SLUG.test(category)) filters.category = category;
  const min = dollarsToCents(params.get('minPrice'));
  const max = dollarsToCents(params.get('maxPrice'));
  if (min !== undefined) filters.minPriceCents = min;
  if (max !== undefined && (min === undefined || max >= min)) filters.maxPriceCents = max;
  const rating = Number(params.get('minRating'));
  if ((MIN_RATINGS as readonly number[]).includes(rating)) filters.minRating = rating;
  const sort = SORTS.find((s) => s === params.get('sort'));
  if (sort === 'nearest') {
    const lat = degrees(params.get('lat'), LATITUDE_MAX);
    const lng = degrees(params.get('lng'), LONGITUDE_MAX);
    if (lat !== undefined && lng !== undefined) Object.assign(filters, { sort, lat, lng });
  } else if (sort && sort !== 'newest') {
    filters.sort = sort;
  }
  return filters;
}

/** True when anything but the search narrows or orders the list. */
export function hasFilters(filters: DealFilters): boolean {
  return (
    filters.category !== undefined ||
    filters.minPriceCents !== undefined ||
    filters.maxPriceCents !== undefined ||
    filters.minRating !== undefined ||
    filters.sort !== undefined
  );
}

/** The home page's address for these filters. */
export function homeHref(filters: DealFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.minPriceCents !== undefined) params.set('minPrice', centsToDollars(filters.minPriceCents));
  if (filters.maxPriceCents !== undefined) params.set('maxPrice', centsToDollars(filters.maxPriceCents));
  if (filters.minRating !== undefined) params.set('minRating', String(filters.minRating));
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.sort === 'nearest' && filters.lat !== undefined && filters.lng !== undefined) {
    params.set('lat', String(roundDegrees(filters.lat)));
    params.set('lng', String(roundDegrees(filters.lng)));
  }
  const query = params.toString();
  return query ? `${paths.home}?${query}` : paths.home;
}

/** The same filters without any of the narrowing or ordering ones: the search stays. */
export const withoutFilters = (filters: DealFilters): DealFilters => ({ q: filters.q });

/** GET /api/deals's parameters for these filters (the search, the page size and the cursor are added by the fetcher). */
export function listParams(filters: Omit<DealFilters, 'q'>): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.category) params.category = filters.category;
  if (filters.minPriceCents !== undefined) params.minPriceCents = String(filters.minPriceCents);
  if (filters.maxPriceCents !== undefined) params.maxPriceCents = String(filters.maxPriceCents);
  if (filters.minRating !== undefined) params.minRating = String(filters.minRating);
  if (filters.sort === 'nearest') {
    // The list refuses nearest without a position.
    if (filters.lat === undefined || filters.lng === undefined) return params;
    params.lat = String(roundDegrees(filters.lat));
    params.lng = String(roundDegrees(filters.lng));
  }
  if (filters.sort && filters.sort !== 'newest') params.sort = filters.sort;
  return params;
}
