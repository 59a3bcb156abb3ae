/**
 * The fields of a deal form, shared by the superadmin's dialog and the merchant's own deal page: title, prices in US
 * dollars, stock and the per-customer limit, the validity window in local time, the photos (uploaded, the cover first), the rich texts, the
 * refund promises and the group offer. Each screen gives the words in its own language and adds what only it has (the merchant choice).
 */
import type { ReactNode } from 'react';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { RichTextField, type RichTextEditorWords } from '../../../components/rich-text-editor';
import { PhotoManager, type PhotoManagerWords } from '../../../components/photo-manager';
import { useCategories } from '../api/get-categories';
import { DEAL_LIMITS, type DealField, type DealFieldValues, type DealFormErrors } from '../deal-form';

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
  /** The rich-text editor's toolbar and link dialog (description, redemption instructions, terms). */
  editor: RichTextEditorWords;
  /** The category choice's empty option, and what it shows while the list loads. */
  category: { none: string; loading: string };
  /** The photos' manager (the cover, then the more photos): its legend, buttons, checks and what it announces. */
  photos: PhotoManagerWords;
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
  /**
   * Who the uploaded photos belong to: a superadmin sends the merchant chosen (`merchantId`, uploads wait until one is
   * chosen) and may add photos by address (`allowUrls`); a merchant owner's are the session's merchant's.
   */
  photoOptions?: { merchantId?: string; allowUrls?: boolean };
}

/** The photos at most: the cover and the more photos together (docs/product/screens.md#photos). */
export const DEAL_PHOTOS_MAX = 8;

/** The deal's photos as the manager shows them: the cover (`imageUrl`) first, then the more photos. */
export function dealPhotos(values: Pick<DealFieldValues, 'imageUrl' | 'galleryUrls'>): string[] {
  return [values.imageUrl, ...values.galleryUrls].map((url) => url.trim()).filter((url) => url !== '');
}

/** The manager's list back as the form's fields: the first the cover, the rest the more photos. */
export function dealPhotoFields(urls: string[]): Pick<DealFieldValues, 'imageUrl' | 'galleryUrls'> {
  return { imageUrl: urls[0] ?? '', galleryUrls: urls.slice(1) };
}

export function DealFields({ values, errors, onChange, text, leading, photoOptions = {} }: DealFieldsProps) {
  const { labels, hints } = text;
  const refundNames = text.refunds.names ?? ENGLISH_REFUND_NAMES;

  const line = (field: 'title', options: { required?: boolean; hint?: string; placeholder?: string } = {}) => (
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
    <RichTextField
      id={`deal-${field}`}
      label={labels[field]}
      hint={hints[field]}
      error={errors[field]}
      value={values[field]}
      onChange={(value) => onChange({ [field]: value })}
      words={text.editor}
    />
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
      <PhotoManager
        id="deal-photos"
        value={dealPhotos(values)}
        onChange={(urls) => onChange(dealPhotoFields(urls))}
        max={DEAL_PHOTOS_MAX}
        words={text.photos}
        allowUrls={photoOptions.allowUrls}
        {...(photoOptions.merchantId !== undefined ? { merchantId: photoOptions.merchantId, canUpload: photoOptions.merchantId !== '' } : {})}
        error={errors.imageUrl ?? errors.galleryUrls}
      />
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
