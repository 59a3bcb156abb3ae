/**
 * One order of the customer's history: number, date, state, total and refunds, its lines, vouchers and refunds; while it
 * awaits payment, how long is left to pay, Pay and Cancel.
 */
import { Link } from 'wouter';
import type { OrderGroup } from '../../../../contract/groups';
import type { CustomerOrder } from '../../../../contract/orders';
import { paths } from '../../../../contract/routes';
import { Badge } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { useT } from '../../../i18n';
import { orderNumber, stateOfStatus, VoucherStateBadge } from '../../vouchers';
import { orderGroupBadge } from '../order-display';
import { AwaitingPayment } from './awaiting-payment';
import { OrderHeader, OrderLines, RefundRows } from './order-parts';

function SubHeading({ children }: { children: string }) {
  return <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{children}</h3>;
}

/** The order's group: its state, and while it is open a link to the page that shows who is still missing. */
function GroupBadge({ group }: { group: OrderGroup }) {
  const badge = orderGroupBadge(group);
  if (group.status !== 'open') return <Badge tone={badge.tone}>{badge.label}</Badge>;
  return (
    <Link href={paths.group(group.id)} className="rounded-full focus-ring">
      <Badge tone={badge.tone} className="underline-offset-2 hover:underline">
        {badge.label}
      </Badge>
    </Link>
  );
}

export function OrderCard({ order }: { order: CustomerOrder }) {
  const { t } = useT('orders');
  const titleId = `order-${order.id}-title`;
  const codeOf = (voucherId: string) => order.vouchers.find((v) => v.id === voucherId)?.voucherCode;

  return (
    <article aria-labelledby={titleId} className="surface p-5 sm:p-6">
      <OrderHeader order={order} titleId={titleId}>
        <time dateTime={order.createdAt}>{formatIso(order.createdAt, formatDayTime)}</time>
      </OrderHeader>

      {order.group ? (
        <p className="mt-3">
          <GroupBadge group={order.group} />
        </p>
      ) : null}

      {order.status === 'pending' ? <AwaitingPayment order={order} /> : null}

      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{t('order.total')}</dt>
          <dd className="font-semibold text-slate-900">
            <Price cents={order.totalCents} />
          </dd>
        </div>
        {order.refundedCents > 0 ? (
          <div>
            <dt className="text-slate-600">{t('order.refunded')}</dt>
            <dd className="font-semibold text-slate-900">
              <Price cents={order.refundedCents} />
            </dd>
          </div>
        ) : null}
      </dl>

      <section className="mt-5" aria-label={t('order.items', { number: orderNumber(order.id) })}>
        <OrderLines items={order.items} />
      </section>

      {order.vouchers.length > 0 ? (
        <section className="mt-4 border-t border-slate-100 pt-4">
          <SubHeading>{t('order.vouchers')}</SubHeading>
          <ul className="mt-2 grid gap-2">
            {order.vouchers.map((voucher) => (
              <li key={voucher.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
                <span className="min-w-0">
                  <span className="font-mono font-semibold tracking-wider text-slate-900">{voucher.voucherCode}</span>
                  <span className="ml-2 break-words text-slate-600">{voucher.dealTitle}</span>
                </span>
                <VoucherStateBadge state={stateOfStatus(voucher.status, voucher.refund)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.refunds.length > 0 ? (
        <section className="mt-4 border-t border-slate-100 pt-4">
          <SubHeading>{t('order.refunds')}</SubHeading>
          <div className="mt-1">
            <RefundRows refunds={order.refunds} codeOf={codeOf} />
          </div>
        </section>
      ) : null}
    </article>
  );
}
