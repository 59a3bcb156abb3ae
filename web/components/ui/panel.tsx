/** Panels: a titled section of a page on the white surface, and the panel a screen or list shows for a state (loading, empty, error, done). */
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { AlertIcon } from './icons';
import { translate } from '../../i18n';
import { Skeleton } from './skeleton';

interface PanelProps {
  /** The heading's id, which labels the section. */
  id: string;
  title: ReactNode;
  /** The heading's look: 'lg' for the cards of a form page, 'xl' for the sections of a content page. */
  titleSize?: 'lg' | 'xl';
  className?: string;
  children: ReactNode;
}

/** A section of a page, labelled by its heading. */
export function Panel({ id, title, titleSize = 'lg', className, children }: PanelProps) {
  return (
    <section aria-labelledby={id} className={cn('surface p-6 sm:p-8', className)}>
      <h2 id={id} className={cn('font-bold text-slate-900', titleSize === 'xl' ? 'text-xl' : 'text-lg')}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const TONES = {
  brand: 'bg-brand-50 text-brand-700',
  neutral: 'bg-slate-100 text-slate-700',
  sale: 'bg-sale-50 text-sale-600',
  danger: 'bg-red-50 text-red-700',
} as const;

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-xl' } as const;

interface StatePanelProps {
  /** 'loading' shows placeholders with the title read out; the others show the icon, title, message and actions. */
  state?: 'loading' | 'empty' | 'error' | 'info';
  icon?: ReactNode;
  /** The icon's colours; an error is 'danger' unless said otherwise. */
  tone?: keyof typeof TONES;
  title: string;
  message?: ReactNode;
  /** The title's element: h1 when the panel is all the screen shows, h2 or h3 under a heading of the screen. */
  heading?: 'h1' | 'h2' | 'h3';
  /** Offers a retry button (errors), labelled `retryLabel`. */
  onRetry?: () => void;
  retryLabel?: string;
  role?: 'alert' | 'status';
  /** The panel's width. */
  size?: keyof typeof WIDTHS;
  className?: string;
  /** Actions (links and buttons) under the message. */
  children?: ReactNode;
}

export function StatePanel({ state = 'info', icon, tone, title, message, heading: Heading = 'h2', onRetry, retryLabel, role, size = 'lg', className, children }: StatePanelProps) {
  if (state === 'loading') {
    return (
      <div className={cn('mx-auto surface px-6 py-14', WIDTHS[size], className)} aria-busy="true">
        <p className="sr-only" role="status">
          {title}
        </p>
        <Skeleton className="mx-auto h-14 w-14 rounded-full" />
        <Skeleton className="mx-auto mt-5 h-7 w-2/3" />
        <Skeleton className="mx-auto mt-3 h-5 w-1/2" />
      </div>
    );
  }
  const ring = TONES[tone ?? (state === 'error' ? 'danger' : 'brand')];
  return (
    <div className={cn('mx-auto surface px-6 py-14 text-center', WIDTHS[size], className)} role={role}>
      {icon ? <span className={cn('mx-auto mb-5 grid h-14 w-14 place-items-center rounded-full', ring)}>{icon}</span> : null}
      <Heading className="text-2xl font-bold text-slate-900">{title}</Heading>
      {message ? <div className="mt-2 text-slate-600">{message}</div> : null}
      {children || onRetry ? (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              {retryLabel ?? translate('common:tryAgain')}
            </Button>
          ) : null}
          {children}
        </div>
      ) : null}
    </div>
  );
}

/** What a screen or list shows when its data could not be loaded: the title, an ask to try again later, and Try again. */
export function LoadFailed({ title, onRetry, heading }: { title: string; onRetry: () => void; heading?: StatePanelProps['heading'] }) {
  return (
    <StatePanel
      state="error"
      role="alert"
      icon={<AlertIcon className="h-7 w-7" />}
      title={title}
      message={translate('common:tryAgainLater')}
      heading={heading}
      onRetry={onRetry}
    />
  );
}
