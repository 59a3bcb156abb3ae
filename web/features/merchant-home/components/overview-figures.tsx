/** The home's figure cards: today's (a UTC day) and the totals since the merchant's first sale. */
import type { ReactNode } from 'react';
import type { MerchantOverview } from '../../../../contract/workspace';
import { Price } from '../../../components/ui/price';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/numbers';

interface Figure {
  label: string;
  value: ReactNode;
  /** A line under the value. */
  note?: ReactNode;
}

function FigureCards({ id, title, intro, figures, className }: { id: string; title: string; intro: string; figures: Figure[]; className: string }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      <dl className={cn('grid gap-3', className)}>
        {figures.map((figure) => (
          <div key={figure.label} className="surface min-w-0 p-3 sm:p-4">
            <dt className="text-xs break-words text-slate-600 sm:text-sm">{figure.label}</dt>
            <dd className="mt-1 text-xl font-extrabold break-words text-slate-900 tabular-nums sm:text-2xl">{figure.value}</dd>
            {figure.note ? <dd className="mt-0.5 text-sm break-words text-slate-600">{figure.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TodayFigures({ today }: { today: MerchantOverview['today'] }) {
  return (
    <FigureCards
      id="today-title"
      title="Today"
      intro="Since midnight UTC."
      className="grid-cols-3"
      figures={[
        { label: 'Redemptions', value: formatCount(today.redemptions) },
        { label: 'Units sold', value: formatCount(today.unitsSold) },
        { label: 'Refunds', value: formatCount(today.refunds) },
      ]}
    />
  );
}

export function TotalFigures({ totals }: { totals: MerchantOverview['totals'] }) {
  return (
    <FigureCards
      id="totals-title"
      title="Totals"
      intro="Since your first sale."
      className="grid-cols-2 lg:grid-cols-4"
      figures={[
        { label: 'Units sold', value: formatCount(totals.unitsSold) },
        { label: 'Vouchers outstanding', value: formatCount(totals.vouchersOutstanding), note: 'Sold, not yet used' },
        { label: 'Refunds', value: formatCount(totals.refunds), note: <><Price cents={totals.refundedCents} /> refunded</> },
        { label: 'Redeemed value', value: <Price cents={totals.redeemedCents} /> },
      ]}
    />
  );
}
