/**
 * The one modal dialog, on Radix Dialog: rendered over the page in a portal, it traps focus, closes on Escape or a
 * press on the backdrop, hides the page from assistive technology, stops the page scrolling, and gives focus back to
 * whatever had it before. Labelled by its title and described by its description (visually hidden when not given).
 */
import { useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { cn } from '../../lib/cn';
import { translate } from '../../i18n';
import { XIcon } from './icons';

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-3xl' } as const;

export interface DialogProps {
  /** Controlled when given; otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The control that opens the dialog (a single element, such as a <Button>). */
  trigger?: ReactNode;
  title: ReactNode;
  /** Shown under the title; when absent, the title is read as the description too. */
  description?: ReactNode;
  /** Shown beside the title (decorative). */
  icon?: ReactNode;
  /** The label of the X button in the corner. */
  closeLabel?: string;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  size?: keyof typeof SIZES;
  lang?: string;
  className?: string;
  children: ReactNode;
}

export function Dialog({ open, onOpenChange, trigger, title, description, icon, closeLabel, role = 'dialog', size = 'md', lang, className, children }: DialogProps) {
  const [openHere, setOpenHere] = useState(false);
  // Radix gives focus back to its own trigger; a dialog opened from elsewhere (a screen's state, a lazily loaded
  // dialog) gives it back to whatever had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = open ?? openHere;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOpenHere(next);
    onOpenChange?.(next);
  };
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <RadixDialog.Content
          role={role}
          lang={lang}
          // Radix gives Escape to the topmost of its layers, which is a toast raised with the dialog when that toast
          // mounted last: Escape pressed in the dialog closes the dialog all the same (the toast goes with it).
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.defaultPrevented) setOpen(false);
          }}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (trigger) return;
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
            opener.current = null;
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            SIZES[size],
            className,
          )}
        >
          <div className={cn('pr-8', icon ? 'flex items-center gap-3' : undefined)}>
            {icon ? (
              <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                {icon}
              </span>
            ) : null}
            <div>
              <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
              <RadixDialog.Description className={description ? 'mt-1 text-sm text-slate-600' : 'sr-only'}>{description ?? title}</RadixDialog.Description>
            </div>
          </div>
          <div className="mt-5">{children}</div>
          <RadixDialog.Close
            aria-label={closeLabel ?? translate('common:close')}
            className="absolute top-4 right-4 grid h-9 w-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
          >
            <XIcon className="h-5 w-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it is in; wraps one element (such as a Cancel <Button>). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
