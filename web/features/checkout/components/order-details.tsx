/** The held order on the checkout page: its lines, its total and how long its units (or a group's place) are held. */
import type { TestCheckoutSession } from '../../../../contract/checkout';
import { ClockIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatClockTime, formatIso } from '../../../lib/date-format';
import { OrderLines } from '../../orders';

/** `place`: the order pays a place in a group, which is what is held. */
export function OrderDetails({ session, place = false }: { session: TestCheckoutSession; place?: boolean }) {
  const { t } = useT('checkout');
  const { order } = session;
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section aria-labelledby="order-details-title" className="surface p-6">
      <h2 id="order-details-title" className="text-lg font-bold text-slate-900">
        {t('orderDetails.title')}
      </h2>
      <OrderLines items={order.items} size="md" className="mt-4" />
      <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {t('orderDetails.items', { count: units })}
          </dt>
          <dd className="text-slate-900 tabular-nums">
            <Price cents={order.totalCents} />
          </dd>
        </div>
        <div className="flex justify-between gap-4 text-base">
          <dt className="font-semibold text-slate-900">{t('orderDetails.total')}</dt>
          <dd className="font-extrabold text-slate-900 tabular-nums">
            <Price cents={order.totalCents} />
          </dd>
        </div>
      </dl>
      <HoldNote expiresAt={order.expiresAt} place={place} />
    </section>
  );
}

function HoldNote({ expiresAt, place }: { expiresAt: string; place: boolean }) {
  const { t } = useT('checkout');
  const until = formatIso(expiresAt, formatClockTime);
  if (until === '') return null;
  return (
    <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
      <ClockIcon className="h-4 w-4 shrink-0 text-slate-500" />
      {place ? t('orderDetails.placeHeldUntil', { time: until }) : t('orderDetails.heldUntil', { time: until })}
    </p>
  );
}
