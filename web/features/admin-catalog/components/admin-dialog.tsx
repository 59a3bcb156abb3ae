/** The dialog frame of the management screens (focus kept inside, Escape, focus returns to the opener). */
import type { ReactNode } from 'react';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role={role}
      lang="zh-CN"
      overlayClassName="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm"
      className={cn(
        'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6',
        size === 'lg' ? 'max-w-3xl' : 'max-w-lg',
      )}
    >
      <DialogTitle className="pr-10 text-lg font-bold text-slate-900">{title}</DialogTitle>
      {description ? (
        <DialogDescription className="mt-1.5 text-sm text-slate-600">{description}</DialogDescription>
      ) : (
        <DialogDescription className="sr-only">{title}</DialogDescription>
      )}
      <div className="mt-5">{children}</div>
      <DialogClose
        aria-label="关闭"
        className="absolute top-4 right-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-ring"
      >
        <XIcon className="h-5 w-5" />
      </DialogClose>
    </Dialog>
  );
}
