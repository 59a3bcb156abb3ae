/** A page that is one form on a card: a way back, the card's icon, title and subtitle, then the form. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';
import { ArrowLeftIcon } from './icons';

const TONES = { brand: 'bg-brand-50 text-brand-700', dark: 'bg-slate-900 text-white' } as const;

interface FormPageProps {
  back: { href: string; label: string };
  icon: ReactNode;
  tone?: keyof typeof TONES;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}

export function FormPage({ back, icon, tone = 'brand', title, subtitle, children }: FormPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-md">
        <Link href={back.href} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeftIcon className="h-4 w-4" />
          {back.label}
        </Link>
        <div className="mt-4 surface p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className={cn('grid h-12 w-12 shrink-0 place-items-center rounded-xl', TONES[tone])}>
              {icon}
            </span>
            <div>
              <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
              <p className="text-sm text-slate-600">{subtitle}</p>
            </div>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
