/** Parts of an order shared by the customer's history and customer service: its lines and its refunds. */
import type { CustomerOrder } from '../../../../contract/orders';
import { Badge } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { DealImage } from '../../deals';
import { REFUND_STATUS } from '../order-display';

export function OrderLines({ items }: { items: CustomerOrder['items'] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.dealId} className="flex items-center gap-3 py-3 first:pt-0">
          <DealImage
            deal={{ imageUrl: item.imageUrl, title: item.title }}
            placeholder="small"
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900">{item.title}</p>
            <p className="text-sm text-slate-600 tabular-nums">
              {item.quantity} × <Price cents={item.unitPriceCents} />
            </p>
          </div>
          <p className="font-semibold text-slate-900 tabular-nums">
            <Price cents={item.quantity * item.unitPriceCents} label="Line total: " />
          </p>
        </li>
      ))}
    </ul>
  );
}

export function RefundRows({ refunds, codeOf }: { refunds: Array<CustomerOrder['refunds'][number]>; codeOf?: (voucherId: string) => string | undefined }) {
  return (
    <ul className="divide-y divide-slate-100">
      {refunds.map((refund) => {
        const code = codeOf?.(refund.voucherId);
        const status = REFUND_STATUS[refund.status];
        return (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="font-semibold text-slate-900">
              <Price cents={refund.amountCents} label="Refund: " />
              {code ? <span className="ml-2 font-mono text-sm font-normal text-slate-600">{code}</span> : null}
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
