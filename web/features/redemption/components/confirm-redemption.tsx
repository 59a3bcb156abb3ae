/**
 * The step between the check and the redemption: what the voucher is (deal, price, the buyer's phone with all but its
 * last four digits hidden, validity), for the counter to confirm with the customer. Nothing is used until "Confirm
 * redemption"; "Cancel" goes back to the form with its values.
 */
import type { ReactNode, Ref } from 'react';
import type { RedemptionPreview } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatDay } from '../../../lib/dates';

interface ConfirmRedemptionProps {
  preview: RedemptionPreview;
  redeeming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The heading, which takes the focus when the step appears. */
  headingRef: Ref<HTMLHeadingElement>;
}

export function ConfirmRedemption({ preview, redeeming, onConfirm, onCancel, headingRef }: ConfirmRedemptionProps) {
  const { t } = useT('merchant');
  const rows: Array<{ term: string; value: ReactNode }> = [
    { term: t('confirm.code'), value: <span className="font-mono font-semibold tracking-[0.2em]">{preview.voucherCode}</span> },
    { term: t('confirm.deal'), value: <span className="font-semibold">{preview.dealTitle}</span> },
    { term: t('confirm.price'), value: <Price cents={preview.priceCents} className="font-semibold" /> },
    { term: t('confirm.phone'), value: <span className="tabular-nums">{preview.phoneMasked}</span> },
    { term: t('confirm.validUntil'), value: preview.validUntil ? formatDay(preview.validUntil) : t('confirm.noEndDate') },
  ];
  return (
    <section aria-labelledby="confirm-redemption-title" className="grid gap-5">
      <div>
        <h2 ref={headingRef} id="confirm-redemption-title" tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {t('confirm.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('confirm.intro')}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.term} className="min-w-0">
            <dt className="text-sm text-slate-600">{row.term}</dt>
            <dd className="mt-0.5 break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={onConfirm} disabled={redeeming} className="w-full sm:w-auto">
          {redeeming ? t('confirm.redeeming') : t('confirm.title')}
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel} disabled={redeeming} className="w-full sm:w-auto">
          {t('confirm.cancel')}
        </Button>
      </div>
    </section>
  );
}
