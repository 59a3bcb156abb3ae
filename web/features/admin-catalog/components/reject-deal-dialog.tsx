/** Turns a merchant's proposal down: the reason is required, and the merchant reads it beside the deal. */
import { useRef, useState, type FormEvent } from 'react';
import type { AdminDeal } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, focusFirstError, Textarea } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { useRejectDeal } from '../api/review-deal';
import { errorMessage } from '../error-message';

/** contract/admin.ts rejectDealBody. */
const REASON_MAX_LENGTH = 1000;

function rejectReasonError(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return '请填写驳回原因';
  if (trimmed.length > REASON_MAX_LENGTH) return `驳回原因不能超过 ${REASON_MAX_LENGTH} 个字符`;
  return undefined;
}

function RejectForm({ deal, onDone }: { deal: AdminDeal; onDone: () => void }) {
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
          toast({ title: '已驳回', description: deal.title, variant: 'success' });
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <Field id="reject-reason" label="驳回原因" required error={error} hint="商户会在自己的团购列表中看到这段说明，修改后可重新提交。">
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
          取消
        </Button>
        <Button type="submit" variant="danger" disabled={reject.isPending}>
          {reject.isPending ? '驳回中…' : '确认驳回'}
        </Button>
      </div>
    </form>
  );
}

export function RejectDealDialog({ deal, onClose }: { deal: AdminDeal | null; onClose: () => void }) {
  return (
    <Dialog
      lang="zh-CN"
      closeLabel="关闭"
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title="驳回团购"
      description={deal ? `驳回「${deal.title}」（${deal.merchantName}），请说明原因。` : undefined}
    >
      {deal ? <RejectForm key={deal.id} deal={deal} onDone={onClose} /> : null}
    </Dialog>
  );
}
