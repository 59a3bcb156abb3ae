/**
 * One order as customer service sees it: who bought it, how it was paid, its amounts and lines, each voucher with its
 * redemptions and a Refund action, the refunds made, and the order's story from placement on.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { AdminOrder } from '../../../../contract/orders';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { Facts } from './facts';
import { useT } from '../../../i18n';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { formatPhone } from '../../../lib/phone';
import { OrderHeader, OrderLines, RefundRows } from '../../orders';
import { orderNumber, stateOfStatus, VoucherStateBadge } from '../../vouchers';

type OrderVoucher = AdminOrder['vouchers'][number];

// The dialog (and the dialog library) is fetched when a Refund button is first pressed: most lookups refund nothing.
const AdminRefundDialog = lazy(async () => ({ default: (await import('./admin-refund-dialog')).AdminRefundDialog }));

function RefundButton({ voucher }: { voucher: OrderVoucher }) {
  const { t } = useT('admin');
  const [open, setOpen] = useState(false);
  const goodwill = voucher.status === 'redeemed';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={goodwill ? t('refundDialog.triggerLabelGoodwill', { code: voucher.voucherCode }) : t('refundDialog.triggerLabel', { code: voucher.voucherCode })}
        onClick={() => setOpen(true)}
      >
        {t('refundDialog.trigger')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AdminRefundDialog voucher={voucher} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function when(iso: string): string {
  return formatIso(iso, formatDayTime);
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
  const { t } = useT('admin');
  // A voucher with a refund under way or done has nothing more to give back.
  const standing = voucher.refund !== null && voucher.refund.status !== 'failed';
  const refundable = (voucher.status === 'active' || voucher.status === 'redeemed') && !standing;
  return (
    <li className="rounded-xl p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold tracking-wider text-slate-900">{voucher.voucherCode}</span>
            <VoucherStateBadge state={stateOfStatus(voucher.status, voucher.refund)} />
          </p>
          <p className="mt-0.5 text-sm break-words text-slate-700">
            {voucher.dealTitle} · {voucher.merchantName} · <Price cents={voucher.priceCents} />
          </p>
        </div>
        {refundable ? <RefundButton voucher={voucher} /> : null}
      </div>
      {voucher.redemptions.length > 0 ? (
        <ul aria-label={t('orderCard.redemptionsOf', { code: voucher.voucherCode })} className="mt-2 grid gap-1 text-sm text-slate-700">
          {voucher.redemptions.map((r, index) => (
            <li key={`${r.at}-${index}`} className="flex flex-wrap items-center gap-x-2">
              <time dateTime={r.at} className="tabular-nums">
                {when(r.at)}
              </time>
              {r.success ? (
                r.undoneAt ? (
                  <Badge tone="warning">{t('orderCard.undone')}</Badge>
                ) : (
                  <Badge tone="success">{t('orderCard.redeemed')}</Badge>
                )
              ) : (
                <Badge tone="danger">{t('orderCard.failed')}</Badge>
              )}
              {!r.success && r.reason ? <span className="break-words text-slate-600">{r.reason}</span> : null}
              {r.undoneAt ? <span className="text-slate-600">{t('orderCard.undoneAt', { when: when(r.undoneAt) })}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function AdminOrderCard({ order }: { order: AdminOrder }) {
  const { t } = useT('admin');
  const titleId = `admin-order-${order.id}`;
  const codeOf = (voucherId: string) => order.vouchers.find((v) => v.id === voucherId)?.voucherCode;
  const notes = order.refunds.filter((r) => r.note || r.failure || r.providerRef);

  return (
    <article aria-labelledby={titleId} className="grid gap-4 surface p-5 sm:p-6">
      <OrderHeader order={order} titleId={titleId}>
        {order.paidAt ? (
          <Trans
            t={t}
            i18nKey='orderCard.placedPaid'
            values={{ placed: when(order.createdAt), paid: when(order.paidAt) }}
            components={{ placed: <time dateTime={order.createdAt} />, paid: <time dateTime={order.paidAt} /> }}
          />
        ) : (
          <Trans t={t} i18nKey='orderCard.placed' values={{ placed: when(order.createdAt) }} components={{ placed: <time dateTime={order.createdAt} /> }} />
        )}
      </OrderHeader>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t('orderCard.customer')}>
          <Facts
            breakAnywhere
            rows={[
              { key: 'phone', term: t('orderCard.phone'), value: order.customerPhone === null ? null : formatPhone(order.customerPhone) },
              { key: 'email', term: t('orderCard.email'), value: order.customerEmail },
            ]}
          />
        </Section>
        <Section title={t('orderCard.payment')}>
          <Facts
            breakAnywhere
            rows={[
              { key: 'provider', term: t('orderCard.provider'), value: t(`orderCard.providers.${order.provider}`) },
              { key: 'session', term: t('orderCard.session'), value: order.providerSessionId ? <span className="font-mono text-xs">{order.providerSessionId}</span> : null },
              { key: 'reference', term: t('orderCard.reference'), value: order.paymentRef ? <span className="font-mono text-xs">{order.paymentRef}</span> : null },
              { key: 'total', term: t('orderCard.total'), value: <Price cents={order.totalCents} /> },
              { key: 'refunded', term: t('orderCard.refunded'), value: <Price cents={order.refundedCents} /> },
            ]}
          />
        </Section>
      </div>

      <Section title={t('orderCard.items')}>
        <OrderLines items={order.items} />
      </Section>

      {order.vouchers.length > 0 ? (
        <Section title={t('orderCard.vouchers')}>
          <ul className="grid gap-2">
            {order.vouchers.map((voucher) => (
              <VoucherRow key={voucher.id} voucher={voucher} />
            ))}
          </ul>
        </Section>
      ) : null}

      {order.refunds.length > 0 ? (
        <Section title={t('orderCard.refunds')}>
          <RefundRows refunds={order.refunds} codeOf={codeOf} />
          {notes.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-sm text-slate-600">
              {notes.map((r) => (
                <li key={r.id} className="break-words">
                  {t('orderCard.refundNote', {
                    what: (r.voucherId !== null ? codeOf(r.voucherId) : undefined) ?? t('orderCard.refundFallback'),
                    details: [
                      r.note,
                      r.providerRef ? t('orderCard.noteReference', { reference: r.providerRef }) : null,
                      r.failure ? t('orderCard.noteFailed', { failure: r.failure }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · '),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
      ) : null}

      <Section title={t('orderCard.story')}>
        {order.story.length === 0 ? (
          <p className="text-sm text-slate-600">{t('orderCard.nothingYet')}</p>
        ) : (
          <ol aria-label={t('orderCard.storyOf', { number: orderNumber(order.id) })} className="relative grid gap-3 border-l-2 border-slate-200 pl-4">
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
