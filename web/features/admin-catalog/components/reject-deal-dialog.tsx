/** Turns a merchant's proposal down: the reason is required, and the merchant reads it beside the deal. */
import { useRef, useState, type FormEvent } from 'react';
import type { AdminDeal } from '../../../../contract/admin';
import { REJECTION_REASON_MAX_LENGTH } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { translate, useT } from '../../../i18n';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useRejectDeal } from '../api/review-deal';
import { errorMessage } from '../error-message';

/** contract/admin.ts rejectDealBody's limit. */
const REASON_MAX_LENGTH = REJECTION_REASON_MAX_LENGTH;

function rejectReasonError(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return translate('adminForms:rejectDeal.reasonRequired');
  if (trimmed.length > REASON_MAX_LENGTH) return translate('adminForms:rejectDeal.reasonTooLong', { max: REASON_MAX_LENGTH });
  return undefined;
}

function RejectForm({ deal, onDone }: { deal: AdminDeal; onDone: () => void }) {
  const { t } = useT(['adminForms', 'admin']);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const reject = useRejectDeal();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reject.isPending) return;
    const problem = rejectReasonError(reason);
    setError(problem);
    setTried(true);
    if (problem) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    reject.mutate(
      { id: deal.id, reason: reason.trim() },
      {
        onSuccess: () => {
          onDone();
          toast({ title: t('rejectDeal.rejected'), description: deal.title, variant: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <Field id="reject-reason" label={t('rejectDeal.reason')} required error={error} hint={t('rejectDeal.reasonHint')}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (tried) setError(rejectReasonError(event.target.value));
            }}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={reject.isPending}>
          {t('catalog.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={reject.isPending}>
          {reject.isPending ? t('rejectDeal.rejecting') : t('rejectDeal.confirm')}
        </Button>
      </div>
    </form>
  );
}

export function RejectDealDialog({ deal, onClose }: { deal: AdminDeal | null; onClose: () => void }) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  return (
    <Dialog
      lang={langOf('rejectDeal.title')}
      closeLabel={t('catalog.close')}
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title={t('rejectDeal.title')}
      description={deal ? t('rejectDeal.description', { title: deal.title, merchant: deal.merchantName }) : undefined}
    >
      {deal ? <RejectForm key={deal.id} deal={deal} onDone={onClose} /> : null}
    </Dialog>
  );
}
