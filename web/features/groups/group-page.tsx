/**
 * /group/:id, the page a group's members share: the deal, the group price against the usual one, the members and the
 * places still open, the time left, and what the viewer can do (join, finish paying, share). It reads the group again
 * every GROUP_POLL_MS while it is open, so it shows the moment it forms or fails; a member watching it form sees that
 * celebrated. On a phone the picture is a thumbnail beside the title, so that Join is in view without scrolling.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import { orderEndpoints, voucherEndpoints } from '../../../contract/addresses';
import type { Group } from '../../../contract/groups';
import { paths } from '../../../contract/routes';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Celebration } from '../../components/ui/celebration';
import { AlertIcon, ArrowLeftIcon, CheckCircleIcon, ClockIcon, ShareIcon, SpinnerIcon, TicketIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/panel';
import { Price } from '../../components/ui/price';
import { Skeleton } from '../../components/ui/skeleton';
import { translate, useT } from '../../i18n';
import { isApiError, keyRootOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequireSignIn } from '../auth';
import { AllowanceNote, DEAL_PAGE_IMAGE_SIZES, DealImage, ShopperOnly, useDealAllowance } from '../deals';
import { groupQueryOptions } from './api/get-group';
import { myGroupsQueryOptions } from './api/get-my-groups';
import { useGroupCheckout } from './api/group-checkout';
import { joinRefusal } from './api/join-group';
import { MemberSeats } from './components/member-seats';
import { StartGroupButton } from './components/start-group-button';
import { useNow } from '../../lib/use-now';
import { countdownText, msUntil } from './group-time';
import { groupsOpenFor, seatsLeftText } from './group-offer';
import { shareGroup } from './share-group';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8">{children}</div>;
}

function GroupSkeleton() {
  const { t } = useT('groups');
  return (
    <Frame>
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {t('page.loading')}
        </p>
        <Skeleton className="h-8 w-32" />
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
          <Skeleton className="h-80 w-full rounded-2xl" />
        </div>
      </div>
    </Frame>
  );
}

/** The running clock to the deadline; it ticks every second on its own, outside the page's status announcements. */
function Countdown({ deadline }: { deadline: string }) {
  const { t } = useT('groups');
  const now = useNow(1000);
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <ClockIcon className="h-4 w-4 text-slate-500" />
      <Trans
        t={t}
        i18nKey='page.closesIn'
        values={{ time: countdownText(msUntil(deadline, now)) }}
        components={{ clock: <time role="timer" dateTime={deadline} className="font-mono text-base font-semibold text-slate-900 tabular-nums" /> }}
      />
    </p>
  );
}

/**
 * The group's state in a sentence, announced when it changes (and only then), and what goes with it. `formedNow`: the
 * group formed while a member watched, which is celebrated above the sentence (the sentence itself is what is read out).
 */
function GroupStatus({ group, formedNow }: { group: Group; formedNow: boolean }) {
  const { t } = useT('groups');
  const member = group.mine === 'paid';
  let icon: ReactNode = null;
  let sentence: string;
  let more: ReactNode = null;
  if (group.status === 'open') {
    sentence = t('page.waitingFor', { count: group.size - group.paidCount });
  } else if (group.status === 'formed') {
    icon = <CheckCircleIcon className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />;
    sentence = member ? t('page.completeMember') : t('page.complete');
    more = member ? (
      <Link href={paths.myVouchers} className={buttonClasses('primary', 'md', 'mt-3')}>
        <TicketIcon className="h-4 w-4" />
        {t('page.goToVouchers')}
      </Link>
    ) : (
      <p className="mt-1 text-sm text-slate-600">{t('page.fullHint')}</p>
    );
  } else {
    icon = <AlertIcon className="mt-0.5 h-6 w-6 shrink-0 text-slate-600" />;
    sentence = t('page.failed');
  }
  return (
    <div>
      {formedNow ? <Celebration heading="h2" announce={false} title={t('page.formed')} className="mb-4" /> : null}
      <div className="flex items-start gap-2">
        {icon}
        <div>
          <p role="status" className="text-xl font-bold text-slate-900">
            {sentence}
          </p>
          {more}
        </div>
      </div>
    </div>
  );
}

/** Where the signed-in viewer stands in the group, in a sentence; null when they are not in it. */
function membershipText(group: Group): string | null {
  switch (group.mine) {
    case 'held':
      return group.status === 'open' ? translate('groups:page.held') : null;
    case 'paid':
      return group.status === 'open' ? translate('groups:page.paid') : null;
    case 'refunding':
      return translate('groups:page.refunding');
    case 'refunded':
      return translate('groups:page.refunded');
    default:
      return null;
  }
}

function ShareButton({ group }: { group: Group }) {
  const { t } = useT('groups');
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    setSharing(true);
    try {
      await shareGroup(group);
    } finally {
      setSharing(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()} disabled={sharing}>
      <ShareIcon className="h-4 w-4" />
      {t('page.share')}
    </Button>
  );
}

/**
 * What the viewer can do: join an open group, or start a new one where this one cannot take them. A signed-in customer is
 * told how many more units of the deal they may buy; at the limit Join and Start a new group are disabled, and that note
 * says why.
 */
function Actions({ group }: { group: Group }) {
  const { t } = useT('groups');
  const next = paths.group(group.id);
  const requireSignIn = useRequireSignIn();
  const checkout = useGroupCheckout({ showsRefusal: true });
  const refusal = checkout.isError ? joinRefusal(checkout.error) : null;
  // A member waits with the group while it is open; a group that formed has given its members their vouchers.
  const waiting = group.status === 'open' ? group.mine !== null : group.status === 'formed' && group.mine === 'paid';
  const allowance = useDealAllowance(group.deal.id, refusal !== null || !waiting);
  const noteId = `allowance-${group.deal.id}`;
  const atLimit = allowance?.remaining === 0;
  const buyable = groupsOpenFor(group.deal) && !atLimit;
  const slot = allowance ? { remaining: allowance.remaining, noteId } : undefined;
  const note = <AllowanceNote allowance={allowance} id={noteId} />;
  const startNew = <StartGroupButton deal={group.deal} newGroup next={next} size="md" variant={refusal ? 'primary' : 'outline'} allowance={slot} />;

  const join = async () => {
    if ((await requireSignIn({ next, reason: 'purchase' })) !== null) checkout.mutate({ deal: group.deal, groupId: group.id });
  };

  if (refusal) {
    return (
      <div className="grid gap-3">
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200">
          {refusal}
        </p>
        {note}
        {startNew}
      </div>
    );
  }
  if (waiting) return null;
  if (group.status !== 'open') {
    return (
      <div className="grid gap-3">
        {note}
        {startNew}
      </div>
    );
  }
  if (group.seatsLeft === 0) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-600">{t('page.allTaken')}</p>
        {note}
        {startNew}
      </div>
    );
  }
  const unavailable = !groupsOpenFor(group.deal);
  return (
    <div className="grid gap-2">
      {note}
      <Button
        size="lg"
        className="w-full"
        onClick={() => void join()}
        disabled={!buyable || checkout.isPending}
        aria-describedby={unavailable ? 'group-unavailable' : atLimit ? noteId : undefined}
      >
        {checkout.isPending ? <SpinnerIcon className="h-5 w-5" /> : null}
        <Trans t={t} i18nKey='page.join' components={{ price: <Price cents={group.priceCents} /> }} />
      </Button>
      {unavailable ? (
        <p id="group-unavailable" className="text-center text-sm text-slate-600">
          {t('page.unavailable')}
        </p>
      ) : null}
    </div>
  );
}

/** Once the group forms or fails, what was read before about vouchers, orders and groups is out of date. */
function useRefreshWhenSettled(group: Group) {
  const queryClient = useQueryClient();
  const seen = useRef(group.status);
  useEffect(() => {
    if (seen.current === group.status) return;
    seen.current = group.status;
    void queryClient.invalidateQueries({ queryKey: keyRootOf(voucherEndpoints.list) });
    void queryClient.invalidateQueries({ queryKey: keyRootOf(orderEndpoints.list) });
    void queryClient.invalidateQueries({ queryKey: myGroupsQueryOptions.queryKey, exact: true });
  }, [group.status, queryClient]);
}

/** Whether the group formed while the page was open and its viewer a paying member: the moment is celebrated. */
function useFormedWhileWatching(group: Group): boolean {
  const [previous, setPrevious] = useState(group.status);
  const [formedNow, setFormedNow] = useState(false);
  if (previous !== group.status) {
    setPrevious(group.status);
    if (previous === 'open' && group.status === 'formed' && group.mine === 'paid') setFormedNow(true);
  }
  return formedNow;
}

function GroupView({ group }: { group: Group }) {
  const { t } = useT('groups');
  const { deal } = group;
  useRefreshWhenSettled(group);
  const formedNow = useFormedWhileWatching(group);
  const mine = membershipText(group);
  const open = group.status === 'open';

  return (
    <Frame>
      <Link href={paths.deal(deal.id)} className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeftIcon className="h-4 w-4" />
        {t('page.viewDeal')}
      </Link>

      {/* A phone shows the picture as a thumbnail beside the title, so that the group and its Join fit the first screen. */}
      <div className="mt-3 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-5 md:mt-4 md:grid-cols-2 md:gap-8">
        <div className="col-start-1 row-start-1 self-start overflow-hidden rounded-xl bg-slate-100 shadow-card ring-1 ring-slate-200/80 md:row-span-2 md:rounded-2xl">
          <DealImage deal={deal} width={800} height={600} sizes={DEAL_PAGE_IMAGE_SIZES} fetchPriority="high" className="aspect-[4/3] h-auto w-full object-cover" />
        </div>

        <div className="col-start-2 row-start-1 min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase md:text-sm">{deal.merchantName}</p>
          <h1 className="mt-1 text-xl font-extrabold tracking-tight text-balance text-slate-900 md:text-3xl">{deal.title}</h1>

          <div className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1 md:mt-4">
            <Badge tone="brand">{t('page.groupOf', { size: group.size })}</Badge>
            <span className="sr-only">{t('page.groupPrice')}</span>
            <Price cents={group.priceCents} className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-4xl" />
            <span className="text-sm text-slate-600">
              <Trans t={t} i18nKey='page.usualPrice' components={{ sr: <span className="sr-only" />, price: <Price cents={deal.priceCents} struck /> }} />
            </span>
          </div>
        </div>

        <div className="col-span-2 md:col-span-1 md:col-start-2 md:row-start-2">
          <section aria-label={t('page.region')} className="grid gap-4 surface p-5">
            <GroupStatus group={group} formedNow={formedNow} />
            <div>
              <MemberSeats size={group.size} members={group.members} look="lg" />
              {open ? <p className="mt-2 text-sm font-semibold text-slate-900">{seatsLeftText(group.seatsLeft)}</p> : null}
            </div>
            {open ? <Countdown deadline={group.deadline} /> : null}
            {mine ? <p className="rounded-xl bg-brand-50 p-3 text-sm font-medium text-brand-900 ring-1 ring-brand-100">{mine}</p> : null}
            <ShopperOnly>
              <Actions group={group} />
            </ShopperOnly>
            {open ? (
              <div>
                <ShareButton group={group} />
              </div>
            ) : null}
          </section>
        </div>
      </div>
    </Frame>
  );
}

export default function GroupPage({ id }: { id: string }) {
  const { t } = useT('groups');
  const query = useQuery(groupQueryOptions(id));
  const group = query.data;
  const notFound = isApiError(query.error, 404) || isApiError(query.error, 400);
  useDocumentTitle(group ? t('page.documentTitle', { title: group.deal.title }) : notFound ? t('page.notFound') : null);

  if (query.isPending) return <GroupSkeleton />;
  if (!group) {
    return (
      <Frame>
        <StatePanel
          heading="h1"
          tone="neutral"
          icon={<AlertIcon className="h-7 w-7" />}
          title={notFound ? t('page.notFound') : t('page.loadFailed')}
          message={notFound ? t('page.notFoundHint') : t('page.loadFailedHint')}
        >
          {notFound ? null : (
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('page.tryAgain')}
            </Button>
          )}
          <Link href={paths.home} className={buttonClasses('primary')}>
            {t('page.browse')}
          </Link>
        </StatePanel>
      </Frame>
    );
  }
  return <GroupView group={group} />;
}
