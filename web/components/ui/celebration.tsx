/**
 * A moment worth celebrating, such as a group that has just formed: a badge that pops, a short burst of coloured pieces
 * around it, a heading and what follows. The burst is decoration only: hidden from screen readers, and left out for a
 * reader who asked for less motion (styles.css, `.celebration-piece`).
 */
import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CheckCircleIcon } from './icons';

const PIECES = 14;
const COLOURS = ['bg-brand-500', 'bg-amber-400', 'bg-sale-600', 'bg-sky-500', 'bg-violet-500'];

interface CelebrationProps {
  title: string;
  /** The title's element: h1 when the celebration heads the screen. */
  heading?: 'h1' | 'h2' | 'h3';
  /** Read out when it appears (a polite status); false where the screen already announces the change itself. */
  announce?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Celebration({ title, heading: Heading = 'h2', announce = true, className, children }: CelebrationProps) {
  return (
    <div role={announce ? 'status' : undefined} className={cn('text-center', className)} data-celebration="">
      <div className="relative mx-auto grid h-20 w-20 place-items-center">
        <span aria-hidden="true" className="pointer-events-none absolute inset-0">
          {Array.from({ length: PIECES }, (_, index) => (
            <span
              key={index}
              className={cn('celebration-piece absolute top-1/2 left-1/2 -mt-1 -ml-1 h-2 w-2 rounded-sm', COLOURS[index % COLOURS.length])}
              style={{ '--burst-angle': `${(360 / PIECES) * index}deg`, animationDelay: `${(index % 3) * 70}ms` } as CSSProperties}
            />
          ))}
        </span>
        <span className="celebration-badge grid h-16 w-16 place-items-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/60">
          <CheckCircleIcon className="h-9 w-9" />
        </span>
      </div>
      <Heading className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{title}</Heading>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
    </div>
  );
}
