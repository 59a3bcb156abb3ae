/**
 * On the checkout page of a place in a group: the group the payment is for (the deal, the group price, its size, the
 * places still to be paid besides the customer's own, and when it closes).
 */
import type { OrderSummary } from '../../../../contract/checkout';
import type { OrderGroup } from '../../../../contract/groups';
import { Trans } from 'react-i18next';
import { UsersIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatIso, formatTimeOrDayTime } from '../../../lib/date-format';

export function GroupPlace({ group, order }: { group: OrderGroup; order: OrderSummary }) {
  const { t } = useT('checkout');
  const line = order.items[0];
  // The customer's own place is held, not paid: what is left besides it is what others can still take.
  const seatsLeft = Math.max(0, group.waitingFor - 1);
  const closes = formatIso(group.deadline, (date) => formatTimeOrDayTime(date));
  return (
    <section aria-labelledby="group-place-title" className="mt-6 flex gap-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-white text-brand-800 ring-1 ring-brand-100">
        <UsersIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <h2 id="group-place-title" className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          {t('groupPlace.title')}
        </h2>
        {line ? <p className="mt-1 text-lg font-bold break-words text-slate-900">{line.title}</p> : null}
        {line ? (
          <p className="mt-0.5 text-slate-800">
            <Trans t={t} i18nKey="groupPlace.price" components={{ price: <Price cents={line.unitPriceCents} className="font-semibold" /> }} />
          </p>
        ) : null}
        {group.status === 'open' ? (
          <p className="mt-1 text-sm text-slate-700">
            {t('groupPlace.facts', {
              size: group.size,
              seats: seatsLeft > 0 ? t('groupPlace.seatsLeft', { count: seatsLeft }) : t('groupPlace.lastPlace'),
              time: closes,
            })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
