/**
 * /merchant/scan (docs/product/screens.md#scan-qr-code): read a voucher's QR code with the camera, or type or paste what it holds, and go on
 * to the redeem screen with it: a voucher link (code and PIN) is checked there at once and waits on the confirm step, a
 * bare code fills in the form. Nothing is ever redeemed without the merchant confirming it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { SIMULATED_SCAN_MS } from '../../../contract/constants';
import { paths } from '../../../contract/routes';
import { Button, buttonClasses } from '../../components/ui/button';
import { ArrowLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth';
import { CameraScanner } from './components/camera-scanner';
import { MerchantLoginPrompt } from './components/merchant-login-prompt';
import { ResultBanner, type BannerContent } from './components/result-banner';
import { scanHandoffState } from './scan-handoff';
import { interpretScan, redeemFormHref, type ScanReading } from './scan-payload';

type UsableReading = Exclude<ScanReading, { kind: 'invalid' }>;

function ManualScan({ onUsable }: { onUsable: (reading: UsableReading) => void }) {
  const id = useId();
  const { t } = useT('merchant');
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [banner, setBanner] = useState<BannerContent | null>(null);
  const [scanning, setScanning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scanning) return;
    if (text.trim() === '') {
      setFieldError(t('scan.blank'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    const reading = interpretScan(text);
    // A pasted voucher link holds everything the form needs, exactly as the camera would have read it.
    if (reading.kind === 'link') {
      onUsable(reading);
      return;
    }
    setScanning(true);
    setBanner({ tone: 'progress', title: t('scan.scanningBanner') });
    timer.current = setTimeout(() => {
      setScanning(false);
      if (reading.kind === 'invalid') {
        setBanner({ tone: 'error', title: t('scan.invalid') });
        return;
      }
      setBanner({ tone: 'success', title: t('scan.success') });
      onUsable(reading);
    }, SIMULATED_SCAN_MS);
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <label htmlFor={`${id}-text`} className="text-sm font-semibold text-slate-800">
        {t('scan.textLabel')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id={`${id}-text`}
          name="qr"
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          readOnly={scanning}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
          className={cn(
            // Grows beside the button on wide screens only: in the phone's column, flex-1 would squash its height.
            'block h-12 w-full min-w-0 sm:flex-1 rounded-xl border bg-white px-4 text-slate-900 shadow-xs focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none read-only:bg-slate-50',
            fieldError ? 'border-red-600' : 'border-slate-300',
          )}
        />
        <Button type="submit" size="lg" disabled={scanning} className="sm:w-32">
          {scanning ? t('scan.scanning') : t('scan.scanButton')}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('scan.textHint')}
      </p>
      {fieldError ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {fieldError}
        </p>
      ) : null}
      <ResultBanner content={banner} />
    </form>
  );
}

export default function ScanPage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('scan.title'));
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const [cameraBanner, setCameraBanner] = useState<BannerContent | null>(null);

  const openForm = (reading: UsableReading) => {
    navigate(redeemFormHref(reading.code, reading.kind === 'link' ? reading.pin : undefined), { state: scanHandoffState });
  };

  const onCameraRead = (text: string): boolean => {
    const reading = interpretScan(text);
    if (reading.kind === 'invalid') {
      setCameraBanner({ tone: 'error', title: t('scan.invalid'), detail: t('scan.notVoucher') });
      return false;
    }
    setCameraBanner({ tone: 'success', title: t('scan.success') });
    openForm(reading);
    return true;
  };

  if (isLoading) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="mt-6 h-80 w-full rounded-2xl" />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link href={paths.home} className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('scan.back')}
      </Link>

      {!user ? (
        <div className="mt-6">
          <MerchantLoginPrompt title={t('scan.title')} />
        </div>
      ) : (
        <div className="mt-4 grid gap-8">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t('scan.title')}</h1>
            <p className="mt-1 text-slate-600">{t('scan.intro')}</p>
          </div>

          <section aria-labelledby="camera-title" className="surface grid gap-4 p-6 sm:p-8">
            <h2 id="camera-title" className="text-xl font-bold text-slate-900">
              {t('scan.camera')}
            </h2>
            <CameraScanner onRead={onCameraRead} />
            <ResultBanner content={cameraBanner} />
          </section>

          <section aria-labelledby="manual-title" className="surface grid gap-4 p-6 sm:p-8">
            <h2 id="manual-title" className="text-xl font-bold text-slate-900">
              {t('scan.manualTitle')}
            </h2>
            <ManualScan onUsable={openForm} />
          </section>

          <Link href={paths.merchantRedeem} className="surface flex items-center justify-between gap-4 p-5 text-slate-900 hover:bg-slate-50 focus-ring">
            <span>
              <span className="block font-semibold">{t('scan.manualLink')}</span>
              <span className="block text-sm text-slate-600">{t('scan.manualLinkHint')}</span>
            </span>
            <ChevronRightIcon className="h-5 w-5 shrink-0 text-slate-500" />
          </Link>
        </div>
      )}
    </div>
  );
}
