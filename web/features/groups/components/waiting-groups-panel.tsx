/**
 * 'Waiting for your group' above My Vouchers: the open groups the customer has paid (or is paying) a place in, whose
 * vouchers come once they fill up. Nothing shows when there are none.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import { ClockIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { myGroupsQueryOptions } from '../api/get-my-groups';
import { useNow } from '../../../lib/use-now';
import { durationText, msUntil } from '../group-time';

const PANEL_TICK_MS = 30_000;

export function WaitingGroupsPanel({ className }: { className?: string }) {
  const { t } = useT('groups');
  const query = useQuery(myGroupsQueryOptions);
  const now = useNow(PANEL_TICK_MS);
  const waiting = (query.data ?? []).filter((group) => group.status === 'open' && (group.mine === 'paid' || group.mine === 'held'));
  if (waiting.length === 0) return null;

  return (
    <section aria-labelledby="waiting-groups-title" className={cn('mt-6 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:p-5', className)}>
      <h2 id="waiting-groups-title" className="flex items-center gap-2 font-bold text-amber-950">
        <ClockIcon className="h-5 w-5 shrink-0 text-amber-700" />
        {t('waiting.title')}
      </h2>
      <p className="mt-1 text-sm text-amber-900">{t('waiting.hint')}</p>
      <ul className="mt-3 grid gap-2">
        {waiting.map((group) => (
          <li key={group.id}>
            <Link href={paths.group(group.id)} className="text-link break-words">
              <span className="font-semibold">{group.deal.title}</span> —{' '}
              {t('waiting.status', { count: group.size - group.paidCount, time: durationText(msUntil(group.deadline, now)) })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
