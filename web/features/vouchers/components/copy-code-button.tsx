/** Copies a voucher code; a check mark confirms it for 2 s (docs/product/constants.md#screen-timings). */
import { CheckIcon, CopyIcon } from '../../../components/ui/icons';
import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRM_MS } from '../../../../contract/constants';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';

export function CopyCodeButton({ code, className }: { code: string; className?: string }) {
  const { t } = useT('vouchers');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      toast({ title: t('copy.failedTitle'), description: t('copy.failedDescription', { code }), variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
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
