/**
 * A deal's price and, when it has one, its former price struck through, each after a label only screen readers read;
 * on a card, a group offer's price beside them ('3-person group $12.00').
 */
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import type { Deal } from '../../../../contract/deals';
import { UsersIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { groupOfferOf } from '../group-offer';

/** A card's figures (the home list, favourites) or the deal page's larger ones. */
const SIZES = {
  card: { row: 'mt-3 flex flex-wrap items-baseline gap-x-2', price: 'text-2xl font-bold tracking-tight text-slate-900', original: 'text-sm text-slate-500' },
  page: { row: 'mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1', price: 'text-4xl font-extrabold tracking-tight text-slate-900', original: 'text-lg text-slate-500' },
};

/** `children`: what stands beside the prices on the same row (a card's group price). */
export function DealPrices({
  deal,
  size = 'card',
  children,
}: {
  deal: Pick<Deal, 'priceCents' | 'originalPriceCents'>;
  size?: keyof typeof SIZES;
  children?: ReactNode;
}) {
  const { t } = useT('deals');
  const look = SIZES[size];
  return (
    <div className={look.row}>
      <span className="sr-only">{t('card.price')}</span>
      <Price cents={deal.priceCents} className={look.price} />
      {deal.originalPriceCents !== null ? (
        <>
          <span className="sr-only">{t('card.originalPrice')}</span>
          <Price cents={deal.originalPriceCents} struck className={look.original} />
        </>
      ) : null}
      {children}
    </div>
  );
}

/** '3-person group $12.00' beside a card's price, for a deal with a group offer; nothing for one without. */
export function GroupPriceTag({ deal }: { deal: Deal }) {
  const { t } = useT('deals');
  const offer = groupOfferOf(deal);
  if (offer === null) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-brand-800 ring-1 ring-brand-100">
      <UsersIcon className="h-3.5 w-3.5 shrink-0" />
      <Trans t={t} i18nKey="card.groupPrice" values={{ size: offer.size }} components={{ price: <Price cents={offer.priceCents} /> }} />
    </span>
  );
}
