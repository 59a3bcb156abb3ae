/** The one-line outcome under a form (redeemed, refused, scanning, scanned), announced to screen readers as it changes. */
import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, ClockIcon, InfoIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

export type BannerTone = 'success' | 'error' | 'info' | 'progress';

export interface BannerContent {
  tone: BannerTone;
  title: string;
  detail?: ReactNode;
}

const toneStyles: Record<BannerTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  progress: 'border-slate-200 bg-slate-50 text-slate-800',
};

function ToneIcon({ tone }: { tone: BannerTone }) {
  const className = 'mt-0.5 h-5 w-5 shrink-0';
  if (tone === 'success') return <CheckCircleIcon className={cn(className, 'text-emerald-700')} />;
  if (tone === 'error') return <AlertIcon className={cn(className, 'text-red-700')} />;
  if (tone === 'progress') return <ClockIcon className={cn(className, 'animate-pulse text-slate-600')} />;
  return <InfoIcon className={cn(className, 'text-brand-700')} />;
}

/** The live region stays in the page while empty, so the first message is announced too. */
export function ResultBanner({ content, className }: { content: BannerContent | null; className?: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" className={className}>
      {content ? (
        <div
          data-tone={content.tone}
          className={cn('flex items-start gap-3 rounded-xl border px-4 py-3', toneStyles[content.tone])}
        >
          <ToneIcon tone={content.tone} />
          <div className="min-w-0">
            <p className="font-semibold break-words">{content.title}</p>
            {content.detail ? <div className="mt-0.5 text-sm break-words">{content.detail}</div> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
