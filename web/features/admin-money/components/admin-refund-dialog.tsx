/**
 * Customer service's "Refund" on a voucher: an active voucher is refunded as it is; a redeemed one only as a goodwill
 * refund, with the reason written down (the server refuses it without one too).
 */
import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { REFUND_REASON_MAX_LENGTH } from '../../../../contract/constants';
import type { AdminOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useAdminRefund } from '../api/admin-refund';

type OrderVoucher = AdminOrder['vouchers'][number];

/** The server's words for a refusal (4xx) or the card provider's (502); a generic line for anything else. */
const failure = (error: unknown): string => messageOf(error, translate('admin:refundDialog.failedFallback'), { providerAnswer: true });

function RefundForm({ voucher, onDone }: { voucher: OrderVoucher; onDone: () => void }) {
  const { t } = useT('admin');
  const goodwill = voucher.status === 'redeemed';
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const refund = useAdminRefund();
  const missing = goodwill && reason.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing || refund.isPending) return;
    refund.mutate(
      { voucherId: voucher.id, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          toast({
            title: answer.refund.status === 'pending' ? t('refundDialog.requested') : t('refundDialog.refunded'),
            description: t('refundDialog.voucher', { code: voucher.voucherCode }),
            variant: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-2xl font-extrabold tracking-tight text-slate-900">
        <Price cents={voucher.priceCents} label={t('refundDialog.amount')} />
      </p>
      <Field
        label={goodwill ? t('refundDialog.reasonGoodwill') : t('refundDialog.reasonOptional')}
        required={goodwill}
        hint={goodwill ? t('refundDialog.hintGoodwill') : t('refundDialog.hintOptional')}
        error={tried && missing ? t('refundDialog.reasonRequired') : undefined}
      >
        {(control) => <Textarea {...control} rows={3} maxLength={REFUND_REASON_MAX_LENGTH} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      {refund.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {failure(refund.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={refund.isPending}>
            {t('refundDialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={refund.isPending}>
          {refund.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {goodwill ? t('refundDialog.giveGoodwill') : t('refundDialog.refund')}
        </Button>
      </div>
    </form>
  );
}

/** The refund dialog of one voucher, opened by its Refund button (admin-order-card.tsx), which loads this code on first use. */
export function AdminRefundDialog({ voucher, onClose }: { voucher: OrderVoucher; onClose: () => void }) {
  const { t } = useT('admin');
  const goodwill = voucher.status === 'redeemed';
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      title={goodwill ? t('refundDialog.titleGoodwill') : t('refundDialog.title')}
      description={
        <Trans
          t={t}
          i18nKey='refundDialog.description'
          values={{ deal: voucher.dealTitle, code: voucher.voucherCode }}
          components={{ code: <span className="font-mono" /> }}
        />
      }
    >
      {/* Mounted afresh on each opening, so the form starts empty. */}
      <RefundForm voucher={voucher} onDone={onClose} />
    </Dialog>
  );
}
