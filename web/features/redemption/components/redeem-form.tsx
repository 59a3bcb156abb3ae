/**
 * The redeem form (docs/product/screens.md#redeem-vouchers), built for a busy counter: code and PIN, "Check voucher",
 * then a confirm step with what the voucher is, and only then the redemption. A success leaves its note, clears the
 * form and puts the cursor back in the code field for whoever is next in line; the screen never moves away.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '../../../../contract/auth';
import { VOUCHER_CODE_LENGTH, VOUCHER_PIN_LENGTH } from '../../../../contract/constants';
import { paths } from '../../../../contract/routes';
import type { RedemptionPreview } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Price } from '../../../components/ui/price';
import { formatCount } from '../../../lib/numbers';
import { translate, useT } from '../../../i18n';
import { usePreviewRedemption } from '../api/preview-redemption';
import { redeemResultMessage, useRedeemVoucher, type RedeemResult } from '../api/redeem-voucher';
import { normalizePin, normalizeVoucherCode } from '../redeem-input';
import { cameFromScan } from '../scan-handoff';
import { ConfirmRedemption } from './confirm-redemption';
import { ResultBanner, type BannerContent } from './result-banner';

interface RedeemFormProps {
  user: CurrentUser;
  initialCode: string;
  initialPin: string;
}

/** Which fields are empty; their messages are worded when shown. */
interface FieldErrors {
  code?: boolean;
  pin?: boolean;
}

function validate(code: string, pin: string): FieldErrors {
  const errors: FieldErrors = {};
  if (code === '') errors.code = true;
  if (pin === '') errors.pin = true;
  return errors;
}

function refusal(reason: string | null): BannerContent {
  return { tone: 'error', title: redeemResultMessage({ ok: false, reason }) };
}

function redeemedNote(result: RedeemResult): BannerContent {
  const voucher = result.voucher;
  return {
    tone: 'success',
    title: redeemResultMessage(result),
    detail: voucher ? (
      <>
        <span className="font-semibold">{voucher.dealTitle}</span> · <Price cents={voucher.priceCents} />
        <span className="sr-only">{translate('merchant:redeemForm.readyForNext')}</span>
      </>
    ) : undefined,
  };
}

/** Code and PIN are read out to the customer character by character: large, spaced, fixed-width. */
const codeClasses = 'font-mono text-lg tracking-[0.2em] uppercase read-only:bg-slate-50';
const pinClasses = 'font-mono text-lg tracking-[0.2em] read-only:bg-slate-50';

export function RedeemForm({ user, initialCode, initialPin }: RedeemFormProps) {
  const { t } = useT('merchant');
  const [, navigate] = useLocation();
  const search = useSearch();
  const [code, setCode] = useState(initialCode);
  const [pin, setPin] = useState(initialPin);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The voucher being confirmed; null while the form is shown.
  const [preview, setPreview] = useState<RedemptionPreview | null>(null);
  // The last outcome (a refusal, or the note of a redemption), shown until the next check.
  const [outcome, setOutcome] = useState<BannerContent | null>(null);
  // Read once: the entry this form was opened in says whether a scan filled it in.
  const [fromScan, setFromScan] = useState(() => initialCode !== '' && cameFromScan());
  const check = usePreviewRedemption(user);
  const redeem = useRedeemVoucher(user);
  const codeRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the step that was just switched to is on screen.
  const focusNext = useRef<'code' | 'confirm' | null>(null);

  useEffect(() => {
    if (focusNext.current === 'code') codeRef.current?.focus();
    if (focusNext.current === 'confirm') confirmHeadingRef.current?.focus();
    focusNext.current = null;
  });

  const runCheck = (input: { code: string; pin: string }) => {
    setOutcome(null);
    check.mutate(input, {
      onSuccess: (result) => {
        if (result.ok) {
          focusNext.current = 'confirm';
          setPreview(result.preview);
          return;
        }
        setFromScan(false);
        setOutcome(refusal(result.reason));
      },
    });
  };

  // A scanned voucher link carries code and PIN: it is checked at once and lands on the confirm step (never redeemed).
  const checkedScan = useRef(false);
  useEffect(() => {
    if (checkedScan.current || !fromScan || initialPin === '') return;
    checkedScan.current = true;
    runCheck({ code: initialCode, pin: initialPin });
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const found = validate(code, pin);
    setErrors(found);
    if (found.code) {
      codeRef.current?.focus();
      return;
    }
    if (found.pin) {
      pinRef.current?.focus();
      return;
    }
    runCheck({ code, pin });
  };

  const backToForm = () => {
    focusNext.current = 'code';
    setPreview(null);
    setFromScan(false);
  };

  const confirm = () => {
    if (redeem.isPending) return;
    redeem.mutate(
      { code, pin },
      {
        onSuccess: (result) => {
          backToForm();
          if (!result.ok) {
            setOutcome(refusal(result.reason));
            return;
          }
          setCode('');
          setPin('');
          setErrors({});
          setOutcome(redeemedNote(result));
          // The voucher link's code and PIN leave the address too, so a reload does not bring them back.
          if (search !== '') navigate(paths.merchantRedeem, { replace: true });
        },
      },
    );
  };

  let banner: BannerContent | null = outcome;
  if (redeem.isPending) banner = { tone: 'progress', title: t('redeemForm.redeeming') };
  else if (check.isPending) banner = { tone: 'progress', title: t('redeemForm.checking') };
  else if (!banner && fromScan) {
    banner = {
      tone: 'info',
      title: t('scan.success'),
      detail: preview ? undefined : t('redeemForm.scannedHelp'),
    };
  }

  return (
    <div className="grid gap-5">
      {!user.merchantId ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('redeemForm.noMerchant')}
        </p>
      ) : null}

      {preview ? (
        <ConfirmRedemption preview={preview} redeeming={redeem.isPending} onConfirm={confirm} onCancel={backToForm} headingRef={confirmHeadingRef} />
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('redeemForm.formLabel')} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={t('redeemForm.code')}
              hint={t('redeemForm.codeHint', { length: formatCount(VOUCHER_CODE_LENGTH) })}
              error={errors.code ? t('redeemForm.codeRequired') : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={codeRef}
                  name="code"
                  type="text"
                  value={code}
                  onChange={(event) => setCode(normalizeVoucherCode(event.target.value))}
                  maxLength={VOUCHER_CODE_LENGTH}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  required
                  readOnly={check.isPending}
                  className={codeClasses}
                />
              )}
            </Field>

            <Field
              label={t('redeemForm.pin')}
              hint={t('redeemForm.pinHint', { length: formatCount(VOUCHER_PIN_LENGTH) })}
              error={errors.pin ? t('redeemForm.pinRequired') : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={pinRef}
                  name="pin"
                  type="text"
                  inputMode="numeric"
                  value={pin}
                  onChange={(event) => setPin(normalizePin(event.target.value))}
                  maxLength={VOUCHER_PIN_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  required
                  readOnly={check.isPending}
                  className={pinClasses}
                />
              )}
            </Field>
          </div>

          <Button type="submit" size="lg" disabled={check.isPending} className="w-full sm:w-auto sm:justify-self-start">
            {check.isPending ? t('redeemForm.checking') : t('redeemForm.check')}
          </Button>
        </form>
      )}

      <ResultBanner content={banner} />
    </div>
  );
}
