/**
 * "Refund" on an active voucher of a deal sold with "Refund anytime": a confirmation with the amount, then the call.
 * A refusal (already used, refunded meanwhile, the card provider said no) stays in the dialog as an alert.
 */
import { useState } from 'react';
import { Trans } from 'react-i18next';
import type { Voucher } from '../../../../contract/checkout';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { RefundIcon, SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useRefundVoucher } from '../api/refund-voucher';

/** The server's words for a refusal (4xx) or the card provider's (502); a generic line for anything else. */
const refusal = (error: unknown): string => messageOf(error, translate('vouchers:refund.failed'), { providerAnswer: true });

export function RefundDialog({ voucher }: { voucher: Pick<Voucher, 'id' | 'voucherCode' | 'dealTitle' | 'priceCents'> }) {
  const { t } = useT('vouchers');
  const [open, setOpen] = useState(false);
  const refund = useRefundVoucher();

  const onOpenChange = (next: boolean) => {
    if (refund.isPending) return;
    if (next) refund.reset();
    setOpen(next);
  };

  const confirm = () => {
    refund.mutate(voucher.id, {
      onSuccess: (answer) => {
        setOpen(false);
        toast({
          title: answer.refund.status === 'pending' ? t('refund.requestedTitle') : t('refund.doneTitle'),
          description: t('refund.doneDescription'),
          variant: 'success',
        });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={t('refund.title')}
      description={
        <Trans
          t={t}
          i18nKey="refund.description"
          values={{ title: voucher.dealTitle, code: voucher.voucherCode }}
          components={{ mono: <span className="font-mono" /> }}
        />
      }
      trigger={
        <Button variant="outline" size="md" aria-label={t('refund.buttonLabel', { code: voucher.voucherCode })}>
          <RefundIcon className="h-4 w-4" />
          {t('refund.button')}
        </Button>
      }
    >
      <p className="text-3xl font-extrabold tracking-tight text-slate-900">
        <Price cents={voucher.priceCents} label={t('refund.amount')} />
      </p>
      <p className="mt-2 text-sm text-slate-700">{t('refund.warning')}</p>
      {refund.isError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal(refund.error)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={refund.isPending}>
            {t('refund.cancel')}
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={refund.isPending}>
          {refund.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {t('refund.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
