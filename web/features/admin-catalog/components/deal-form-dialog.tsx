/** Create or edit a deal with every field of docs/product/api.md#superadmin; prices in US dollars, times in local time. */
import { useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminDeal } from '../../../../contract/admin';
import { MERCHANT_CREATED_TOAST_MS } from '../../../../contract/constants';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { translate, useT } from '../../../i18n';
import { toast } from '../../../components/ui/toast';
import { useCreateDeal, type SavedDeal } from '../api/create-deal';
import { useAdminMerchants } from '../api/get-admin-merchants';
import { useUpdateDeal } from '../api/update-deal';
import { fieldRefusal } from '../../../lib/api-client';
import { DEAL_FORM_FIELD_OF, dealBody, dealFormFrom, emptyDealForm, validateDealForm, type DealFormErrors, type DealFormValues } from '../deal-form';
import { errorMessage } from '../error-message';
import { merchantStatusLabel } from '../merchant-status';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, hasErrors, inputClasses } from '../../../components/ui/field';
import { photoManagerWords } from '../photo-words';
import { DEAL_PHOTOS_MAX, DealFields, type DealFieldsText } from './deal-fields';
import { DealPreview, type DealPreviewWords } from './deal-preview';

type T = ReturnType<typeof useT>['t'];

/** The form's words (docs/product/screens.md#deal-management); the refund switches keep the names shoppers read. */
function dealFieldsText(t: T, langOf: ReturnType<typeof useT>['langOf']): DealFieldsText {
  return {
    labels: {
      title: t('dealForm.labels.title'),
      price: t('dealForm.labels.price'),
      originalPrice: t('dealForm.labels.originalPrice'),
      inventory: t('dealForm.labels.inventory'),
      maxPerUser: t('dealForm.labels.maxPerUser'),
      validFrom: t('dealForm.labels.validFrom'),
      validUntil: t('dealForm.labels.validUntil'),
      imageUrl: t('dealForm.labels.imageUrl'),
      description: t('dealForm.labels.description'),
      redemptionInstructions: t('dealForm.labels.redemptionInstructions'),
      termsConditions: t('dealForm.labels.termsConditions'),
      groupSize: t('dealForm.labels.groupSize'),
      groupPrice: t('dealForm.labels.groupPrice'),
      groupWindowHours: t('dealForm.labels.groupWindowHours'),
      categoryId: t('dealForm.labels.categoryId'),
      galleryUrls: t('dealForm.labels.galleryUrls'),
    },
    hints: {
      originalPrice: t('dealForm.hints.originalPrice'),
      inventory: t('dealForm.hints.inventory'),
      maxPerUser: t('dealForm.hints.maxPerUser'),
      validity: t('dealForm.hints.validity'),
      imageUrl: t('dealForm.hints.imageUrl'),
      description: t('dealForm.hints.description'),
      redemptionInstructions: t('dealForm.hints.redemptionInstructions'),
      termsConditions: t('dealForm.hints.termsConditions'),
      groupSize: t('dealForm.hints.groupSize'),
      groupPrice: t('dealForm.hints.groupPrice'),
      groupWindowHours: t('dealForm.hints.groupWindowHours'),
      categoryId: t('dealForm.hints.categoryId'),
    },
    editor: {
      toolbar: t('dealForm.editor.toolbar'),
      heading: t('dealForm.editor.heading'),
      subheading: t('dealForm.editor.subheading'),
      bold: t('dealForm.editor.bold'),
      italic: t('dealForm.editor.italic'),
      bulletList: t('dealForm.editor.bulletList'),
      numberedList: t('dealForm.editor.numberedList'),
      link: t('dealForm.editor.link'),
      linkDialog: {
        title: t('dealForm.editor.linkDialog.title'),
        address: t('dealForm.editor.linkDialog.address'),
        hint: t('dealForm.editor.linkDialog.hint'),
        apply: t('dealForm.editor.linkDialog.apply'),
        remove: t('dealForm.editor.linkDialog.remove'),
        cancel: t('dealForm.editor.linkDialog.cancel'),
        close: t('dealForm.editor.linkDialog.close'),
        invalid: t('dealForm.editor.linkDialog.invalid'),
      },
    },
    category: { none: t('dealForm.category.none'), loading: t('dealForm.category.loading') },
    photos: photoManagerWords((key, values) => t(`dealForm.photos.${key}`, values), DEAL_PHOTOS_MAX, { byUrl: true, uploadUnavailable: true }),
    group: {
      legend: t('dealForm.group.legend'),
      description: t('dealForm.group.description'),
    },
    refunds: {
      legend: t('dealForm.refunds.legend'),
      refundAnytime: t('dealForm.refunds.refundAnytime'),
      autoRefundOnExpiry: t('dealForm.refunds.autoRefundOnExpiry'),
      names: {
        refundAnytime: t('refundSwitches.refundAnytime'),
        autoRefundOnExpiry: t('refundSwitches.autoRefundOnExpiry'),
        lang: langOf('refundSwitches.refundAnytime'),
      },
    },
  };
}

/** The preview's words (docs/product/screens.md#deal-management). */
function dealPreviewWords(t: T): DealPreviewWords {
  return {
    button: t('dealForm.preview.button'),
    title: t('dealForm.preview.title'),
    description: t('dealForm.preview.description'),
    about: t('dealForm.preview.about'),
    terms: t('dealForm.preview.terms'),
    howToRedeem: t('dealForm.preview.howToRedeem'),
    close: t('dealForm.preview.close'),
    untitled: t('dealForm.preview.untitled'),
  };
}

/** A failed payment-provider sync is worth reading in full, so it stays up as long as the merchant login info does. */
const SYNC_ERROR_TOAST_MS = MERCHANT_CREATED_TOAST_MS;

function announceSaved(saved: SavedDeal, created: boolean): void {
  if (saved.catalogSyncError) {
    toast({ title: translate('adminForms:dealForm.syncFailed'), description: saved.catalogSyncError, variant: 'destructive', duration: SYNC_ERROR_TOAST_MS });
    return;
  }
  toast(
    created
      ? { title: translate('adminForms:dealForm.created'), description: translate('adminForms:dealForm.createdDescription', { title: saved.title }), variant: 'success' }
      : { title: translate('adminForms:dealForm.updated'), description: saved.title, variant: 'success' },
  );
}

function MerchantSelect({ value, current, error, onChange }: { value: string; current: AdminDeal | null; error?: string | undefined; onChange: (id: string) => void }) {
  const { t } = useT(['adminForms', 'admin']);
  const merchants = useAdminMerchants(true);
  const active = (merchants.data ?? []).filter((m) => m.status === 'active');
  // Only active merchants can be chosen; a deal of a merchant that was switched off keeps showing its own.
  const keepCurrent = current !== null && !active.some((m) => m.id === current.merchantId);
  const noneToChoose = merchants.isSuccess && active.length === 0 && !keepCurrent;
  return (
    <Field
      id="deal-merchant"
      label={t('dealForm.merchant')}
      required
      error={error}
      hint={
        noneToChoose ? (
          <Trans t={t} i18nKey='dealForm.noActiveMerchant' components={{ go: <Link href={paths.adminMerchants} className="text-link" /> }} />
        ) : (
          t('dealForm.activeOnly')
        )
      }
    >
      {(control) => (
        <select {...control} className={`${inputClasses} h-11`} value={value} onChange={(event) => onChange(event.target.value)} disabled={merchants.isPending}>
          <option value="">{merchants.isPending ? t('dealForm.loadingMerchants') : t('dealForm.chooseMerchant')}</option>
          {keepCurrent && current ? (
            <option value={current.merchantId}>
              {t('dealForm.merchantWithStatus', { name: current.merchantName, status: merchantStatusLabel(current.merchantStatus) })}
            </option>
          ) : null}
          {active.map((merchant) => (
            <option key={merchant.id} value={merchant.id}>
              {merchant.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function DealForm({ deal, onDone }: { deal: AdminDeal | null; onDone: () => void }) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  const [values, setValues] = useState<DealFormValues>(() => (deal ? dealFormFrom(deal) : emptyDealForm()));
  const [errors, setErrors] = useState<DealFormErrors>({});
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateDeal();
  const update = useUpdateDeal();
  const saving = create.isPending || update.isPending;
  const merchants = useAdminMerchants(true);
  const merchantName = (merchants.data ?? []).find((m) => m.id === values.merchantId)?.name ?? (deal?.merchantId === values.merchantId ? deal.merchantName : undefined);

  const change = (changes: Partial<DealFormValues>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (tried) setErrors(validateDealForm(next));
  };

  /** A refusal that names a field (a 400 such as 'groupPriceCents: must be below the price') shows under it; any other as a toast. */
  const refused = (title: string) => (error: unknown) => {
    const refusal = fieldRefusal(error);
    const field = refusal ? DEAL_FORM_FIELD_OF[refusal.field] : undefined;
    if (refusal && field) {
      setErrors({ [field]: refusal.message });
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateDealForm(values);
    setErrors(found);
    setTried(true);
    if (hasErrors(found)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    const body = dealBody(values);
    if (deal) {
      update.mutate(
        { id: deal.id, body },
        {
          onSuccess: (saved) => {
            onDone();
            announceSaved(saved, false);
          },
          onError: refused(t('catalog.updateFailed')),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          onDone();
          announceSaved(saved, true);
        },
        onError: refused(t('catalog.createFailed')),
      });
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <DealFields
        values={values}
        errors={errors}
        onChange={change}
        text={dealFieldsText(t, langOf)}
        photoOptions={{ merchantId: values.merchantId, allowUrls: true }}
        leading={<MerchantSelect value={values.merchantId} current={deal} error={errors.merchantId} onChange={(merchantId) => change({ merchantId })} />}
      />

      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <div className="flex items-start gap-3">
          <input
            id="deal-createStripeProduct"
            type="checkbox"
            checked={values.createStripeProduct}
            onChange={(event) => change({ createStripeProduct: event.target.checked })}
            aria-describedby="deal-createStripeProduct-hint"
            className="mt-0.5 h-5 w-5 shrink-0 rounded accent-brand-700 focus-ring"
          />
          <div>
            <label htmlFor="deal-createStripeProduct" className="text-sm font-semibold text-slate-800">
              {t('dealForm.syncLabel')}
            </label>
            <p id="deal-createStripeProduct-hint" className="mt-0.5 text-xs text-slate-600">
              {deal?.stripeProductId
                ? deal.stripePriceId
                  ? t('dealForm.syncLinkedWithPrice', { product: deal.stripeProductId, price: deal.stripePriceId })
                  : t('dealForm.syncLinked', { product: deal.stripeProductId })
                : t('dealForm.syncHint')}
            </p>
          </div>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DealPreview values={values} words={dealPreviewWords(t)} merchantName={merchantName} lang={langOf('dealForm.preview.title')} />
        <Button variant="outline" onClick={onDone} disabled={saving}>
          {t('catalog.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('catalog.saving') : deal ? t('catalog.saveChanges') : t('dealForm.submitCreate')}
        </Button>
      </div>
    </form>
  );
}

interface DealFormDialogProps {
  /** The deal to edit; null creates a new one. */
  deal: AdminDeal | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DealFormDialog({ deal, open, onOpenChange }: DealFormDialogProps) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  return (
    <Dialog
      lang={langOf('dealForm.titleCreate')}
      closeLabel={t('catalog.close')}
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={deal ? t('dealForm.titleEdit') : t('dealForm.titleCreate')}
      description={deal ? t('dealForm.descriptionEdit', { title: deal.title }) : t('dealForm.descriptionCreate')}
    >
      <DealForm key={deal?.id ?? 'new'} deal={deal} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}
