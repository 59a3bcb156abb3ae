/** Copies a voucher code; a check mark confirms it for 2 s (docs/product/constants.md#screen-timings). */
import { CheckIcon, CopyIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useCopy } from '../../../lib/use-copy';

export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  const { t } = useT('vouchers');
  const { state, copy: copyText } = useCopy();
  const copied = state === 'copied';

  const copy = async () => {
    if (!(await copyText(code))) toast({ title: t('copy.failedTitle'), description: t('copy.failedDescription', { code }), variant: 'destructive' });
  };

  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className={cn(
          'grid h-9 w-9 shrink-0 place-items-center rounded-lg transition-colors focus-ring',
          copied ? 'bg-emerald-50 text-emerald-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          className,
        )}
        aria-label={t('copy.label', { code })}
      >
        {copied ? <CheckIcon className="h-4.5 w-4.5" /> : <CopyIcon className="h-4.5 w-4.5" />}
      </button>
      <span role="status" className="sr-only">
        {copied ? t('copy.copied', { code }) : ''}
      </span>
    </>
  );
}
