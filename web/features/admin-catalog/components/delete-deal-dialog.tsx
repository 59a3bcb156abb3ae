/** Confirms deleting a deal (docs/product/screens.md#deal-management: the action cannot be undone) and shows why the server refused, offering to archive. */
import { useState } from 'react';
import type { AdminDeal } from '../../../../contract/admin';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { useDeleteDeal } from '../api/delete-deal';
import { useSetDealStatus } from '../api/set-deal-status';
import { ARCHIVE } from '../deal-status';
import { errorMessage } from '../error-message';
import { Dialog } from '../../../components/ui/dialog';

function DeleteConfirmation({ deal, onDone }: { deal: AdminDeal; onDone: () => void }) {
  const remove = useDeleteDeal();
  const archive = useSetDealStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = remove.isPending || archive.isPending;

  const confirm = () =>
    remove.mutate(deal.id, {
      onSuccess: () => {
        onDone();
        toast({ title: '已删除', description: deal.title, variant: 'success' });
      },
      onError: (error) => {
        const message = errorMessage(error);
        setRefusal(message);
        toast({ title: '删除失败', description: message, variant: 'destructive' });
      },
    });

  const archiveInstead = () =>
    archive.mutate(
      { id: deal.id, change: ARCHIVE },
      {
        onSuccess: () => {
          onDone();
          toast({ title: '已归档', description: deal.title, variant: 'success' });
        },
        onError: (error) => toast({ title: '状态更新失败', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-4">
      {refusal ? (
        <div role="alert" className="flex gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">
          <AlertIcon className="h-5 w-5 shrink-0" />
          <div>
            <p className="font-semibold">无法删除</p>
            <p lang="en" className="mt-0.5 break-words">
              {refusal}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={busy}>
          取消
        </Button>
        {refusal && deal.status !== 'archived' ? (
          <Button onClick={archiveInstead} disabled={busy}>
            {archive.isPending ? '归档中…' : '改为归档'}
          </Button>
        ) : null}
        {refusal ? null : (
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {remove.isPending ? '删除中…' : '确认删除'}
          </Button>
        )}
      </div>
    </div>
  );
}

export function DeleteDealDialog({ deal, onClose }: { deal: AdminDeal | null; onClose: () => void }) {
  return (
    <Dialog
      lang="zh-CN"
      closeLabel="关闭"
      open={deal !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      size="lg"
      title="删除团购"
      description={deal ? `确定要删除「${deal.title}」吗？此操作无法撤销。` : undefined}
    >
      {deal ? <DeleteConfirmation key={deal.id} deal={deal} onDone={onClose} /> : null}
    </Dialog>
  );
}
