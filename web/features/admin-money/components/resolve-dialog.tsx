/**
 * Resolve on a Needs attention item: the superadmin writes down what was done about it outside the app (required, as
 * the server requires it), and the item leaves the list.
 */
import { useState, type FormEvent } from 'react';
import { ATTENTION_NOTE_MAX_LENGTH } from '../../../../contract/constants';
import type { AttentionItem } from '../../../../contract/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { SpinnerIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useResolveAttention } from '../api/resolve-attention';

function ResolveForm({ item, onDone }: { item: AttentionItem; onDone: () => void }) {
  const { t } = useT('money');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const resolve = useResolveAttention();
  const missing = note.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing || resolve.isPending) return;
    resolve.mutate(
      { id: item.id, note: note.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, variant: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field label={t('resolveDialog.note')} required hint={t('resolveDialog.hint')} error={tried && missing ? t('resolveDialog.noteRequired') : undefined}>
        {(control) => <Textarea {...control} rows={4} maxLength={ATTENTION_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />}
      </Field>
      {resolve.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {messageOf(resolve.error, translate('money:attention.failedFallback'), { providerAnswer: true })}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={resolve.isPending}>
            {t('resolveDialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={resolve.isPending}>
          {resolve.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          {t('resolveDialog.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Opened by an item's Resolve button (attention-item.tsx), which loads this code on first use. */
export function ResolveDialog({ item, what, onClose }: { item: AttentionItem; what: string; onClose: () => void }) {
  const { t } = useT('money');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('resolveDialog.title', { what })}
      description={t('resolveDialog.description')}
    >
      {/* Mounted afresh on each opening, so the note starts empty. */}
      <ResolveForm item={item} onDone={onClose} />
    </Dialog>
  );
}
