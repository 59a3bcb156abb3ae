/** The dialog frame of the management screens (Radix: focus trap, Escape, focus returns to the opener). */
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { XIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

interface AdminDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg';
  children: ReactNode;
}

export function AdminDialog({ open, onOpenChange, title, description, role = 'dialog', size = 'md', children }: AdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content
          role={role}
          lang="zh-CN"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6',
            size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
          )}
        >
          <Dialog.Title className="pr-10 text-lg font-bold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1.5 text-sm text-slate-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label="关闭"
            className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
          >
            <XIcon className="h-5 w-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
