/** A deal's price and, when it has one, its former price struck through, each after a label only screen readers read. */
import type { Deal } from '../../../../contract/deals';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';

/** A card's figures (the home list, favourites) or the deal page's larger ones. */
const SIZES = {
  card: { row: 'mt-3 flex flex-wrap items-baseline gap-x-2', price: 'text-2xl font-bold tracking-tight text-slate-900', original: 'text-sm text-slate-500' },
  page: { row: 'mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1', price: 'text-4xl font-extrabold tracking-tight text-slate-900', original: 'text-lg text-slate-500' },
};

export function DealPrices({ deal, size = 'card' }: { deal: Pick<Deal, 'priceCents' | 'originalPriceCents'>; size?: keyof typeof SIZES }) {
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
    </div>
  );
}
