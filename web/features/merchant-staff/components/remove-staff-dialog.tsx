/** Confirms removing a staff account: it becomes a plain customer account again and is signed out everywhere. */
import { useState } from 'react';
import type { StaffMember } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { useRemoveStaff } from '../api/remove-staff';

function Confirmation({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const remove = useRemoveStaff();
  const { t } = useT('merchant');
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        onDone();
        toast({ title: t('removeStaff.removed'), description: member.name || member.phone, variant: 'success' });
      },
      onError: (error) => setFailure(messageOf(error, t('removeStaff.failed'))),
    });
  return (
    <div className="grid gap-4">
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm break-words text-red-800 ring-1 ring-red-200">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose>
          <Button variant="outline" disabled={remove.isPending}>
            {t('removeStaff.cancel')}
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? t('removeStaff.removing') : t('removeStaff.remove')}
        </Button>
      </div>
    </div>
  );
}

export function RemoveStaffDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useT('merchant');
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      title={t('removeStaff.title')}
      description={member ? t('removeStaff.description', { name: member.name || member.phone }) : undefined}
    >
      {member ? <Confirmation key={member.id} member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}
