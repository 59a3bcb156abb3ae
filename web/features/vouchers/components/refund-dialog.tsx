/**
 * "Refund" on an active voucher of a deal sold with "Refund anytime": a confirmation with the amount, then the call.
 * A refusal (already used, refunded meanwhile, the card provider said no) stays in the dialog as an alert.
 */
import { useState } from 'react';
import type { Voucher } from '../../../../contract/checkout';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { RefundIcon, SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useRefundVoucher } from '../api/refund-voucher';

/** The server's words for a refusal (4xx) or the card provider's (502); a generic line for anything else. */
function refusal(error: unknown): string {
  if (isApiError(error) && (error.status < 500 || error.status === 502) && error.serverMessage) return error.serverMessage;
  return 'The refund could not be made right now. Please try again in a moment.';
}

export function RefundDialog({ voucher }: { voucher: Pick<Voucher, 'id' | 'voucherCode' | 'dealTitle' | 'priceCents'> }) {
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
          title: answer.refund.status === 'pending' ? 'Refund requested' : 'Voucher refunded',
          description: 'The money goes back to your card.',
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
      title="Refund this voucher?"
      description={
        <>
          {voucher.dealTitle}, voucher <span className="font-mono">{voucher.voucherCode}</span>
        </>
      }
      trigger={
        <Button variant="outline" size="md" aria-label={`Refund voucher ${voucher.voucherCode}`}>
          <RefundIcon className="h-4 w-4" />
          Refund
        </Button>
      }
    >
      <p className="text-3xl font-extrabold tracking-tight text-slate-900">
        <Price cents={voucher.priceCents} label="Amount: " />
      </p>
      <p className="mt-2 text-sm text-slate-700">The money goes back to your card. This cannot be undone.</p>
      {refund.isError ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusal(refund.error)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={refund.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={refund.isPending}>
          {refund.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          Refund
        </Button>
      </div>
    </Dialog>
  );
}
