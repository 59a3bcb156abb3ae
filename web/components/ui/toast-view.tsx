/** Radix Toast rendering with the settings of docs/product/constants.md#screen-timings: 5 s, swipe right past 50 px, F8 to reach the toasts; at the top of a phone, clear of the buttons at its bottom. */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../contract/constants';
import { cn } from '../../lib/cn';
import { AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons';
import { translate } from '../../i18n';
import { dismissToast, useToasts, type ToastVariant } from './toast';

const variantStyles: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-700 text-white',
};

function VariantIcon({ variant }: { variant: ToastVariant }) {
  if (variant === 'success') return <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />;
  if (variant === 'destructive') return <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-white" />;
  return <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />;
}

export default function ToastView() {
  const current = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {current.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            duration={t.duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            className={cn(
              'toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg',
              variantStyles[variant],
            )}
          >
            <VariantIcon variant={variant} />
            <div className="grid gap-0.5">
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description ? (
                <ToastPrimitive.Description
                  className={cn('text-sm', variant === 'destructive' ? 'text-red-50' : 'text-slate-600')}
                >
                  {t.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label={translate('common:closeNotification')}
              className={cn(
                'absolute top-3 right-3 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-1',
                variant === 'destructive'
                  ? 'text-red-50 hover:bg-red-800 focus-visible:outline-white'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-brand-600',
              )}
            >
              <XIcon className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed top-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none print:hidden md:top-auto md:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
