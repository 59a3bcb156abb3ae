/** Confirms removing a staff account: it becomes a plain customer account again and is signed out everywhere. */
import { useState } from 'react';
import type { StaffMember } from '../../../../contract/workspace';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { messageOf } from '../../auth';
import { useRemoveStaff } from '../api/remove-staff';

function Confirmation({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const remove = useRemoveStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        onDone();
        toast({ title: 'Staff removed', description: member.name || member.phone, variant: 'success' });
      },
      onError: (error) => setFailure(messageOf(error, 'The staff account could not be removed. Please try again.')),
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
            Cancel
          </Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Removing…' : 'Remove'}
        </Button>
      </div>
    </div>
  );
}

export function RemoveStaffDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      title="Remove staff?"
      description={
        member
          ? `${member.name || member.phone} will no longer be able to redeem vouchers. The account becomes a plain customer account and is signed out.`
          : undefined
      }
    >
      {member ? <Confirmation key={member.id} member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}
