/**
 * The deal page's buy bar on a phone: fixed to the bottom of the screen with the price, Add to Cart and Buy Now, so
 * buying is one tap away however far the shopper has scrolled. A deal with a group offer has "Buy alone $X" and "Start a
 * group $Y" side by side instead (its price is on each button; Add to Cart stays in the purchase box). While the bar is
 * there the page leaves room for it at its bottom (styles.css, `[data-buy-bar]`), so the footer and the last of the
 * content scroll clear of it.
 */
import type { ReactNode } from 'react';
import type { Deal } from '../../../../contract/deals';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import type { AllowanceSlot, DealPageActions } from '../deal-actions';
import { groupOfferOf } from '../group-offer';

/** The bar's frame: fixed to the bottom, clear of the phone's home indicator. */
function Bar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      data-buy-bar=""
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] print:hidden"
    >
      <div className="mx-auto flex max-w-xl items-center gap-2">{children}</div>
    </section>
  );
}

/**
 * `actions`: Add to Cart, Buy Now and Start a group, the deal page's (deal-actions.ts). The page shows the bar only while
 * the shopper can buy; `allowance` keeps Add to Cart within what a signed-in customer may still buy.
 */
export function StickyBuyBar({
  deal,
  quantity,
  allowance,
  actions: { AddToCart, BuyNow, StartGroup },
}: {
  deal: Deal;
  quantity: number;
  allowance?: AllowanceSlot | undefined;
  actions: Pick<DealPageActions, 'AddToCart' | 'BuyNow' | 'StartGroup'>;
}) {
  const { t } = useT('deals');
  if (groupOfferOf(deal) !== null) {
    return (
      <Bar label={t('purchase.barLabel')}>
        {/* Each takes the room its label needs when both fit on one line; a long label wraps instead of overflowing. */}
        <div className="min-w-0 flex-auto">
          <BuyNow deal={deal} quantity={quantity} allowance={allowance} alone variant="outline" className="px-2 text-sm leading-tight whitespace-normal" />
        </div>
        <StartGroup deal={deal} allowance={allowance} compact className="min-w-0 flex-auto" />
      </Bar>
    );
  }
  return (
    <Bar label={t('purchase.barLabel')}>
      <p className="min-w-0 shrink-0 leading-tight">
        <span className="sr-only">{t('card.price')} </span>
        <Price cents={deal.priceCents} className="block text-lg font-extrabold text-slate-900" />
        {quantity > 1 ? (
          <span className="block text-xs text-slate-600">× {quantity}</span>
        ) : deal.originalPriceCents !== null ? (
          <>
            <span className="sr-only">{t('card.originalPrice')} </span>
            <Price cents={deal.originalPriceCents} struck className="block text-xs text-slate-500" />
          </>
        ) : null}
      </p>
      <AddToCart deal={deal} quantity={quantity} allowance={allowance} compact className="ml-auto h-12 w-12 shrink-0 px-0" />
      <BuyNow deal={deal} quantity={quantity} allowance={allowance} variant="primary" className="w-auto min-w-0 flex-1 px-3" />
    </Bar>
  );
}
