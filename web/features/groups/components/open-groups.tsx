/**
 * 'Join a group' on the deal page: the deal's open groups with places left, closing soonest first, each with its
 * members, the places and time left, and Join (or, for a group the shopper is in, a link to its page).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Deal } from '../../../../contract/deals';
import type { OpenGroup } from '../../../../contract/groups';
import { paths } from '../../../../contract/routes';
import { Button } from '../../../components/ui/button';
import { CheckIcon, ClockIcon, SpinnerIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { useRequireSignIn } from '../../auth';
import { openGroupsQueryOptions } from '../api/get-open-groups';
import { useGroupCheckout } from '../api/group-checkout';
import { useNow } from '../../../lib/use-now';
import { durationText, msUntil } from '../group-time';
import { groupOfferOf, type AllowanceSlot } from '../../deals';
import { groupsOpenFor, seatsLeftText } from '../group-offer';
import { MemberSeats } from './member-seats';

/** The list's times are in minutes: read the clock twice a minute. */
const LIST_TICK_MS = 30_000;

interface OpenGroupRowProps {
  group: OpenGroup;
  now: number;
  joinable: boolean;
  /** The id of the note saying the customer may buy no more, when that is why Join is disabled. */
  limitNoteId: string | undefined;
  joining: boolean;
  busy: boolean;
  onJoin: () => void;
}

function OpenGroupRow({ group, now, joinable, limitNoteId, joining, busy, onJoin }: OpenGroupRowProps) {
  const { t } = useT('groups');
  const infoId = `open-group-${group.id}`;
  const mine = group.mine === 'held' || group.mine === 'paid';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <MemberSeats size={group.size} members={group.members} />
        <p id={infoId} className="mt-1.5 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">{seatsLeftText(group.seatsLeft)}</span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-3.5 w-3.5" />
            {t('open.left', { time: durationText(msUntil(group.deadline, now)) })}
          </span>
        </p>
      </div>
      {mine ? (
        <span className="flex items-center gap-3 text-sm">
          <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
            <CheckIcon className="h-4 w-4" />
            {t('open.youreIn')}
          </span>
          <Link href={paths.group(group.id)} className="text-link">
            {t('open.view')}
          </Link>
        </span>
      ) : (
        <Button size="sm" onClick={onJoin} disabled={!joinable || busy} aria-describedby={limitNoteId ? `${limitNoteId} ${infoId}` : infoId}>
          {joining ? <SpinnerIcon className="h-4 w-4" /> : null}
          {t('open.join')}
        </Button>
      )}
    </li>
  );
}

/** `allowance`: what the signed-in customer may still buy, where the page has read it; at 0 Join is disabled, described by the page's note. */
export function OpenGroups({ deal, allowance, className }: { deal: Deal; allowance?: AllowanceSlot; className?: string }) {
  const { t } = useT('groups');
  const offer = groupOfferOf(deal);
  const query = useQuery({ ...openGroupsQueryOptions(deal.id), enabled: offer !== null });
  const now = useNow(LIST_TICK_MS);
  const requireSignIn = useRequireSignIn();
  const checkout = useGroupCheckout();
  if (offer === null) return null;

  const groups = query.data ?? [];
  const atLimit = allowance?.remaining === 0;
  const join = async (groupId: string) => {
    if ((await requireSignIn({ next: paths.deal(deal.id), reason: 'purchase' })) !== null) checkout.mutate({ deal, groupId });
  };

  return (
    <section aria-labelledby={`join-group-${deal.id}`} className={cn('border-t border-slate-100 pt-5', className)}>
      <h2 id={`join-group-${deal.id}`} className="font-bold text-slate-900">
        {t('open.title')}
      </h2>
      {query.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{t('open.loading')}</p>
      ) : query.isError ? (
        <p className="mt-2 text-sm text-slate-600">{t('open.failed')}</p>
      ) : groups.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('open.none')}</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {groups.map((group) => (
            <OpenGroupRow
              key={group.id}
              group={group}
              now={now}
              joinable={groupsOpenFor(deal) && !atLimit}
              limitNoteId={atLimit ? allowance.noteId : undefined}
              joining={checkout.isPending && checkout.variables.groupId === group.id}
              busy={checkout.isPending}
              onJoin={() => void join(group.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
