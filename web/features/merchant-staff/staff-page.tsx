/**
 * /merchant/staff (owner): the staff accounts that redeem at the counter, with name, phone and when each was added;
 * add one (its first password shown once) or remove one. A table on wide screens, cards on phones.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { MERCHANT_STAFF_LIMIT } from '../../../contract/constants';
import type { StaffMember } from '../../../contract/workspace';
import { Button } from '../../components/ui/button';
import { PlusIcon, UserIcon } from '../../components/ui/icons';
import { Missing } from '../../components/ui/missing';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { useT } from '../../i18n';
import { formatDay } from '../../lib/dates';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OwnerPage } from '../merchant-access';
import { staffQueryOptions } from './api/get-staff';

// The dialogs (and the dialog library) load when one is first opened: the list does not wait for them.
const AddStaffDialog = lazy(async () => ({ default: (await import('./components/add-staff-dialog')).AddStaffDialog }));
const RemoveStaffDialog = lazy(async () => ({ default: (await import('./components/remove-staff-dialog')).RemoveStaffDialog }));

function RemoveButton({ member, onRemove }: { member: StaffMember; onRemove: (member: StaffMember) => void }) {
  const { t } = useT('merchant');
  return (
    <Button
      size="sm"
      variant="ghost"
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
      aria-label={t('staffPage.removeLabel', { name: member.name || member.phone })}
      onClick={() => onRemove(member)}
    >
      {t('staffPage.remove')}
    </Button>
  );
}

function StaffTable({ staff, onRemove }: { staff: StaffMember[]; onRemove: (member: StaffMember) => void }) {
  const { t } = useT('merchant');
  return (
    <div className="hidden overflow-hidden rounded-xl ring-1 ring-slate-200 md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('staffPage.listLabel')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('staffPage.name')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('staffPage.phone')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('staffPage.added')}
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">{t('staffPage.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {staff.map((member) => (
            <tr key={member.id}>
              <td className="max-w-64 px-4 py-3 font-medium break-words text-slate-900">{member.name || <Missing />}</td>
              <td className="px-4 py-3 font-mono whitespace-nowrap text-slate-700">{member.phone}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={member.createdAt}>{formatDay(member.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-right">
                <RemoveButton member={member} onRemove={onRemove} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StaffCards({ staff, onRemove }: { staff: StaffMember[]; onRemove: (member: StaffMember) => void }) {
  const { t } = useT('merchant');
  return (
    <ul aria-label={t('staffPage.listLabel')} className="grid gap-3 md:hidden">
      {staff.map((member) => (
        <li key={member.id} className="flex items-center justify-between gap-3 surface p-4 text-sm">
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">{member.name || <Missing />}</p>
            <p className="font-mono text-slate-700">{member.phone}</p>
            <p className="text-xs text-slate-600">
              <Trans
                t={t}
                i18nKey='staffPage.addedOn'
                values={{ date: formatDay(member.createdAt) }}
                components={{ date: <time dateTime={member.createdAt} /> }}
              />
            </p>
          </div>
          <RemoveButton member={member} onRemove={onRemove} />
        </li>
      ))}
    </ul>
  );
}

function StaffList({ onAdd, onRemove }: { onAdd: () => void; onRemove: (member: StaffMember) => void }) {
  const staff = useQuery(staffQueryOptions);
  const { t } = useT('merchant');
  if (staff.isPending) return <StatePanel state="loading" title={t('staffPage.loading')} />;
  if (staff.isError) {
    return (
      <LoadFailed title={t('staffPage.loadFailed')} onRetry={() => void staff.refetch()} />
    );
  }
  if (staff.data.length === 0) {
    return (
      <StatePanel icon={<UserIcon className="h-7 w-7" />} title={t('staffPage.emptyTitle')} message={t('staffPage.emptyMessage')}>
        <Button onClick={onAdd}>
          <PlusIcon className="h-4 w-4" />
          {t('staffPage.add')}
        </Button>
      </StatePanel>
    );
  }
  const full = staff.data.length >= MERCHANT_STAFF_LIMIT;
  const counts = { n: formatCount(staff.data.length), limit: formatCount(MERCHANT_STAFF_LIMIT) };
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600" role="status">
        {full ? t('staffPage.countFull', counts) : t('staffPage.count', counts)}
      </p>
      <StaffTable staff={staff.data} onRemove={onRemove} />
      <StaffCards staff={staff.data} onRemove={onRemove} />
    </div>
  );
}

export default function StaffPage() {
  const { t } = useT('merchant');
  useDocumentTitle(t('staffPage.title'));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  return (
    <OwnerPage
      title={t('staffPage.title')}
      intro={t('staffPage.intro')}
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon className="h-4 w-4" />
          {t('staffPage.add')}
        </Button>
      }
    >
      <StaffList onAdd={() => setAdding(true)} onRemove={setRemoving} />
      <Suspense fallback={null}>
        {adding ? <AddStaffDialog onClose={() => setAdding(false)} /> : null}
        {removing ? <RemoveStaffDialog member={removing} onClose={() => setRemoving(null)} /> : null}
      </Suspense>
    </OwnerPage>
  );
}
