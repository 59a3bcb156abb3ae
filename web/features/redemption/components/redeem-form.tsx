/**
 * The redeem form (docs/product/screens.md#redeem-vouchers): code and PIN, Redeem Voucher and the outcome. A success
 * stays on screen with its Undo (for REDEMPTION_UNDO_MINUTES) and "Redeem another voucher", which clears the form for
 * whoever is next in line.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../contract/auth';
import { VOUCHER_CODE_LENGTH, VOUCHER_PIN_LENGTH } from '../../../../contract/constants';
import { Price } from '../../../components/ui/price';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { redeemResultMessage, useRedeemVoucher, type RedeemResult } from '../api/redeem-voucher';
import { normalizePin, normalizeVoucherCode } from '../redeem-input';
import { cameFromScan, SCAN_SUCCESS_MESSAGE } from '../scan-handoff';
import { ResultBanner, type BannerContent } from './result-banner';
import { UndoOffer, type Undoable } from './undo-offer';

interface RedeemFormProps {
  user: CurrentUser;
  initialCode: string;
  initialPin: string;
}

interface FieldErrors {
  code?: string;
  pin?: string;
}

function validate(code: string, pin: string): FieldErrors {
  const errors: FieldErrors = {};
  if (code === '') errors.code = 'Please enter the voucher code';
  if (pin === '') errors.pin = 'Please enter the PIN';
  return errors;
}

function resultBanner(result: RedeemResult): BannerContent {
  if (!result.ok) return { tone: 'error', title: redeemResultMessage(result) };
  const voucher = result.voucher;
  return {
    tone: 'success',
    title: redeemResultMessage(result),
    detail: voucher ? (
      <>
        <span className="font-semibold">{voucher.dealTitle}</span> · <Price cents={voucher.priceCents} />
      </>
    ) : undefined,
  };
}

/** Code and PIN are read out to the customer character by character: large, spaced, fixed-width. */
const codeClasses = 'font-mono text-lg tracking-[0.2em] uppercase read-only:bg-slate-50';
const pinClasses = 'font-mono text-lg tracking-[0.2em] read-only:bg-slate-50';

export function RedeemForm({ user, initialCode, initialPin }: RedeemFormProps) {
  const [code, setCode] = useState(initialCode);
  const [pin, setPin] = useState(initialPin);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<RedeemResult | null>(null);
  // Read once: the entry this form was opened in says whether a scan filled it in.
  const [scanned] = useState(() => initialCode !== '' && cameFromScan());
  const redeem = useRedeemVoucher(user);
  const codeRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const [undoable, setUndoable] = useState<Undoable | null>(null);
  const redeemed = result?.ok === true;

  const succeeded = (answer: RedeemResult) => {
    setResult(answer);
    const voucher = answer.ok ? answer.voucher : undefined;
    // The undo names the voucher by id: offered when the server says which one it was.
    if (voucher?.voucherId) setUndoable({ voucherId: voucher.voucherId, voucherCode: voucher.voucherCode, redeemedAt: voucher.redeemedAt });
  };

  const startOver = () => {
    setCode('');
    setPin('');
    setErrors({});
    setResult(null);
    codeRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (redeem.isPending || redeemed) return;
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
    setResult(null);
    redeem.mutate({ code, pin }, { onSuccess: succeeded });
  };

  let banner: BannerContent | null = null;
  if (result) banner = resultBanner(result);
  else if (redeem.isPending) banner = { tone: 'progress', title: 'Redeeming…' };
  else if (scanned) banner = { tone: 'info', title: SCAN_SUCCESS_MESSAGE, detail: 'Check the code and PIN with the customer, then press Redeem Voucher.' };

  const locked = redeem.isPending || redeemed;

  return (
    <form noValidate onSubmit={submit} aria-label="Redeem a voucher" className="grid gap-5">
      {!user.merchantId ? (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This account is not bound to a merchant. Vouchers can only be redeemed from a merchant account.
        </p>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Voucher Code" hint={`${VOUCHER_CODE_LENGTH} characters, printed on the customer's voucher.`} error={errors.code}>
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
              readOnly={locked}
              className={codeClasses}
            />
          )}
        </Field>

        <Field label="PIN" hint={`${VOUCHER_PIN_LENGTH} digits, told by the customer.`} error={errors.pin}>
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
              readOnly={locked}
              className={pinClasses}
            />
          )}
        </Field>
      </div>

      {redeemed ? (
        <Button size="lg" onClick={startOver} className="w-full sm:w-auto sm:justify-self-start">
          Redeem another voucher
        </Button>
      ) : (
        <Button type="submit" size="lg" disabled={locked} className="w-full sm:w-auto sm:justify-self-start">
          {redeem.isPending ? 'Redeeming…' : 'Redeem Voucher'}
        </Button>
      )}

      <ResultBanner content={banner} />
      {undoable ? (
        <UndoOffer
          key={`${undoable.voucherId}-${undoable.redeemedAt}`}
          undoable={undoable}
          // The voucher can be redeemed again: the success no longer stands.
          onUndone={() => setResult((current) => (current?.ok ? null : current))}
        />
      ) : null}
    </form>
  );
}
