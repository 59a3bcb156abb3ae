/** The cart's order summary: units, savings and total, and Checkout Now (held back while a line cannot be bought). */
import { Button } from '../../../components/ui/button';
import { ShieldCheckIcon, SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import type { summarizeCart } from '../cart-lines';

interface OrderSummaryProps {
  summary: ReturnType<typeof summarizeCart>;
  blocked: boolean;
  pending: boolean;
  onCheckout: () => void;
}

export function OrderSummary({ summary, blocked, pending, onCheckout }: OrderSummaryProps) {
  const { t } = useT('cart');
  return (
    <section aria-labelledby="summary-title" className="surface p-6 lg:sticky lg:top-24">
      <h2 id="summary-title" className="text-lg font-bold text-slate-900">
        {t('summary.title')}
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">
            {t('summary.items', { count: summary.units })}
          </dt>
          <dd className="font-medium text-slate-900 tabular-nums"><Price cents={summary.totalCents} /></dd>
        </div>
        {summary.savingsCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t('summary.youSave')}</dt>
            <dd className="font-medium text-sale-700 tabular-nums">−<Price cents={summary.savingsCents} /></dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
          <dt className="font-semibold text-slate-900">{t('summary.total')}</dt>
          <dd className="font-extrabold text-slate-900 tabular-nums"><Price cents={summary.totalCents} /></dd>
        </div>
      </dl>
      {summary.incomplete ? <p className="mt-2 text-xs text-slate-600">{t('summary.pricesLoading')}</p> : null}
      <Button
        size="lg"
        className="mt-6 w-full"
        onClick={onCheckout}
        disabled={pending || blocked}
        aria-describedby={blocked ? 'checkout-blocked' : undefined}
      >
        {pending ? <SpinnerIcon className="h-5 w-5" /> : null}
        {t('summary.checkoutNow')}
      </Button>
      {blocked ? (
        <p id="checkout-blocked" className="mt-2 text-sm text-red-700">
          {t('summary.blocked')}
        </p>
      ) : null}
      <p className="mt-4 flex items-start gap-2 text-xs text-slate-600">
        <ShieldCheckIcon className="h-4 w-4 shrink-0 text-brand-700" />
        {t('summary.secure')}
      </p>
    </section>
  );
}
