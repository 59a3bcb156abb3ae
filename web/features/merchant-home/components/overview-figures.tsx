/** The home's figure cards: today's (a UTC day) and the totals since the merchant's first sale. */
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { MerchantOverview } from '../../../../contract/workspace';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
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
  const { t } = useT('merchant');
  return (
    <FigureCards
      id="today-title"
      title={t('figures.todayTitle')}
      intro={t('figures.todayIntro')}
      className="grid-cols-3"
      figures={[
        { label: t('figures.redemptions'), value: formatCount(today.redemptions) },
        { label: t('figures.unitsSold'), value: formatCount(today.unitsSold) },
        { label: t('figures.refunds'), value: formatCount(today.refunds) },
      ]}
    />
  );
}

export function TotalFigures({ totals }: { totals: MerchantOverview['totals'] }) {
  const { t } = useT('merchant');
  return (
    <FigureCards
      id="totals-title"
      title={t('figures.totalsTitle')}
      intro={t('figures.totalsIntro')}
      className="grid-cols-2 lg:grid-cols-4"
      figures={[
        { label: t('figures.unitsSold'), value: formatCount(totals.unitsSold) },
        { label: t('figures.outstanding'), value: formatCount(totals.vouchersOutstanding), note: t('figures.outstandingNote') },
        {
          label: t('figures.refunds'),
          value: formatCount(totals.refunds),
          note: <Trans t={t} i18nKey='figures.refunded' components={{ price: <Price cents={totals.refundedCents} /> }} />,
        },
        { label: t('figures.redeemedValue'), value: <Price cents={totals.redeemedCents} /> },
      ]}
    />
  );
}
