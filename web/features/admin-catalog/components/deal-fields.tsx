/**
 * The fields of a deal form, shared by the superadmin's dialog and the merchant's own deal page: title, prices in US
 * dollars, stock and the per-customer limit, the validity window in local time, the picture, the rich texts, the
 * refund promises and the group offer. Each screen gives the words in its own language and adds what only it has (the merchant choice).
 */
import type { ReactNode } from 'react';
import { Field, Input, inputClasses, Textarea } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { useCategories } from '../api/get-categories';
import { DEAL_LIMITS, firstBadPhoto, type DealField, type DealFieldValues, type DealFormErrors } from '../deal-form';

type LabelledField = Exclude<DealField, 'merchantId'>;

/** The words of the form in one language: labels and the hints under the fields (the checks' words are DealFormMessages). */
export interface DealFieldsText {
  labels: Record<LabelledField, string>;
  hints: {
    originalPrice: string;
    inventory: string;
    maxPerUser: string;
    validity: string;
    imageUrl: string;
    description: string;
    redemptionInstructions: string;
    termsConditions: string;
    groupSize: string;
    groupPrice: string;
    groupWindowHours: string;
    categoryId: string;
  };
  /** The category choice's empty option, and what it shows while the list loads. */
  category: { none: string; loading: string };
  /** The more photos' fieldset: under its legend, each photo's label, and its buttons. */
  gallery: { description: string; photo: (n: number) => string; add: string; remove: (n: number) => string };
  /** The group offer's fieldset (docs/product/rules.md#group-deals). */
  group: {
    legend: string;
    /** Under the legend: what the offer is and that an empty size means none. */
    description: string;
  };
  refunds: {
    legend: string;
    /** Hints under the two switches; their labels are the names the deal page shows. */
    refundAnytime: string;
    autoRefundOnExpiry: string;
    /** The switches' labels and the language they are written in; the English names when not given. */
    names?: { refundAnytime: string; autoRefundOnExpiry: string; lang: string };
  };
}

/** The names the deal page gives the refund promises, in English. */
const ENGLISH_REFUND_NAMES = { refundAnytime: 'Refund anytime', autoRefundOnExpiry: 'Auto-refund if unused', lang: 'en' } as const;

interface DealFieldsProps {
  values: DealFieldValues;
  errors: DealFormErrors;
  /** One field changed: its new value. */
  onChange: (change: Partial<DealFieldValues>) => void;
  text: DealFieldsText;
  /** Shown first in the grid (the superadmin's merchant choice). */
  leading?: ReactNode;
}

export function DealFields({ values, errors, onChange, text, leading }: DealFieldsProps) {
  const { labels, hints } = text;
  const refundNames = text.refunds.names ?? ENGLISH_REFUND_NAMES;

  const line = (field: 'title' | 'imageUrl', options: { required?: boolean; hint?: string; placeholder?: string } = {}) => (
    <Field id={`deal-${field}`} label={labels[field]} required={options.required} hint={options.hint} error={errors[field]}>
      {(control) => <Input {...control} value={values[field]} placeholder={options.placeholder} autoComplete="off" onChange={(event) => onChange({ [field]: event.target.value })} />}
    </Field>
  );

  const number = (
    field: 'price' | 'originalPrice' | 'inventory' | 'maxPerUser' | 'groupSize' | 'groupPrice' | 'groupWindowHours',
    options: { min: number; max?: number; step: string; required?: boolean; hint?: string },
  ) => (
    <Field id={`deal-${field}`} label={labels[field]} required={options.required} hint={options.hint} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          type="number"
          min={options.min}
          max={options.max}
          step={options.step}
          inputMode={options.step === '1' ? 'numeric' : 'decimal'}
          value={values[field]}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </Field>
  );

  const html = (field: 'description' | 'redemptionInstructions' | 'termsConditions') => (
    <Field id={`deal-${field}`} label={labels[field]} hint={hints[field]} error={errors[field]}>
      {(control) => (
        <Textarea {...control} rows={4} spellCheck={false} className="font-mono text-[13px]" value={values[field]} onChange={(event) => onChange({ [field]: event.target.value })} />
      )}
    </Field>
  );

  const dateTime = (field: 'validFrom' | 'validUntil') => (
    <Field id={`deal-${field}`} label={labels[field]} hint={hints.validity} error={errors[field]}>
      {(control) => <Input {...control} type="datetime-local" value={values[field]} onChange={(event) => onChange({ [field]: event.target.value })} />}
    </Field>
  );

  const checkbox = (field: 'refundAnytime' | 'autoRefundOnExpiry') => (
    <div className="flex items-start gap-3">
      <input
        id={`deal-${field}`}
        type="checkbox"
        checked={values[field]}
        onChange={(event) => onChange({ [field]: event.target.checked })}
        aria-describedby={`deal-${field}-hint`}
        className="mt-0.5 h-5 w-5 shrink-0 rounded accent-brand-700 focus-ring"
      />
      <div>
        <label htmlFor={`deal-${field}`} lang={refundNames.lang} className="text-sm font-semibold text-slate-800">
          {refundNames[field]}
        </label>
        <p id={`deal-${field}-hint`} className="mt-0.5 text-xs text-slate-600">
          {text.refunds[field]}
        </p>
      </div>
    </div>
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {leading}
        <CategorySelect value={values.categoryId} label={labels.categoryId} hint={hints.categoryId} words={text.category} error={errors.categoryId} onChange={(categoryId) => onChange({ categoryId })} />
        {line('title', { required: true })}
        {number('price', { min: 0, step: '0.01', required: true })}
        {number('originalPrice', { min: 0, step: '0.01', hint: hints.originalPrice })}
        {number('inventory', { min: 0, step: '1', hint: hints.inventory })}
        {number('maxPerUser', { min: 1, step: '1', hint: hints.maxPerUser })}
        {dateTime('validFrom')}
        {dateTime('validUntil')}
      </div>
      <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4" aria-describedby="deal-group-description">
        <legend className="px-1 text-sm font-semibold text-slate-800">{text.group.legend}</legend>
        <p id="deal-group-description" className="-mt-1 text-xs text-slate-600">
          {text.group.description}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          {number('groupSize', { min: DEAL_LIMITS.groupSizeMin, max: DEAL_LIMITS.groupSizeMax, step: '1', hint: hints.groupSize })}
          {number('groupPrice', { min: 0, step: '0.01', hint: hints.groupPrice })}
          {number('groupWindowHours', { min: 1, max: DEAL_LIMITS.groupWindowHoursMax, step: '1', hint: hints.groupWindowHours })}
        </div>
      </fieldset>
      {line('imageUrl', { hint: hints.imageUrl, placeholder: 'https://' })}
      <Gallery urls={values.galleryUrls} legend={labels.galleryUrls} words={text.gallery} error={errors.galleryUrls} onChange={(galleryUrls) => onChange({ galleryUrls })} />
      {html('description')}
      {html('redemptionInstructions')}
      {html('termsConditions')}

      <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <legend className="sr-only">{text.refunds.legend}</legend>
        {checkbox('refundAnytime')}
        {checkbox('autoRefundOnExpiry')}
      </fieldset>
    </>
  );
}

/** The category, from GET /api/categories; a deal whose category was deleted meanwhile shows none. */
function CategorySelect(props: { value: string; label: string; hint: string; words: DealFieldsText['category']; error?: string | undefined; onChange: (id: string) => void }) {
  const categories = useCategories();
  return (
    <Field id="deal-categoryId" label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <select {...control} className={`${inputClasses} h-11`} value={props.value} onChange={(event) => props.onChange(event.target.value)} disabled={categories.isPending}>
          <option value="">{categories.isPending ? props.words.loading : props.words.none}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The more photos: one address a line, added and removed one at a time, at most DEAL_LIMITS.galleryMax. */
function Gallery(props: { urls: string[]; legend: string; words: DealFieldsText['gallery']; error?: string | undefined; onChange: (urls: string[]) => void }) {
  const { urls, words } = props;
  const bad = props.error ? firstBadPhoto(urls) : null;
  const set = (at: number, url: string) => props.onChange(urls.map((u, i) => (i === at ? url : u)));
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4" aria-describedby="deal-gallery-description">
      <legend className="px-1 text-sm font-semibold text-slate-800">{props.legend}</legend>
      <p id="deal-gallery-description" className="-mt-1 text-xs text-slate-600">
        {words.description}
      </p>
      {urls.map((url, i) => (
        <div key={i} className="flex items-end gap-2">
          <Field id={`deal-gallery-${i}`} label={words.photo(i + 1)} error={bad === i ? props.error : undefined} className="grow">
            {(control) => <Input {...control} value={url} placeholder="https://" autoComplete="off" onChange={(event) => set(i, event.target.value)} />}
          </Field>
          <Button type="button" variant="outline" aria-label={words.remove(i + 1)} onClick={() => props.onChange(urls.filter((_, j) => j !== i))}>
            ×
          </Button>
        </div>
      ))}
      {urls.length < DEAL_LIMITS.galleryMax ? (
        <div>
          <Button type="button" variant="outline" onClick={() => props.onChange([...urls, ''])}>
            {words.add}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
