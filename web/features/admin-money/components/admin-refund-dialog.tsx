/**
 * Customer service's "Refund" on a voucher: an active voucher is refunded as it is; a redeemed one only as a goodwill
 * refund, with the reason written down (the server refuses it without one too).
 */
import { useState, type FormEvent } from 'react';
import type { AdminOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useAdminRefund } from '../api/admin-refund';

const REASON_MAX = 500;

type OrderVoucher = AdminOrder['vouchers'][number];

function failure(error: unknown): string {
  if (isApiError(error) && (error.status < 500 || error.status === 502) && error.serverMessage) return error.serverMessage;
  return 'The refund could not be made right now. Please try again in a moment.';
}

function RefundForm({ voucher, onDone }: { voucher: OrderVoucher; onDone: () => void }) {
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
            title: answer.refund.status === 'pending' ? 'Refund requested' : 'Voucher refunded',
            description: `Voucher ${voucher.voucherCode}`,
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
        <Price cents={voucher.priceCents} label="Amount: " />
      </p>
      <Field
        label={goodwill ? 'Reason for the goodwill refund' : 'Reason (optional)'}
        required={goodwill}
        hint={goodwill ? 'This voucher was used: the refund is recorded as a goodwill gesture.' : 'Kept with the refund for the records.'}
        error={tried && missing ? 'Please give the reason for a goodwill refund.' : undefined}
      >
        {(control) => <Textarea {...control} rows={3} maxLength={REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      {refund.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {failure(refund.error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={refund.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={refund.isPending}>
          {refund.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {goodwill ? 'Give goodwill refund' : 'Refund'}
        </Button>
      </div>
    </form>
  );
}

export function AdminRefundDialog({ voucher }: { voucher: OrderVoucher }) {
  const [open, setOpen] = useState(false);
  const goodwill = voucher.status === 'redeemed';
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      role="alertdialog"
      title={goodwill ? 'Goodwill refund' : 'Refund this voucher?'}
      description={
        <>
          {voucher.dealTitle}, voucher <span className="font-mono">{voucher.voucherCode}</span>. The money goes back to the customer's card.
        </>
      }
      trigger={
        <Button variant="outline" size="sm" aria-label={`${goodwill ? 'Goodwill refund of' : 'Refund'} voucher ${voucher.voucherCode}`}>
          Refund
        </Button>
      }
    >
      {/* The dialog's content is mounted afresh on each opening, so the form starts empty. */}
      <RefundForm voucher={voucher} onDone={() => setOpen(false)} />
    </Dialog>
  );
}
