/**
 * The toast after a merchant is created (docs/product/screens.md#merchant-management): the login phone and generated password for 10 s, with a copy
 * button. The app's toast has no room for a button, so this one is a Radix toast of its own, styled like the others.
 */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { MERCHANT_CREATED_TOAST_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../../contract/constants';
import { CheckCircleIcon, XIcon } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { formatPhone } from '../../../lib/phone';
import { useCopy } from '../../../lib/use-copy';

export interface LoginInfo {
  merchantName: string;
  phone: string;
  password: string;
}

function CopyButton({ info }: { info: LoginInfo }) {
  const { t } = useT(['adminForms', 'admin']);
  const { state, copy } = useCopy();
  // The phone as stored, ready to paste into the login form.
  const text = t('loginInfo.copyText', { name: info.merchantName, phone: info.phone, password: info.password });

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" onClick={() => void copy(text)}>
        {state === 'copied' ? <CheckCircleIcon className="h-4 w-4" /> : null}
        {state === 'copied' ? t('loginInfo.copied') : t('loginInfo.copy')}
      </Button>
      {state === 'failed' ? <span className="text-xs text-red-700">{t('loginInfo.copyFailed')}</span> : null}
    </div>
  );
}

export function LoginInfoToast({ info, onClose }: { info: LoginInfo | null; onClose: () => void }) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  return (
    <ToastPrimitive.Provider
      duration={MERCHANT_CREATED_TOAST_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('loginInfo.label')}
    >
      {info ? (
        <ToastPrimitive.Root
          key={`${info.phone}-${info.password}`}
          defaultOpen
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
          duration={MERCHANT_CREATED_TOAST_MS}
          lang={langOf('loginInfo.title')}
          className="toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border border-emerald-200 bg-white p-4 pr-10 text-slate-900 shadow-lg"
        >
          <CheckCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
          <div className="min-w-0 flex-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t('loginInfo.title', { name: info.merchantName })}</ToastPrimitive.Title>
            <ToastPrimitive.Description asChild>
              <div className="mt-1 text-sm text-slate-700">
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                  <dt className="text-slate-600">{t('loginInfo.account')}</dt>
                  <dd className="font-mono font-semibold break-all text-slate-900">{formatPhone(info.phone)}</dd>
                  <dt className="text-slate-600">{t('loginInfo.password')}</dt>
                  <dd className="font-mono font-semibold break-all text-slate-900">{info.password}</dd>
                </dl>
                <p className="mt-1.5 text-xs text-slate-600">{t('loginInfo.onlyOnce')}</p>
              </div>
            </ToastPrimitive.Description>
            <CopyButton info={info} />
          </div>
          <ToastPrimitive.Close
            aria-label={t('loginInfo.close')}
            className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          >
            <XIcon className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label={t('loginInfo.viewportLabel')}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
