import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A grey pulsing block standing in for content that is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} {...props} />;
}
