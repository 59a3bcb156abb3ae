/**
 * Every deal of the merchant with what became of its vouchers: sold, redeemed, refunded and outstanding (sold, not
 * yet used). A table on wide screens, one card per deal on phones.
 */
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import type { MerchantDealFigures } from '../../../../contract/workspace';
import { MerchantDealStatusBadge } from '../../merchant-deals';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { formatCount } from '../../../lib/numbers';

type CountKey = 'sold' | 'redeemed' | 'refunded' | 'outstanding';

/** The four counts of every deal, with their names in the language of the screen. */
function useCounts(): Array<{ key: CountKey; label: string }> {
  const { t } = useT('merchant');
  return [
    { key: 'sold', label: t('dealFigures.sold') },
    { key: 'redeemed', label: t('dealFigures.redeemed') },
    { key: 'refunded', label: t('dealFigures.refunded') },
    { key: 'outstanding', label: t('dealFigures.outstanding') },
  ];
}

function DealLink({ deal }: { deal: MerchantDealFigures }) {
  return (
    <Link href={paths.merchantDealEdit(deal.id)} className="font-semibold break-words text-slate-900 underline-offset-4 hover:underline focus-ring rounded">
      {deal.title}
    </Link>
  );
}

function DealTable({ deals }: { deals: MerchantDealFigures[] }) {
  const { t } = useT('merchant');
  const counts = useCounts();
  return (
    // Focusable, so the keyboard can scroll it sideways where it is wider than the screen.
    <div role="group" aria-labelledby="deal-figures-title" tabIndex={0} className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 focus-ring md:block">
      <table className="w-full border-collapse text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('dealFigures.deal')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('dealFigures.status')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('dealFigures.price')}
            </th>
            {counts.map((count) => (
              <th key={count.key} scope="col" className="px-4 py-3 text-right">
                {count.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {deals.map((deal) => (
            <tr key={deal.id} className="align-top">
              <th scope="row" className="max-w-72 px-4 py-3 font-normal">
                <DealLink deal={deal} />
              </th>
              <td className="px-4 py-3 whitespace-nowrap">
                <MerchantDealStatusBadge deal={deal} />
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-700">
                <Price cents={deal.priceCents} />
              </td>
              {counts.map((count) => (
                <td key={count.key} className="px-4 py-3 text-right text-slate-900 tabular-nums">
                  {formatCount(deal[count.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DealCards({ deals }: { deals: MerchantDealFigures[] }) {
  const { t } = useT('merchant');
  const counts = useCounts();
  return (
    <ul aria-labelledby="deal-figures-title" className="grid gap-3 md:hidden">
      {deals.map((deal) => (
        <li key={deal.id} className="surface min-w-0 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <DealLink deal={deal} />
            <MerchantDealStatusBadge deal={deal} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            <Trans t={t} i18nKey='dealFigures.perVoucher' components={{ price: <Price cents={deal.priceCents} /> }} />
          </p>
          <dl className="mt-3 grid grid-cols-4 gap-2 border-t border-slate-100 pt-3 text-center">
            {counts.map((count) => (
              <div key={count.key} className="min-w-0">
                <dt className="truncate text-xs text-slate-600">{count.label}</dt>
                <dd className="mt-0.5 font-bold text-slate-900 tabular-nums">{formatCount(deal[count.key])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function DealFigures({ deals }: { deals: MerchantDealFigures[] }) {
  const { t } = useT('merchant');
  return (
    <section aria-labelledby="deal-figures-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="deal-figures-title" className="text-xl font-bold text-slate-900">
          {t('dealFigures.title')}
        </h2>
        <Link href={paths.merchantDeals} className="text-link text-sm">
          {t('dealFigures.manage')}
        </Link>
      </div>
      <DealTable deals={deals} />
      <DealCards deals={deals} />
    </section>
  );
}
