/**
 * "Record payout": once the bank transfer to the merchant is made, its reference is recorded against the statement
 * (once: the server refuses a second payout, and a statement with nothing to pay).
 */
import { useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { PAYOUT_REFERENCE_MAX_LENGTH } from '../../../../contract/constants';
import type { Statement } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, FormFailure, Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { fieldRefusal } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { formatMoney } from '../../../lib/money';
import { formatCount } from '../../../lib/numbers';
import { useRecordPayout } from '../api/record-payout';
import { weekLabel } from '../statement-format';

/** contract/workspace.ts payoutBody's limit. */
const REFERENCE_MAX_LENGTH = PAYOUT_REFERENCE_MAX_LENGTH;

function referenceError(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (trimmed === '') return translate('statements:payout.referenceRequired');
  if (trimmed.length > REFERENCE_MAX_LENGTH) return translate('statements:payout.referenceTooLong', { max: formatCount(REFERENCE_MAX_LENGTH) });
  return undefined;
}

function PayoutForm({ statement, onDone }: { statement: Statement; onDone: () => void }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const payout = useRecordPayout();
  const { t } = useT('statements');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (payout.isPending) return;
    const problem = referenceError(reference);
    setError(problem);
    setFailure(null);
    if (problem) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    payout.mutate(
      { id: statement.id, reference: reference.trim() },
      {
        onSuccess: (paid) => {
          onDone();
          toast({
            title: t('payout.recorded'),
            description: t('payout.recordedDescription', { merchant: paid.merchantName, amount: formatMoney(paid.netCents) }),
            variant: 'success',
          });
        },
        onError: (refusal) => {
          const refused = fieldRefusal(refusal);
          if (refused?.field === 'reference') setError(refused.message);
          else setFailure(messageOf(refusal, t('payout.failed')));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        <Trans
          t={t}
          i18nKey='payout.summary'
          values={{ merchant: statement.merchantName, amount: formatMoney(statement.netCents), week: weekLabel(statement) }}
          components={{ merchant: <span className="font-semibold text-slate-900" />, amount: <span className="font-bold text-slate-900 tabular-nums" /> }}
        />
      </p>
      <Field id="payout-reference" label={t('payout.reference')} required error={error} hint={t('payout.referenceHint')}>
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} value={reference} onChange={(event) => setReference(event.target.value)} />}
      </Field>
      <FormFailure message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={payout.isPending}>
          {t('payout.cancel')}
        </Button>
        <Button type="submit" disabled={payout.isPending}>
          {payout.isPending ? t('payout.recording') : t('payout.submit')}
        </Button>
      </div>
    </form>
  );
}

export function PayoutDialog({ statement, onClose }: { statement: Statement | null; onClose: () => void }) {
  const { t } = useT('statements');
  return (
    <Dialog
      open={statement !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('payout.title')}
      description={t('payout.description')}
    >
      {statement ? <PayoutForm key={statement.id} statement={statement} onDone={onClose} /> : null}
    </Dialog>
  );
}
