/** Confirms deleting a deal (docs/product/screens.md#deal-management: the action cannot be undone) and shows why the server refused, offering to archive. */
import { useState } from 'react';
import type { AdminDeal } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { requestLanguage, useT } from '../../../i18n';
import { AlertIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useDeleteDeal } from '../api/delete-deal';
import { useSetDealStatus } from '../api/set-deal-status';
import { ARCHIVE } from '../deal-status';
import { errorMessage } from '../error-message';
import { Dialog } from '../../../components/ui/dialog';

function DeleteConfirmation({ deal, onDone }: { deal: AdminDeal; onDone: () => void }) {
  const { t } = useT(['adminForms', 'admin']);
  const remove = useDeleteDeal();
  const archive = useSetDealStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = remove.isPending || archive.isPending;

  const confirm = () =>
    remove.mutate(deal.id, {
      onSuccess: () => {
        onDone();
        toast({ title: t('deleteDeal.deleted'), description: deal.title, variant: 'success' });
      },
      onError: (error) => {
        const message = errorMessage(error);
        setRefusal(message);
        toast({ title: t('deleteDeal.deleteFailed'), description: message, variant: 'destructive' });
      },
    });

  const archiveInstead = () =>
    archive.mutate(
      { id: deal.id, change: ARCHIVE },
      {
        onSuccess: () => {
          onDone();
          toast({ title: t('dealActions.archived'), description: deal.title, variant: 'success' });
        },
        onError: (error) => toast({ title: t('catalog.statusFailed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-4">
      {refusal ? (
        <div role="alert" className="flex gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          <AlertIcon className="h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('deleteDeal.cannotDelete')}</p>
            {/* The server's refusal, in the language the app asks it to answer in. */}
            <p lang={requestLanguage()} className="mt-0.5 break-words">
              {refusal}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          {t('catalog.cancel')}
        </Button>
        {refusal && deal.status !== 'archived' ? (
          <Button onClick={archiveInstead} disabled={busy}>
            {archive.isPending ? t('deleteDeal.archiving') : t('deleteDeal.archiveInstead')}
          </Button>
        ) : null}
        {refusal ? null : (
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {remove.isPending ? t('deleteDeal.deleting') : t('deleteDeal.confirm')}
          </Button>
        )}
      </div>
    </div>
  );
}

export function DeleteDealDialog({ deal, onClose }: { deal: AdminDeal | null; onClose: () => void }) {
  const { t, langOf } = useT(['adminForms', 'admin']);
  return (
    <Dialog
      lang={langOf('deleteDeal.title')}
      closeLabel={t('catalog.close')}
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      size="lg"
      title={t('deleteDeal.title')}
      description={deal ? t('deleteDeal.description', { title: deal.title }) : undefined}
    >
      {deal ? <DeleteConfirmation key={deal.id} deal={deal} onDone={onClose} /> : null}
    </Dialog>
  );
}
