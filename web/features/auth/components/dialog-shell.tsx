/** The frame of the login and register dialogs: Radix Dialog (focus trap, Escape, scroll lock) with a title and a close button. */
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { TicketIcon, XIcon } from '../../../components/ui/icons';

interface DialogShellProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  closeLabel: string;
  lang?: string;
  children: ReactNode;
}

export function DialogShell({ open, onClose, title, description, closeLabel, lang, children }: DialogShellProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content
          lang={lang}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <div className="flex items-center gap-3 pr-8">
            <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
              <TicketIcon className="h-5 w-5" />
            </span>
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
            </div>
          </div>
          <div className="mt-6">{children}</div>
          <Dialog.Close
            aria-label={closeLabel}
            className="absolute top-4 right-4 grid h-9 w-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-ring"
          >
            <XIcon className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
