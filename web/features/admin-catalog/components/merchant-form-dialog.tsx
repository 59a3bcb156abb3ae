/**
 * Create or edit a merchant (docs/product/screens.md#merchant-management): name and phone on create, name on edit,
 * commission rate, address, location, time zone (automatic on create: found from the location), description,
 * business hours, and on edit its photos (uploaded or by address, the cover first).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { AdminMerchant } from '../../../../contract/admin';
import { PhotoManager } from '../../../components/photo-manager';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { useCreateMerchant, type CreatedMerchant } from '../api/create-merchant';
import { useUpdateMerchant } from '../api/update-merchant';
import { errorMessage } from '../error-message';
import { photoManagerWords } from '../photo-words';
import { MERCHANT_PHOTOS_MAX } from '../../../../contract/constants';
import {
  createMerchantBody,
  emptyMerchantForm,
  HOURS_PERIODS,
  merchantFormFrom,
  updateMerchantBody,
  validateMerchantForm,
  type HoursPeriod,
  type MerchantFormErrors,
  type MerchantFormMode,
  type MerchantFormValues,
} from '../merchant-form';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, hasErrors, Input, inputClasses, Textarea } from '../../../components/ui/field';
import { timeZoneNames } from '../../../../contract/time-zones';
import { zoneName } from '../../../lib/zoned-time';

/** Every zone the browser knows, with the merchant's own first when the browser does not list it (an older name). */
function zoneChoices(current: string): string[] {
  const zones = timeZoneNames();
  return current !== '' && !zones.includes(current) ? [current, ...zones] : zones;
}

interface MerchantFormProps {
  mode: MerchantFormMode;
  merchant: AdminMerchant | null;
  onDone: () => void;
  onCreated: (created: CreatedMerchant) => void;
  beforeToast: () => void;
}

function MerchantForm({ mode, merchant, onDone, onCreated, beforeToast }: MerchantFormProps) {
  const { t } = useT(['adminForms', 'admin']);
  const [values, setValues] = useState<MerchantFormValues>(() => (merchant ? merchantFormFrom(merchant) : emptyMerchantForm()));
  const [errors, setErrors] = useState<MerchantFormErrors>({});
  // Fields are checked as they change only after a first attempt to save, so nobody is scolded while still typing.
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const saving = create.isPending || update.isPending;

  const change = (next: MerchantFormValues) => {
    setValues(next);
    if (tried) setErrors(validateMerchantForm(next, mode));
  };
  const set = (field: Exclude<keyof MerchantFormValues, 'hours'>, value: string) => change({ ...values, [field]: value });
  const setHours = (period: HoursPeriod, value: string) => change({ ...values, hours: { ...values.hours, [period]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateMerchantForm(values, mode);
    setErrors(found);
    setTried(true);
    if (hasErrors(found)) {
      // After React has rendered the error states.
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    if (mode === 'create') {
      create.mutate(createMerchantBody(values), {
        onSuccess: (created) => {
          onDone();
          onCreated(created);
        },
        onError: (error) => {
          beforeToast();
          toast({ title: t('catalog.createFailed'), description: errorMessage(error), variant: 'destructive' });
        },
      });
    } else if (merchant) {
      update.mutate(
        { id: merchant.id, body: updateMerchantBody(values) },
        {
          onSuccess: (saved) => {
            onDone();
            beforeToast();
            toast({ title: t('merchantForm.updated'), description: saved.name, variant: 'success' });
          },
          onError: (error) => {
            beforeToast();
            toast({ title: t('catalog.updateFailed'), description: errorMessage(error), variant: 'destructive' });
          },
        },
      );
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="merchant-name" label={t('merchantForm.name')} required error={errors.name}>
          {(control) => (
            <Input
              {...control}
              
              value={values.name}
              autoComplete="organization"
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </Field>
        <Field
          id="merchant-phone"
          label={t('merchantForm.phone')}
          required={mode === 'create'}
          error={errors.phone}
          hint={mode === 'create' ? t('merchantForm.phoneHintCreate') : t('merchantForm.phoneHintEdit')}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              
              value={values.phone}
              onChange={(event) => set('phone', event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field id="merchant-commission" label={t('merchantForm.commission')} required error={errors.commission} hint={t('merchantForm.commissionHint')} className="sm:max-w-60">
        {(control) => (
          <Input
            {...control}
            type="number"
            min={0}
            max={100}
            step="0.01"
            inputMode="decimal"
            autoComplete="off"
            value={values.commission}
            onChange={(event) => set('commission', event.target.value)}
          />
        )}
      </Field>
      <Field id="merchant-address" label={t('merchantForm.address')} error={errors.address}>
        {(control) => (
          <Input
            {...control}
            
            value={values.address}
            autoComplete="off"
            onChange={(event) => set('address', event.target.value)}
          />
        )}
      </Field>
      <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4" aria-describedby="merchant-place-description">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('merchantForm.placeLegend')}</legend>
        <p id="merchant-place-description" className="-mt-1 text-xs text-slate-600">
          {t('merchantForm.placeDescription')}
        </p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id="merchant-city" label={t('merchantForm.city')} error={errors.city}>
            {(control) => <Input {...control} value={values.city} autoComplete="off" onChange={(event) => set('city', event.target.value)} />}
          </Field>
          <Field id="merchant-latitude" label={t('merchantForm.latitude')} error={errors.latitude}>
            {(control) => (
              <Input {...control} type="number" min={-90} max={90} step="any" inputMode="decimal" autoComplete="off" value={values.latitude} onChange={(event) => set('latitude', event.target.value)} />
            )}
          </Field>
          <Field id="merchant-longitude" label={t('merchantForm.longitude')} error={errors.longitude}>
            {(control) => (
              <Input {...control} type="number" min={-180} max={180} step="any" inputMode="decimal" autoComplete="off" value={values.longitude} onChange={(event) => set('longitude', event.target.value)} />
            )}
          </Field>
        </div>
      </fieldset>
      <Field
        id="merchant-time-zone"
        label={t('merchantForm.timeZone')}
        error={errors.timeZone}
        hint={
          mode === 'create' || values.timeZone === ''
            ? t('merchantForm.timeZoneHintCreate')
            : t('merchantForm.timeZoneHintEdit', { name: zoneName(values.timeZone) })
        }
        className="sm:max-w-md"
      >
        {(control) => (
          <select {...control} className={`${inputClasses} h-11`} value={values.timeZone} onChange={(event) => set('timeZone', event.target.value)}>
            {mode === 'create' ? <option value="">{t('merchantForm.timeZoneAutomatic')}</option> : null}
            {zoneChoices(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="merchant-description" label={t('merchantForm.description')} error={errors.description}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Field>
      {mode === 'edit' && merchant ? (
        <PhotoManager
          id="merchant-photos"
          value={values.photoUrls}
          onChange={(photoUrls) => setValues((current) => ({ ...current, photoUrls }))}
          max={MERCHANT_PHOTOS_MAX}
          merchantId={merchant.id}
          allowUrls
          words={photoManagerWords((key, params) => t(`merchantForm.photos.${key}`, params), MERCHANT_PHOTOS_MAX, { byUrl: true })}
        />
      ) : null}
      <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('merchantForm.hoursLegend')}</legend>
        <p className="-mt-1 text-xs text-slate-600">{t('merchantForm.hoursDescription')}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          {HOURS_PERIODS.map((period) => (
            <Field key={period.key} id={`merchant-hours-${period.key}`} label={period.label} error={errors[period.key]}>
              {(control) => (
                <Input
                  {...control}
                  
                  value={values.hours[period.key]}
                  placeholder={period.placeholder}
                  inputMode="numeric"
                  autoComplete="off"
                  onChange={(event) => setHours(period.key, event.target.value)}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={saving}>
          {t('catalog.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('catalog.saving') : mode === 'create' ? t('merchantForm.submitCreate') : t('catalog.saveChanges')}
        </Button>
      </div>
    </form>
  );
}

interface MerchantFormDialogProps {
  /** The merchant to edit; null creates a new one. */
  merchant: AdminMerchant | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedMerchant) => void;
  /** Called before the form shows a toast, so only one is on screen. */
  beforeToast: () => void;
}

export function MerchantFormDialog({ merchant, open, onOpenChange, onCreated, beforeToast }: MerchantFormDialogProps) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  const mode: MerchantFormMode = merchant ? 'edit' : 'create';
  return (
    <Dialog
      lang={langOf('merchantForm.titleCreate')}
      closeLabel={t('catalog.close')}
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={mode === 'create' ? t('merchantForm.titleCreate') : t('merchantForm.titleEdit')}
      description={mode === 'create' ? t('merchantForm.descriptionCreate') : t('merchantForm.descriptionEdit', { name: merchant?.name ?? '' })}
    >
      <MerchantForm
        key={merchant?.id ?? 'new'}
        mode={mode}
        merchant={merchant}
        onDone={() => onOpenChange(false)}
        onCreated={onCreated}
        beforeToast={beforeToast}
      />
    </Dialog>
  );
}
