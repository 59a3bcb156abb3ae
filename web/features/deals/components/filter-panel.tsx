/**
 * The home page's filter panel: category, price range in dollars, minimum rating and order, applied to the address
 * by the home page. Loaded when Filter is first pressed, with the dialog library, so the first page stays small.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DealSort } from '../../../../contract/deals';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, hasErrors, Input, inputClasses } from '../../../components/ui/field';
import { FilterIcon } from '../../../components/ui/icons';
import { translate, useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { categoriesQueryOptions } from '../api/get-categories';
import { centsToDollars, dollarsToCents, MIN_RATINGS, withoutFilters, type DealFilters } from '../deal-filters';
import { sortLabel, SORTS_IN_ORDER } from '../sort-labels';

export interface FilterPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: DealFilters;
  onApply: (filters: DealFilters) => void;
}

interface Draft {
  category: string;
  minPrice: string;
  maxPrice: string;
  minRating: string;
  sort: DealSort;
}

type DraftErrors = Partial<Record<'minPrice' | 'maxPrice', string>>;

function draftOf(filters: DealFilters): Draft {
  return {
    category: filters.category ?? '',
    minPrice: filters.minPriceCents === undefined ? '' : centsToDollars(filters.minPriceCents),
    maxPrice: filters.maxPriceCents === undefined ? '' : centsToDollars(filters.maxPriceCents),
    minRating: filters.minRating === undefined ? '' : String(filters.minRating),
    sort: filters.sort ?? 'newest',
  };
}

/** The draft's checks: amounts in dollars with at most two decimals, and a max not below the min. */
export function checkDraft(draft: Pick<Draft, 'minPrice' | 'maxPrice'>): DraftErrors {
  const errors: DraftErrors = {};
  const min = dollarsToCents(draft.minPrice);
  const max = dollarsToCents(draft.maxPrice);
  if (draft.minPrice.trim() !== '' && min === undefined) errors.minPrice = translate('deals:filters.notAnAmount');
  if (draft.maxPrice.trim() !== '' && max === undefined) errors.maxPrice = translate('deals:filters.notAnAmount');
  else if (min !== undefined && max !== undefined && max < min) errors.maxPrice = translate('deals:filters.maxBelowMin');
  return errors;
}

export function FilterPanel({ open, onOpenChange, filters, onApply }: FilterPanelProps) {
  const { t } = useT('deals');
  const categories = useQuery(categoriesQueryOptions);
  const [draft, setDraft] = useState(() => draftOf(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  // Opened again, the panel starts from what the address holds now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(draftOf(filters));
      setErrors({});
    }
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = checkDraft(draft);
    setErrors(found);
    if (hasErrors(found)) {
      requestAnimationFrame(() => focusFirstError(form));
      return;
    }
    const keepsPosition = draft.sort === 'nearest' && filters.sort === 'nearest';
    onApply({
      q: filters.q,
      category: draft.category || undefined,
      minPriceCents: dollarsToCents(draft.minPrice),
      maxPriceCents: dollarsToCents(draft.maxPrice),
      minRating: draft.minRating ? Number(draft.minRating) : undefined,
      sort: draft.sort === 'newest' ? undefined : draft.sort,
      lat: keepsPosition ? filters.lat : undefined,
      lng: keepsPosition ? filters.lng : undefined,
    });
  };

  const selectClasses = cn(inputClasses, 'h-11');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('filters.title')} icon={<FilterIcon className="h-5 w-5" />} size="md" closeLabel={t('filters.close')}>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <Field label={t('filters.category')}>
          {(control) => (
            <select {...control} className={selectClasses} value={draft.category} onChange={(e) => set('category', e.target.value)}>
              <option value="">{t('filters.allCategories')}</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
              {/* A category the address names but the list does not (yet) hold stays choosable. */}
              {draft.category && !categories.data?.some((c) => c.slug === draft.category) ? <option value={draft.category}>{draft.category}</option> : null}
            </select>
          )}
        </Field>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t('filters.price')}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-3">
            <Field label={t('filters.minPrice')} error={errors.minPrice}>
              {(control) => (
                <Input {...control} inputMode="decimal" autoComplete="off" placeholder="0" value={draft.minPrice} onChange={(e) => set('minPrice', e.target.value)} />
              )}
            </Field>
            <Field label={t('filters.maxPrice')} error={errors.maxPrice}>
              {(control) => (
                <Input {...control} inputMode="decimal" autoComplete="off" placeholder={t('filters.any')} value={draft.maxPrice} onChange={(e) => set('maxPrice', e.target.value)} />
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t('filters.minRating')}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[{ value: '', label: t('filters.any') }, ...MIN_RATINGS.map((r) => ({ value: String(r), label: t('filters.ratingOption', { rating: r }) }))].map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-sm font-semibold ring-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-200',
                  draft.minRating === option.value ? 'bg-brand-50 text-brand-800 ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="minRating"
                  value={option.value}
                  checked={draft.minRating === option.value}
                  onChange={() => set('minRating', option.value)}
                  className="sr-only"
                />
                {option.value ? (
                  <>
                    <span aria-hidden="true">{option.label}</span>
                    <span className="sr-only">{t('filters.ratingSpoken', { rating: option.value })}</span>
                  </>
                ) : (
                  option.label
                )}
              </label>
            ))}
          </div>
        </fieldset>

        <Field label={t('filters.sortBy')} hint={draft.sort === 'nearest' ? t('filters.locationHint') : undefined}>
          {(control) => (
            <select {...control} className={selectClasses} value={draft.sort} onChange={(e) => set('sort', e.target.value as DealSort)}>
              {SORTS_IN_ORDER.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabel(sort)}
                </option>
              ))}
            </select>
          )}
        </Field>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onApply(withoutFilters(filters))}>
            {t('filters.clear')}
          </Button>
          <Button type="submit">{t('filters.apply')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
