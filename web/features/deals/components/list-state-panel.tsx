import type { ReactNode } from 'react';
import { AlertIcon, SearchIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** The Featured Deals grid's place when there is nothing to list: no deals, no match, or a failed load. */
export function ListStatePanel({ tone = 'neutral', title, children }: { tone?: 'neutral' | 'error'; title: string; children?: ReactNode }) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-dashed px-6 py-14 text-center',
        tone === 'error' ? 'border-red-200 bg-red-50' : 'border-slate-300 bg-white',
      )}
    >
      {tone === 'error' ? <AlertIcon className="mx-auto h-8 w-8 text-red-700" /> : <SearchIcon className="mx-auto h-8 w-8 text-slate-400" />}
      <p className={cn('mt-3 text-lg font-semibold', tone === 'error' ? 'text-red-800' : 'text-slate-900')}>{title}</p>
      {children}
    </div>
  );
}
