/**
 * The payment form of the checkout page: card fields, the total, and the pay call with its processing state. For a
 * place in a group it names the group, says the place is paid (never that vouchers are ready: they come when the group
 * forms) and its way back leads to the group.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { TestCheckoutSession } from '../../../../contract/checkout';
import type { OrderGroup } from '../../../../contract/groups';
import { CARDHOLDER_NAME_MAX_LENGTH } from '../../../../contract/constants';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { CreditCardIcon, InfoIcon, LockIcon, SpinnerIcon } from '../../../components/ui/icons';
import { Trans } from 'react-i18next';
import { Price } from '../../../components/ui/price';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { removeDealsFromCart } from '../../../lib/cart-storage';
import { cn } from '../../../lib/cn';
import { useCancelCheckoutSession } from '../api/cancel-checkout-session';
import { usePayCheckoutSession } from '../api/pay-checkout-session';
import { formatCardNumber, formatCvc, formatExpiry, missingCardFields, type CardFields } from '../card-format';
import { sameSitePath } from '../same-site-path';
import { CheckoutShell } from './checkout-shell';
import { GroupPlace } from './group-place';
import { OrderDetails } from './order-details';

const EMPTY_CARD: CardFields = { cardNumber: '', expiry: '', cvc: '', cardholderName: '' };

interface CardFieldProps {
  name: keyof CardFields;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  autoComplete: string;
  placeholder: string;
  inputMode?: 'numeric' | 'text';
  maxLength: number;
  /** The provider's refusal of what this field holds (a declined or expired card), shown under it. */
  error?: string;
}

function CardField({ name, value, invalid, onChange, autoComplete, placeholder, inputMode = 'text', maxLength, error }: CardFieldProps) {
  const { t } = useT('checkout');
  return (
    <Field id={`card-${name}`} label={t(`paymentForm.${name}`)} error={error}>
      {(control) => (
        <Input
          {...control}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          required
          aria-invalid={invalid || error !== undefined || undefined}
          className={cn(name !== 'cardholderName' && 'tracking-wide tabular-nums')}
        />
      )}
    </Field>
  );
}

/** `group`: the group the order pays a place in, once the payment status has told it (null for an ordinary order). */
export function PaymentForm({ session, group = null }: { session: TestCheckoutSession; group?: OrderGroup | null }) {
  const { t } = useT('checkout');
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<Array<keyof CardFields>>([]);
  // A card the provider refused: its reason stays under the field until the field changes or another try is made.
  const [cardError, setCardError] = useState<{ field: 'cardNumber' | 'expiry'; message: string } | null>(null);
  useEffect(() => {
    if (cardError) document.getElementById(`card-${cardError.field}`)?.focus();
  }, [cardError]);
  const missingToast = useRef<{ dismiss: () => void } | null>(null);
  const [, navigate] = useLocation();
  const cancel = useCancelCheckoutSession(session.id);
  const pay = usePayCheckoutSession(session.id);

  const busy = pay.isPending || pay.isSuccess;

  const update = (name: keyof CardFields, value: string) => {
    setCard((previous) => {
      let next = value;
      if (name === 'cardNumber') next = formatCardNumber(value);
      else if (name === 'expiry') next = formatExpiry(value, previous.expiry);
      else if (name === 'cvc') next = formatCvc(value);
      return { ...previous, [name]: next };
    });
    setInvalid((previous) => previous.filter((field) => field !== name));
    setCardError((previous) => (previous?.field === name ? null : previous));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingCardFields(card);
    if (missing.length > 0) {
      setInvalid(missing);
      missingToast.current = toast({
        title: t('payToasts.missingTitle'),
        description: t('payToasts.missingDescription'),
        variant: 'destructive',
      });
      const first = missing[0];
      const field = first ? event.currentTarget.elements.namedItem(first) : null;
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    missingToast.current?.dismiss();
    setCardError(null);
    pay.mutate(
      { ...card, cardholderName: card.cardholderName.trim() },
      {
        onSuccess: (answer) => {
          removeDealsFromCart(session.order.items.map((item) => item.dealId));
          if (group) toast({ title: t('payToasts.groupPaidTitle'), description: t('payToasts.groupPaidDescription'), variant: 'success' });
          else toast({ title: t('payToasts.paidTitle'), description: t('payToasts.paidDescription'), variant: 'success' });
          const path = sameSitePath(answer.successUrl);
          if (path) navigate(path);
          else window.location.assign(answer.successUrl);
        },
        onError: (error) => {
          const description = messageOf(error, t('payToasts.failedDescription'));
          toast({ title: t('payToasts.failedTitle'), description, variant: 'destructive' });
          // 402: the provider refused the card itself (declined, or expired); the reason belongs beside the card.
          if (isApiError(error, 402)) {
            // The server words the reason in the reader's language: an expired card says so in English or Chinese.
            const field = /expired|过期/i.test(description) ? 'expiry' : 'cardNumber';
            setCardError({ field, message: description });
          }
        },
      },
    );
  };

  const back = async () => {
    // Release the held units (or place) before leaving; leaving matters more than whether the release call succeeded.
    await cancel.mutateAsync().catch(() => undefined);
    navigate(group ? paths.group(group.id) : paths.cart);
  };

  return (
    <CheckoutShell onBack={() => void back()} backDisabled={busy || cancel.isPending} backLabel={group ? t('page.backToGroup') : undefined}>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900">{t('page.title')}</h1>
      {group ? <GroupPlace group={group} order={session.order} /> : null}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_420px] lg:gap-8">
        <OrderDetails session={session} place={group !== null} />

        <form onSubmit={submit} noValidate aria-labelledby="payment-title" className="surface p-6">
          <h2 id="payment-title" className="text-lg font-bold text-slate-900">
            {t('paymentForm.title')}
          </h2>
          <fieldset disabled={busy} className="mt-4 space-y-5">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t('paymentForm.method')}</legend>
              <label className="mt-1.5 flex cursor-pointer items-center gap-3 rounded-xl border-2 border-brand-600 bg-brand-50 px-4 py-3">
                <input type="radio" name="method" value="card" checked readOnly className="h-4 w-4 accent-brand-700" />
                <CreditCardIcon className="h-5 w-5 text-brand-800" />
                <span className="font-semibold text-slate-900">{t('paymentForm.card')}</span>
              </label>
            </fieldset>

            <CardField
              name="cardNumber"
              value={card.cardNumber}
              invalid={invalid.includes('cardNumber')}
              onChange={(value) => update('cardNumber', value)}
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              inputMode="numeric"
              maxLength={23}
              error={cardError?.field === 'cardNumber' ? cardError.message : undefined}
            />
            <div className="grid grid-cols-2 gap-4">
              <CardField
                name="expiry"
                value={card.expiry}
                invalid={invalid.includes('expiry')}
                onChange={(value) => update('expiry', value)}
                autoComplete="cc-exp"
                placeholder={t('paymentForm.expiryPlaceholder')}
                inputMode="numeric"
                maxLength={5}
                error={cardError?.field === 'expiry' ? cardError.message : undefined}
              />
              <CardField
                name="cvc"
                value={card.cvc}
                invalid={invalid.includes('cvc')}
                onChange={(value) => update('cvc', value)}
                autoComplete="cc-csc"
                placeholder="123"
                inputMode="numeric"
                maxLength={4}
              />
            </div>
            <CardField
              name="cardholderName"
              value={card.cardholderName}
              invalid={invalid.includes('cardholderName')}
              onChange={(value) => update('cardholderName', value)}
              autoComplete="cc-name"
              placeholder={t('paymentForm.cardholderPlaceholder')}
              maxLength={CARDHOLDER_NAME_MAX_LENGTH}
            />
          </fieldset>

          <div className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <h3 className="text-sm font-semibold text-slate-900">{t('paymentForm.summary')}</h3>
            <dl className="mt-2 flex justify-between gap-4">
              <dt className="text-slate-600">{t('paymentForm.totalToPay')}</dt>
              <dd className="text-xl font-extrabold text-slate-900">
                <Price cents={session.order.totalCents} />
              </dd>
            </dl>
          </div>

          <Button type="submit" size="lg" className="mt-5 w-full" disabled={busy} aria-describedby="test-cards">
            {busy ? <SpinnerIcon className="h-5 w-5" /> : <LockIcon className="h-5 w-5" />}
            {busy ? t('paymentForm.processing') : t('paymentForm.confirm')}
          </Button>
          <p role="status" className="mt-2 min-h-5 text-center text-sm text-slate-700">
            {busy ? t('paymentForm.processingStatus') : ''}
          </p>

          <div id="test-cards" className="mt-3 flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
            <InfoIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
            <div>
              <p className="font-semibold">{t('paymentForm.testTitle')}</p>
              <p className="mt-1">
                <Trans t={t} i18nKey="paymentForm.testCards" components={{ card: <span className="font-mono font-semibold whitespace-nowrap" /> }} />
              </p>
            </div>
          </div>
        </form>
      </div>
    </CheckoutShell>
  );
}
