/**
 * The filters in force, each a button that removes it, and "Clear filters" for all of them. Loaded only once a filter is
 * in force, so a plain visit to home does not carry it.
 */
import { useQuery } from '@tanstack/react-query';
import { XIcon } from '../../../components/ui/icons';
import { translate, useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { categoriesQueryOptions } from '../api/get-categories';
import type { DealFilters } from '../deal-filters';
import { sortLabel } from '../sort-labels';

interface Chip {
  label: string;
  without: Partial<DealFilters>;
}

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return translate('deals:filters.priceRange', { min: formatMoney(min), max: formatMoney(max) });
  return min !== undefined ? translate('deals:filters.priceFrom', { min: formatMoney(min) }) : translate('deals:filters.priceUpTo', { max: formatMoney(max ?? 0) });
}

export function FilterChips({ filters, onChange, onClear }: { filters: DealFilters; onChange: (next: DealFilters) => void; onClear: () => void }) {
  const { t } = useT('deals');
  const categories = useQuery(categoriesQueryOptions);
  const chips: Chip[] = [];
  if (filters.category) {
    const name = categories.data?.find((c) => c.slug === filters.category)?.name ?? filters.category;
    chips.push({ label: name, without: { category: undefined } });
  }
  if (filters.minPriceCents !== undefined || filters.maxPriceCents !== undefined) {
    chips.push({ label: priceLabel(filters.minPriceCents, filters.maxPriceCents), without: { minPriceCents: undefined, maxPriceCents: undefined } });
  }
  if (filters.minRating !== undefined) chips.push({ label: t('filters.ratingChip', { rating: filters.minRating }), without: { minRating: undefined } });
  if (filters.sort) {
    chips.push({ label: t('filters.sorted', { sort: sortLabel(filters.sort) }), without: { sort: undefined, lat: undefined, lng: undefined } });
  }
  if (chips.length === 0) return null;

  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2" aria-label={t('filters.active')}>
        {chips.map((chip) => (
          <li key={chip.label}>
            <button
              type="button"
              onClick={() => onChange({ ...filters, ...chip.without })}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2.5 pl-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100 focus-ring"
            >
              {chip.label}
              <XIcon className="h-4 w-4" />
              <span className="sr-only">{t('filters.remove')}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClear} className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-ring">
        {t('filters.clear')}
      </button>
    </div>
  );
}
