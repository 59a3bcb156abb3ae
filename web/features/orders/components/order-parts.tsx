/** Parts of an order shared by the customer's history and customer service: its header, its lines and its refunds. */
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { CustomerOrder } from '../../../../contract/orders';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { formatCount } from '../../../lib/numbers';
import { useT } from '../../../i18n';
import { DealImage } from '../../deals';
import { orderNumber } from '../../vouchers';
import { orderStatusOf, refundReasonShown, refundStatusOf } from '../order-display';

/** The texts of this file's components: the orders catalogue. */
const useTexts = () => useT('orders');

/** An order's lines: picture, title, quantity x unit price and the line's total. `size` 'md' is the checkout page's larger look. */
/** The order's number (its heading, with the id `titleId`), the line under it and its status badge. */
export function OrderHeader({ order, titleId, children }: { order: Pick<CustomerOrder, 'id' | 'status'>; titleId: string; children: ReactNode }) {
  const { t } = useTexts();
  const status = orderStatusOf(order);
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          <Trans t={t} i18nKey='order.title' values={{ number: orderNumber(order.id) }} components={{ number: <span className="font-mono" /> }} />
        </h2>
        <p className="text-sm text-slate-600">{children}</p>
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
    </header>
  );
}

export function OrderLines({ items, size = 'sm', className }: { items: CustomerOrder['items']; size?: 'sm' | 'md'; className?: string }) {
  const { t } = useTexts();
  const side = size === 'md' ? 64 : 48;
  return (
    <ul className={cn('divide-y divide-slate-100', className)}>
      {items.map((item) => (
        <li key={item.dealId} className={cn('flex items-center py-3 first:pt-0', size === 'md' ? 'gap-4 last:pb-0' : 'gap-3')}>
          <DealImage
            deal={{ imageUrl: item.imageUrl, title: item.title }}
            placeholder="small"
            width={side}
            height={side}
            loading={size === 'md' ? undefined : 'lazy'}
            className={cn('shrink-0 rounded-lg bg-slate-100 object-cover', size === 'md' ? 'h-16 w-16' : 'h-12 w-12')}
          />
          <div className="min-w-0 flex-1">
            <p className={cn('break-words text-slate-900', size === 'md' ? 'font-semibold' : 'font-medium')}>{item.title}</p>
            <p className="text-sm text-slate-600 tabular-nums">
              {formatCount(item.quantity)} × <Price cents={item.unitPriceCents} />
            </p>
          </div>
          <p className="font-semibold text-slate-900 tabular-nums">
            <Price cents={item.quantity * item.unitPriceCents} label={t('order.lineTotal')} />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function RefundRows({ refunds, codeOf }: { refunds: Array<CustomerOrder['refunds'][number]>; codeOf?: (voucherId: string) => string | undefined }) {
  const { t } = useTexts();
  return (
    <ul className="divide-y divide-slate-100">
      {refunds.map((refund) => {
        // A failed group's refund gives back a payment that never became a voucher.
        const code = refund.voucherId !== null ? codeOf?.(refund.voucherId) : undefined;
        const status = refundStatusOf(refund.status);
        const reason = refundReasonShown(refund.reason);
        return (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="font-semibold text-slate-900">
              <Price cents={refund.amountCents} label={t('order.refund')} />
              {code ? <span className="ml-2 font-mono text-sm font-normal text-slate-600">{code}</span> : null}
              {reason ? <span className="ml-2 text-sm font-normal text-slate-600">{reason}</span> : null}
            </span>
            <span className="flex flex-wrap items-center gap-3">
              <time dateTime={refund.createdAt} className="text-sm text-slate-600 tabular-nums">
                {formatIso(refund.createdAt, formatDayTime)}
              </time>
              <Badge tone={status.tone}>{status.label}</Badge>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
