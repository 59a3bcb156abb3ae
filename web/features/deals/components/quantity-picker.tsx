/**
 * How many units Buy Now and Add to Cart take on the deal page: 1 up to the deal's per-customer limit, the units left and,
 * for a signed-in customer, what their allowance still holds (GET /api/deals/{id}/allowance), whichever is lowest. The
 * server holds the same limits; this only keeps the shopper from asking for what it refuses.
 */
import { useId, useState } from 'react';
import type { Deal, DealAllowance } from '../../../../contract/deals';
import { MAX_UNITS_PER_LINE } from '../../../../contract/constants';
import { inputClasses } from '../../../components/ui/field';
import { MinusIcon, PlusIcon } from '../../../components/ui/icons';
import { translate, useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { allowanceText, hasCounted } from '../allowance';

type PickedDeal = Pick<Deal, 'maxPerUser' | 'remaining' | 'soldOut'>;

/** The most units one purchase of the deal may take (0 when none are left, or the customer may buy no more). */
export function maxUnitsOf(deal: PickedDeal, allowance?: DealAllowance): number {
  if (deal.soldOut) return 0;
  let max = deal.maxPerUser > 0 ? deal.maxPerUser : MAX_UNITS_PER_LINE;
  if (deal.remaining !== null) max = Math.min(max, Math.max(0, deal.remaining));
  if (allowance) max = Math.min(max, allowance.remaining);
  return max;
}

function limitText(deal: PickedDeal, max: number, allowance: DealAllowance | undefined): string {
  if (deal.remaining !== null && deal.remaining <= max) return translate('deals:card.fewLeft', { count: deal.remaining });
  // The customer's own units hold them below the deal's limit: say how many more they may buy.
  if (allowance && hasCounted(allowance)) return allowanceText(allowance);
  return translate('deals:quantity.upTo', { max });
}

interface QuantityPickerProps {
  deal: PickedDeal;
  /** The signed-in customer's allowance, once read. */
  allowance?: DealAllowance | undefined;
  value: number;
  onChange: (quantity: number) => void;
  className?: string;
}

const stepClasses =
  'grid h-11 w-11 shrink-0 place-items-center rounded-xl border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-ring disabled:cursor-not-allowed disabled:opacity-40';

export function QuantityPicker({ deal, allowance, value, onChange, className }: QuantityPickerProps) {
  const { t } = useT('deals');
  const id = useId();
  const hintId = `${id}-hint`;
  const max = maxUnitsOf(deal, allowance);
  // What the shopper is typing, kept apart so an empty box can be typed into; a whole number in range is taken at once.
  const [draft, setDraft] = useState(String(value));
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    // The steps changed the quantity: the box follows.
    setSeenValue(value);
    setDraft(String(value));
  }

  if (max < 1) return null;
  const clamp = (n: number) => Math.min(max, Math.max(1, Math.floor(n)));
  const commit = () => {
    const typed = Number.parseInt(draft, 10);
    const next = Number.isNaN(typed) ? value : clamp(typed);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {t('quantity.label')}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <button type="button" className={stepClasses} onClick={() => onChange(clamp(value - 1))} disabled={value <= 1} aria-label={t('quantity.decrease')}>
          <MinusIcon className="h-4 w-4" />
        </button>
        <div className="w-20 shrink-0">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          aria-describedby={hintId}
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = Number(event.target.value);
            if (Number.isInteger(typed) && typed >= 1 && typed <= max) onChange(typed);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
          className={cn(inputClasses, 'h-11 px-2 text-center font-semibold tabular-nums')}
        />
        </div>
        <button type="button" className={stepClasses} onClick={() => onChange(clamp(value + 1))} disabled={value >= max} aria-label={t('quantity.increase')}>
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        {limitText(deal, max, allowance)}
      </p>
    </div>
  );
}
