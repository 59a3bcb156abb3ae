/**
 * What a signed-in customer may still buy of a deal, said beside the buttons it governs (the deal page's purchase box, the
 * group page's actions). At the limit it is the reason those buttons are disabled: they point at it with aria-describedby
 * through its `id`. Nothing is shown before the customer has any unit counted, where the picker's "Up to N per customer"
 * says it all.
 */
import type { DealAllowance } from '../../../../contract/deals';
import { AlertIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { allowanceText, hasCounted } from '../allowance';

export function AllowanceNote({ allowance, id, className }: { allowance: DealAllowance | undefined; id: string; className?: string }) {
  // The texts' namespace is loaded with the note.
  useT('deals');
  if (!allowance || !hasCounted(allowance)) return null;
  const atLimit = allowance.remaining === 0;
  return (
    <p
      id={id}
      className={cn(
        'flex items-start gap-2 rounded-xl p-3 text-sm',
        atLimit ? 'bg-amber-50 font-medium text-amber-950 ring-1 ring-amber-200' : 'bg-brand-50 text-brand-900 ring-1 ring-brand-100',
        className,
      )}
    >
      {atLimit ? <AlertIcon className="mt-0.5 h-4 w-4 shrink-0" /> : null}
      <span>{allowanceText(allowance)}</span>
    </p>
  );
}
