/** One merchant in the management list: its card details, commission rate and time zone, deal count, creation date, inline status and edit. */
import { Trans } from 'react-i18next';
import type { AdminMerchant } from '../../../../contract/admin';
import type { MerchantStatus } from '../../../../contract/merchants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { formatIso, formatIsoDay } from '../../../lib/date-format';
import { useSetMerchantStatus } from '../api/set-merchant-status';
import { errorMessage } from '../error-message';
import { HOURS_PERIODS, parseBusinessHours } from '../merchant-form';
import { merchantStatusLabel, MERCHANT_STATUSES } from '../merchant-status';
import { inputClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { formatBasisPoints } from '../../../lib/numbers';
import { formatPhone } from '../../../lib/phone';
import { zoneName } from '../../../lib/zoned-time';

function hoursText(json: string | null): string {
  const hours = parseBusinessHours(json);
  const parts = HOURS_PERIODS.filter((p) => hours[p.key] !== '').map((p) => translate('admin:merchantRow.hoursPart', { period: p.label, hours: hours[p.key] }));
  return parts.length > 0 ? parts.join(translate('admin:merchantRow.hoursSeparator')) : translate('admin:merchantRow.hoursNone');
}

function createdText(iso: string): string {
  return formatIso(iso, formatIsoDay);
}

interface MerchantRowProps {
  merchant: AdminMerchant;
  onEdit: (merchant: AdminMerchant) => void;
  /** Called before this row shows a toast, so only one is on screen. */
  beforeToast: () => void;
}

export function MerchantRow({ merchant, onEdit, beforeToast }: MerchantRowProps) {
  const { t } = useT(['admin', 'adminForms']);
  const status = useSetMerchantStatus();
  const titleId = `merchant-${merchant.id}-name`;
  const selectId = `merchant-${merchant.id}-status`;
  const shown: MerchantStatus = status.isPending && status.variables ? status.variables.status : merchant.status;

  const changeStatus = (next: MerchantStatus) => {
    if (next === merchant.status) return;
    status.mutate(
      { id: merchant.id, status: next },
      {
        onSuccess: (saved) => {
          beforeToast();
          toast({
            title: t('merchantRow.statusUpdatedTitle'),
            description: t('merchantRow.statusUpdatedDescription', { name: saved.name, status: merchantStatusLabel(saved.status) }),
            variant: 'success',
          });
        },
        onError: (error) => {
          beforeToast();
          toast({ title: t('catalog.statusFailed'), description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const details: Array<{ key: string; term: string; value: string }> = [
    { key: 'phone', term: t('merchantRow.phone'), value: formatPhone(merchant.phone) },
    { key: 'address', term: t('merchantRow.address'), value: merchant.address || t('merchantRow.addressNone') },
    { key: 'hours', term: t('merchantRow.hours'), value: hoursText(merchant.businessHours) },
    { key: 'account', term: t('merchantRow.account'), value: merchant.accountPhone === null ? t('merchantRow.accountNone') : formatPhone(merchant.accountPhone) },
    { key: 'commission', term: t('merchantRow.commission'), value: formatBasisPoints(merchant.commissionBps) },
    { key: 'timeZone', term: t('adminForms:merchantForm.timeZone'), value: `${zoneName(merchant.timeZone)} (${merchant.timeZone})` },
  ];

  return (
    <article aria-labelledby={titleId} className="surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {merchant.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            <Trans
              t={t}
              i18nKey='merchantRow.summary'
              count={merchant.dealCount}
              values={{ date: createdText(merchant.createdAt) }}
              components={{ count: <span className="font-semibold text-slate-900 tabular-nums" />, date: <time dateTime={merchant.createdAt} /> }}
            />
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={selectId} className="text-xs font-semibold text-slate-700">
              {t('merchantRow.status')}
              <span className="sr-only">{t('merchantRow.statusOf', { name: merchant.name })}</span>
            </label>
            <select
              id={selectId}
              value={shown}
              disabled={status.isPending}
              aria-busy={status.isPending || undefined}
              onChange={(event) => changeStatus(event.target.value as MerchantStatus)}
              className={cn(inputClasses, 'h-9 w-28 text-sm')}
            >
              {MERCHANT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {merchantStatusLabel(value)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" size="sm" onClick={() => onEdit(merchant)} aria-label={t('merchantRow.editLabel', { name: merchant.name })}>
            {t('catalog.edit')}
          </Button>
        </div>
      </div>
      {merchant.description ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{merchant.description}</p> : null}
      <dl className="mt-3 grid gap-x-6 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        {details.map((row) => (
          <div key={row.key} className="min-w-0">
            <dt className="text-xs text-slate-600">{row.term}</dt>
            <dd className="break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      {merchant.status !== 'active' ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('merchantRow.inactiveNote')}
        </p>
      ) : null}
    </article>
  );
}
