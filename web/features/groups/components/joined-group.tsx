/**
 * The payment result of a place just paid in a group still filling (checkout's slot, success-slots.ts): whom to invite
 * by when, the members and free places read live (the group again every GROUP_POLL_MS while open, its count announced
 * politely as it changes), Share, Copy link and the way to the group. It never speaks of a voucher: vouchers come only
 * once the group forms, which the page then celebrates.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CopyIcon, ShareIcon, UsersIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { formatIso, formatTimeOrDayTime } from '../../../lib/date-format';
import type { JoinedGroupSlotProps } from '../../checkout';
import { groupQueryOptions } from '../api/get-group';
import { copyGroupLink, shareGroup } from '../share-group';
import { MemberSeats } from './member-seats';

export function JoinedGroup({ group: paid, onChange }: JoinedGroupSlotProps) {
  const { t } = useT('groups');
  const query = useQuery(groupQueryOptions(paid.id));
  const live = query.data;
  const [sharing, setSharing] = useState(false);

  // Until the group is read, the payment's own account of it; then the group as it is now.
  const size = live?.size ?? paid.size;
  const waiting = live ? Math.max(0, live.size - live.paidCount) : paid.waitingFor;
  const deadline = formatIso(live?.deadline ?? paid.deadline, (date) => formatTimeOrDayTime(date));

  // The page is told when the group has changed since the payment was read (a place paid, formed, failed).
  const seen = useRef(`${paid.status}:${paid.size - paid.waitingFor}`);
  const now = live ? `${live.status}:${live.paidCount}` : null;
  useEffect(() => {
    if (now === null || now === seen.current) return;
    seen.current = now;
    onChange();
  }, [now, onChange]);

  const share = async () => {
    if (!live) return;
    setSharing(true);
    try {
      await shareGroup(live);
    } finally {
      setSharing(false);
    }
  };

  return (
    <div className="mt-3">
      <p className="text-slate-700">{waiting > 0 ? t('joined.invite', { count: waiting, time: deadline }) : t('joined.allPaid')}</p>
      <div className="mt-6 grid justify-items-center gap-2">
        {live ? <MemberSeats size={live.size} members={live.members} look="lg" className="justify-center" /> : null}
        <p role="status" className="text-sm font-semibold text-slate-900">
          {t('joined.paidCount', { paid: size - waiting, size })}
        </p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => void share()} disabled={!live || sharing}>
          <ShareIcon className="h-4 w-4" />
          {t('joined.share')}
        </Button>
        <Button variant="outline" onClick={() => void copyGroupLink(paid.id)}>
          <CopyIcon className="h-4 w-4" />
          {t('joined.copyLink')}
        </Button>
        <Link href={paths.group(paid.id)} className={buttonClasses('outline')}>
          <UsersIcon className="h-4 w-4" />
          {t('joined.view')}
        </Link>
      </div>
    </div>
  );
}
