/**
 * "Record payout": once the bank transfer to the merchant is made, its reference is recorded against the statement
 * (once: the server refuses a second payout, and a statement with nothing to pay).
 */
import { useRef, useState, type FormEvent } from 'react';
import type { Statement } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, FormFailure, Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { fieldRefusal } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';
import { messageOf } from '../../auth';
import { useRecordPayout } from '../api/record-payout';
import { weekLabel } from '../statement-format';

/** contract/workspace.ts payoutBody. */
const REFERENCE_MAX_LENGTH = 120;

function referenceError(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (trimmed === '') return 'Please enter the payout reference';
  if (trimmed.length > REFERENCE_MAX_LENGTH) return `The reference must be at most ${REFERENCE_MAX_LENGTH} characters`;
  return undefined;
}

function PayoutForm({ statement, onDone }: { statement: Statement; onDone: () => void }) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const payout = useRecordPayout();

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
          toast({ title: 'Payout recorded', description: `${paid.merchantName}: ${formatMoney(paid.netCents)}`, variant: 'success' });
        },
        onError: (refusal) => {
          const refused = fieldRefusal(refusal);
          if (refused?.field === 'reference') setError(refused.message);
          else setFailure(messageOf(refusal, 'The payout could not be recorded. Please try again.'));
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200">
        Pay <span className="font-semibold text-slate-900">{statement.merchantName}</span>{' '}
        <span className="font-bold text-slate-900 tabular-nums">{formatMoney(statement.netCents)}</span> for the week of{' '}
        {weekLabel(statement.periodStart, statement.periodEnd)}.
      </p>
      <Field id="payout-reference" label="Payout reference" required error={error} hint="The bank transfer's reference. It is kept with the statement and in the ledger.">
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} value={reference} onChange={(event) => setReference(event.target.value)} />}
      </Field>
      <FormFailure message={failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={payout.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={payout.isPending}>
          {payout.isPending ? 'Recording…' : 'Record payout'}
        </Button>
      </div>
    </form>
  );
}

export function PayoutDialog({ statement, onClose }: { statement: Statement | null; onClose: () => void }) {
  return (
    <Dialog
      open={statement !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Record payout"
      description="Record the bank transfer once it has been made. A statement is paid out once."
    >
      {statement ? <PayoutForm key={statement.id} statement={statement} onDone={onClose} /> : null}
    </Dialog>
  );
}
