/**
 * /admin/notifications (superadmins): the texts and emails that failed after every retry, newest first, each with its
 * kind, channel, the address it went to (masked), how often it was tried, the last error and when it was last tried,
 * and "Send again"; "Load more" for older ones.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import type { FailedSend } from '../../../contract/notifications';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CheckCircleIcon, SpinnerIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { toast } from '../../components/ui/toast';
import { useT } from '../../i18n';
import { formatIso, formatLogTime } from '../../lib/date-format';
import { messageOf } from '../../lib/message-of';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { MoneyFrame } from '../admin-money';
import { failedSendsQueryOptions } from './api/get-failed-sends';
import { useRetryFailedSend } from './api/retry-failed-send';
import { maskAddress } from './notification-format';

function SendAgain({ send }: { send: FailedSend }) {
  const { t } = useT('notifications');
  const retry = useRetryFailedSend();
  const onRetry = () => {
    if (retry.isPending) return;
    retry.mutate(send.id, {
      onSuccess: (answer) =>
        answer.status === 'failed'
          ? toast({ title: t('failedSends.stillFailed'), description: answer.lastError ?? undefined, variant: 'destructive' })
          : toast({ title: t('failedSends.requeued'), description: t('failedSends.requeuedMessage'), variant: 'success' }),
      onError: (error) => toast({ title: t('failedSends.retryFailed'), description: messageOf(error, t('failedSends.retryFallback')), variant: 'destructive' }),
    });
  };
  return (
    <Button variant="primary" size="sm" onClick={onRetry} disabled={retry.isPending}>
      {retry.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
      <span>
        {retry.isPending ? (
          t('failedSends.sending')
        ) : (
          <Trans
            t={t}
            i18nKey="failedSends.sendAgain"
            values={{ kind: t(`kinds.${send.kind}`), channel: t(`channels.${send.channel}`), address: maskAddress(send.address) }}
            components={{ sr: <span className="sr-only" /> }}
          />
        )}
      </span>
    </Button>
  );
}

function FailedSendCard({ send }: { send: FailedSend }) {
  const { t } = useT('notifications');
  const titleId = `failed-send-${send.id}`;
  const facts = [
    { key: 'address', term: t('failedSends.columns.address'), value: <span className="font-mono">{maskAddress(send.address)}</span> },
    { key: 'attempts', term: t('failedSends.columns.attempts'), value: <span className="tabular-nums">{formatCount(send.attempts)}</span> },
    {
      key: 'lastError',
      term: t('failedSends.columns.lastError'),
      value: send.lastError ? <span className="break-words">{send.lastError}</span> : <span className="text-slate-600">{t('failedSends.noError')}</span>,
    },
    {
      key: 'when',
      term: t('failedSends.columns.when'),
      value: <time dateTime={send.updatedAt} className="tabular-nums">{formatIso(send.updatedAt, formatLogTime)}</time>,
    },
  ];
  return (
    <article aria-labelledby={titleId} className="grid gap-4 surface p-5 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {t(`kinds.${send.kind}`)}
        </h3>
        <Badge tone="neutral">
          <span className="sr-only">{t('failedSends.columns.channel')}: </span>
          {t(`channels.${send.channel}`)}
        </Badge>
      </header>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        {facts.map((fact) => (
          <div key={fact.key} className="contents">
            <dt className="text-slate-600">{fact.term}</dt>
            <dd className="min-w-0 text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <SendAgain send={send} />
      </div>
    </article>
  );
}

function FailedSends() {
  const { t } = useT('notifications');
  const query = useInfiniteQuery(failedSendsQueryOptions);
  if (query.isPending) return <StatePanel state="loading" title={t('failedSends.loading')} />;
  if (query.isError && !query.data) return <LoadFailed title={messageOf(query.error, t('failedSends.loadFailed'))} onRetry={() => void query.refetch()} />;
  const sends = query.data.pages.flatMap((page) => page.items);
  if (sends.length === 0) {
    return <StatePanel icon={<CheckCircleIcon className="h-7 w-7" />} tone="neutral" title={t('failedSends.emptyTitle')} message={t('failedSends.emptyMessage')} />;
  }
  return (
    <section aria-labelledby="failed-sends-title" className="grid gap-4">
      <h2 id="failed-sends-title" className="text-xl font-bold text-slate-900">
        {t('failedSends.list')}
      </h2>
      <ul className="grid gap-4">
        {sends.map((send) => (
          <li key={send.id}>
            <FailedSendCard send={send} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" size="lg" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('failedSends.loadingMore') : t('failedSends.loadMore')}
          </Button>
        </div>
      ) : null}
      {query.isFetchNextPageError ? (
        <p className="text-center text-sm text-red-700" role="alert">
          {t('failedSends.loadMoreFailed')}
        </p>
      ) : null}
    </section>
  );
}

export default function FailedSendsPage() {
  const { t } = useT('notifications');
  useDocumentTitle(t('failedSends.title'));
  return (
    <MoneyFrame title={t('failedSends.title')} intro={t('failedSends.intro')}>
      <FailedSends />
    </MoneyFrame>
  );
}
