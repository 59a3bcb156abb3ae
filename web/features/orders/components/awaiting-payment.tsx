/**
 * An order awaiting payment on My Orders (docs/product/screens.md#my-orders): how long is left to pay ("Pay within 12
 * min"), Pay, which goes back to the order's own checkout page, and Cancel, which asks first and then releases the
 * held units at once. Once the page no longer takes payment only Cancel is left, until the hold lapses and the
 * order reads Expired.
 */
import { useState } from 'react';
import { Trans } from 'react-i18next';
import type { CustomerOrder } from '../../../../contract/orders';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { ClockIcon, CreditCardIcon, SpinnerIcon, XIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useNow } from '../../../lib/use-now';
import { orderNumber } from '../../vouchers';
import { useCancelOrder } from '../api/cancel-order';
import { usePayOrder } from '../api/pay-order';

const MINUTE = 60_000;


/** "Pay within 12 min" (whole minutes, rounded up), "Pay within a minute", or null once the time to pay is up. */
export function payWithinText(payUntil: string, now: number): string | null {
  const left = Date.parse(payUntil) - now;
  if (Number.isNaN(left) || left <= 0) return null;
  if (left < MINUTE) return translate('orders:awaiting.payWithinMinute');
  return translate('orders:awaiting.payWithin', { count: Math.ceil(left / MINUTE) });
}

function CancelOrderDialog({ order }: { order: Pick<CustomerOrder, 'id'> }) {
  const { t } = useT('orders');
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const number = orderNumber(order.id);

  const onOpenChange = (next: boolean) => {
    if (cancel.isPending) return;
    if (next) cancel.reset();
    setOpen(next);
  };

  const confirm = () => {
    cancel.mutate(order.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('cancel.doneTitle'), description: t('cancel.doneDescription'), variant: 'success' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={t('cancel.title')}
      description={t('cancel.description', { number })}
      trigger={
        <Button variant="outline" size="md">
          <XIcon className="h-4 w-4" />
          <Trans t={t} i18nKey="awaiting.cancel" values={{ number }} components={{ sr: <span className="sr-only" /> }} />
        </Button>
      }
    >
      {cancel.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {messageOf(cancel.error, t('cancel.failed'))}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {t('cancel.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

export function AwaitingPayment({ order }: { order: Pick<CustomerOrder, 'id' | 'payUntil'> }) {
  const { t } = useT('orders');
  const now = useNow(15_000);
  const pay = usePayOrder();
  const number = orderNumber(order.id);
  const within = order.payUntil ? payWithinText(order.payUntil, now) : null;

  return (
    <section aria-label={t('awaiting.label', { number })} className="mt-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <ClockIcon className="h-4 w-4 shrink-0" />
        {within ?? t('awaiting.timeUp')}
      </p>
      {within ? <p className="mt-1 text-sm text-amber-900">{t('awaiting.held')}</p> : null}
      {pay.isError ? (
        <p role="alert" className="mt-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {messageOf(pay.error, t('awaiting.payFailed'))}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {within ? (
          <Button size="md" onClick={() => pay.mutate(order.id)} disabled={pay.isPending}>
            {pay.isPending ? <SpinnerIcon className="h-4 w-4" /> : <CreditCardIcon className="h-4 w-4" />}
            <Trans t={t} i18nKey="awaiting.pay" values={{ number }} components={{ sr: <span className="sr-only" /> }} />
          </Button>
        ) : null}
        <CancelOrderDialog order={order} />
      </div>
    </section>
  );
}
