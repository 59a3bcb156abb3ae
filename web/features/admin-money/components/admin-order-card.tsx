/**
 * One order as customer service sees it: who bought it, how it was paid, its amounts and lines, each voucher with its
 * redemptions and a Refund action, the refunds made, and the order's story from placement on.
 */
import type { ReactNode } from 'react';
import type { AdminOrder } from '../../../../contract/orders';
import { Badge } from '../../../components/ui/badge';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { OrderHeader, OrderLines, RefundRows } from '../../orders';
import { orderNumber, stateOfStatus, VoucherStateBadge } from '../../vouchers';
import { AdminRefundDialog } from './admin-refund-dialog';
import { Missing } from '../../../components/ui/missing';

type OrderVoucher = AdminOrder['vouchers'][number];

const PROVIDERS: Record<AdminOrder['provider'], string> = { stripe: 'Stripe', test: 'Built-in test provider' };

function when(iso: string): string {
  return formatIso(iso, formatDayTime);
}

function Facts({ rows }: { rows: Array<{ term: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map((row) => (
        <div key={row.term} className="contents">
          <dt className="text-slate-600">{row.term}</dt>
          <dd className="min-w-0 break-all text-slate-900">{row.value ?? <Missing />}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-4">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function VoucherRow({ voucher }: { voucher: OrderVoucher }) {
  // A voucher with a refund under way or done has nothing more to give back.
  const standing = voucher.refund !== null && voucher.refund.status !== 'failed';
  const refundable = (voucher.status === 'active' || voucher.status === 'redeemed') && !standing;
  return (
    <li className="rounded-xl p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold tracking-wider text-slate-900">{voucher.voucherCode}</span>
            <VoucherStateBadge state={stateOfStatus(voucher.status)} />
          </p>
          <p className="mt-0.5 text-sm break-words text-slate-700">
            {voucher.dealTitle} · {voucher.merchantName} · <Price cents={voucher.priceCents} />
          </p>
        </div>
        {refundable ? <AdminRefundDialog voucher={voucher} /> : null}
      </div>
      {voucher.redemptions.length > 0 ? (
        <ul aria-label={`Redemptions of ${voucher.voucherCode}`} className="mt-2 grid gap-1 text-sm text-slate-700">
          {voucher.redemptions.map((r, index) => (
            <li key={`${r.at}-${index}`} className="flex flex-wrap items-center gap-x-2">
              <time dateTime={r.at} className="tabular-nums">
                {when(r.at)}
              </time>
              {r.success ? (
                r.undoneAt ? (
                  <Badge tone="warning">Undone</Badge>
                ) : (
                  <Badge tone="success">Redeemed</Badge>
                )
              ) : (
                <Badge tone="danger">Failed</Badge>
              )}
              {!r.success && r.reason ? <span className="break-words text-slate-600">{r.reason}</span> : null}
              {r.undoneAt ? <span className="text-slate-600">undone {when(r.undoneAt)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function AdminOrderCard({ order }: { order: AdminOrder }) {
  const titleId = `admin-order-${order.id}`;
  const codeOf = (voucherId: string) => order.vouchers.find((v) => v.id === voucherId)?.voucherCode;
  const notes = order.refunds.filter((r) => r.note || r.failure || r.providerRef);

  return (
    <article aria-labelledby={titleId} className="grid gap-4 surface p-5 sm:p-6">
      <OrderHeader order={order} titleId={titleId}>
        Placed <time dateTime={order.createdAt}>{when(order.createdAt)}</time>
        {order.paidAt ? (
          <>
            , paid <time dateTime={order.paidAt}>{when(order.paidAt)}</time>
          </>
        ) : null}
      </OrderHeader>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Customer">
          <Facts
            rows={[
              { term: 'Phone', value: order.customerPhone },
              { term: 'Email', value: order.customerEmail },
            ]}
          />
        </Section>
        <Section title="Payment">
          <Facts
            rows={[
              { term: 'Provider', value: PROVIDERS[order.provider] },
              { term: 'Session', value: order.providerSessionId ? <span className="font-mono text-xs">{order.providerSessionId}</span> : null },
              { term: 'Reference', value: order.paymentRef ? <span className="font-mono text-xs">{order.paymentRef}</span> : null },
              { term: 'Total', value: <Price cents={order.totalCents} /> },
              { term: 'Refunded', value: <Price cents={order.refundedCents} /> },
            ]}
          />
        </Section>
      </div>

      <Section title="Items">
        <OrderLines items={order.items} />
      </Section>

      {order.vouchers.length > 0 ? (
        <Section title="Vouchers">
          <ul className="grid gap-2">
            {order.vouchers.map((voucher) => (
              <VoucherRow key={voucher.id} voucher={voucher} />
            ))}
          </ul>
        </Section>
      ) : null}

      {order.refunds.length > 0 ? (
        <Section title="Refunds">
          <RefundRows refunds={order.refunds} codeOf={codeOf} />
          {notes.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-sm text-slate-600">
              {notes.map((r) => (
                <li key={r.id} className="break-words">
                  {(r.voucherId !== null ? codeOf(r.voucherId) : undefined) ?? 'Refund'}: {[r.note, r.providerRef ? `reference ${r.providerRef}` : null, r.failure ? `failed: ${r.failure}` : null].filter(Boolean).join(' · ')}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
      ) : null}

      <Section title="Story">
        {order.story.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing recorded yet.</p>
        ) : (
          <ol aria-label={`Story of order ${orderNumber(order.id)}`} className="relative grid gap-3 border-l-2 border-slate-200 pl-4">
            {order.story.map((event, index) => (
              <li key={`${event.at}-${index}`} className="relative text-sm">
                <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white" />
                <time dateTime={event.at} className="block text-xs text-slate-600 tabular-nums">
                  {when(event.at)}
                </time>
                <span className="break-words text-slate-900">{event.text}</span>
                {event.voucherCode ? <span className="ml-2 font-mono text-xs text-slate-600">{event.voucherCode}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </Section>
    </article>
  );
}
