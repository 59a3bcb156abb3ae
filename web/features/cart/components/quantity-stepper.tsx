/**
 * A cart line's quantity, changed within the deal's limits and what the signed-in customer may still buy of it
 * (docs/product/rules.md#per-customer-limits); down from one removes the line.
 */
import type { CartLine } from '../cart-lines';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { setCartQuantity } from '../../../lib/cart-storage';
import { cn } from '../../../lib/cn';
import { allowanceHint, allowanceMessage, limitHint, limitMessage } from '../cart-limits';

export function QuantityStepper({ line, title }: { line: CartLine; title: string }) {
  const { t } = useT('cart');
  const atMax = line.quantity >= line.max;
  // The customer's own units limit the line before the deal's limits do: that is what the hint says then.
  const mine = allowanceHint(line.allowance, line.quantity, line.dealMax);
  const hint = mine?.text ?? limitHint(line.deal, line.quantity);
  const over = line.quantity > line.max;

  const change = (next: number) => {
    if (next > line.max) {
      const description = line.max < line.dealMax ? allowanceMessage(line.deal, line.max) : limitMessage(line.deal, line.max);
      toast({ title: t('toasts.limitTitle'), description, variant: 'destructive' });
      return;
    }
    if (setCartQuantity(line.dealId, next) === 'removed') {
      toast({ title: t('toasts.removedTitle'), description: t('toasts.removedDescription', { title }) });
    }
  };

  return (
    <div>
      <div role="group" aria-label={t('quantity.group', { title })} className="inline-flex items-center rounded-xl border border-slate-300 bg-white">
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-l-xl text-slate-700 hover:bg-slate-100 focus-ring"
          onClick={() => change(line.quantity - 1)}
          aria-label={line.quantity === 1 ? t('quantity.remove', { title }) : t('quantity.decrease', { title })}
        >
          <MinusIcon className="h-4 w-4" />
        </button>
        <output className="w-10 text-center font-semibold text-slate-900 tabular-nums" aria-live="polite" aria-label={t('quantity.value', { quantity: line.quantity })}>
          {line.quantity}
        </output>
        <button
          type="button"
          className="grid h-10 w-10 place-items-center rounded-r-xl text-slate-700 hover:bg-slate-100 focus-ring disabled:cursor-not-allowed disabled:opacity-40"
          onClick={() => change(line.quantity + 1)}
          disabled={atMax}
          aria-label={t('quantity.increase', { title })}
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
      {hint ? <p className={cn('mt-1.5 text-xs', over ? 'font-semibold text-red-700' : 'text-slate-600')}>{hint}</p> : null}
    </div>
  );
}
