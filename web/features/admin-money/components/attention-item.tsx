/**
 * One money operation on Needs attention: why it is there, what it is (amount, voucher or order, customer, deal), what
 * the provider said, when it was made and is next tried, what superadmins did about it, and Retry and Resolve.
 */
import { lazy, Suspense, useState } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'wouter';
import type { AttentionCause, AttentionItem } from '../../../../contract/money';
import { paths } from '../../../../contract/routes';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { SpinnerIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { Facts } from './facts';
import { toast } from '../../../components/ui/toast';
import { translate, useT } from '../../../i18n';
import { messageOf } from '../../../lib/message-of';
import { formatIso, formatLogTime } from '../../../lib/date-format';
import { formatCount } from '../../../lib/numbers';
import { formatPhone } from '../../../lib/phone';
import { orderNumber } from '../../vouchers';
import { useRetryAttention } from '../api/retry-attention';

// The dialog (and the dialog library) is fetched when Resolve is first pressed, as customer service's refund dialog is.
const ResolveDialog = lazy(async () => ({ default: (await import('./resolve-dialog')).ResolveDialog }));

const CAUSE_TONES: Record<AttentionCause, BadgeTone> = { failed: 'danger', stuck: 'warning', reversed: 'danger' };

/** The texts of this file's components: the money catalogue, then the admin one (the providers' names). */
const useTexts = () => useT(['money', 'admin']);

export function CauseBadge({ cause }: { cause: AttentionCause }) {
  const { t } = useTexts();
  return <Badge tone={CAUSE_TONES[cause]}>{t(`causes.${cause}`)}</Badge>;
}

/** How an item is named in its heading and its buttons: by its voucher's code, else by its order's number. */
export function itemName(item: Pick<AttentionItem, 'voucherCode' | 'orderId'>): string {
  return item.voucherCode
    ? translate('money:attention.voucher', { code: item.voucherCode })
    : translate('money:attention.order', { number: orderNumber(item.orderId) });
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatIso(iso, formatLogTime)}</time>;
}


function History({ item }: { item: AttentionItem }) {
  const { t } = useTexts();
  if (item.history.length === 0) return <p className="text-sm text-slate-600">{t('attention.historyEmpty')}</p>;
  return (
    <ol className="grid gap-2 text-sm">
      {item.history.map((action, index) => {
        const who = action.byPhone ? formatPhone(action.byPhone) : t('attention.goneAccount');
        return (
          // The history only grows, oldest first: a position is a stable key.
          <li key={`${action.at}-${index}`} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <p className="text-slate-900">
              <span className="font-semibold">{action.action === 'retried' ? t('attention.retriedBy', { who }) : t('attention.resolvedBy', { who })}</span>
              <span className="ml-2 text-slate-600 tabular-nums">
                <Time iso={action.at} />
              </span>
            </p>
            {action.note ? <p className="mt-1 break-words whitespace-pre-line text-slate-700">{action.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}

function Actions({ item }: { item: AttentionItem }) {
  const { t } = useTexts();
  const [resolving, setResolving] = useState(false);
  const retry = useRetryAttention();
  const what = itemName(item);
  const sr = { sr: <span className="sr-only" /> };

  const onRetry = () => {
    if (retry.isPending) return;
    retry.mutate(item.id, {
      onSuccess: (answer) => toast({ title: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: t('attention.retryFailed'), description: messageOf(error, translate('money:attention.failedFallback'), { providerAnswer: true }), variant: 'destructive' }),
    });
  };

  return (
    <div className="flex flex-wrap gap-2">
      {item.canRetry ? (
        <Button variant="primary" size="sm" onClick={onRetry} disabled={retry.isPending}>
          {retry.isPending ? <SpinnerIcon className="h-4 w-4" /> : null}
          <span>
            <Trans t={t} i18nKey='attention.retry' values={{ what }} components={sr} />
          </span>
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => setResolving(true)}>
        <span>
          <Trans t={t} i18nKey='attention.resolve' values={{ what }} components={sr} />
        </span>
      </Button>
      {resolving ? (
        <Suspense fallback={null}>
          <ResolveDialog item={item} what={what} onClose={() => setResolving(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

export function AttentionItemCard({ item }: { item: AttentionItem }) {
  const { t } = useTexts();
  const titleId = `attention-${item.id}-title`;
  const number = orderNumber(item.orderId);
  const rows = [
    { key: 'reason', term: t('attention.facts.reason'), value: t(`reasons.${item.reason}`) },
    { key: 'deal', term: t('attention.facts.deal'), value: item.dealTitle },
    { key: 'customer', term: t('attention.facts.customer'), value: item.customerPhone ? <span className="tabular-nums">{formatPhone(item.customerPhone)}</span> : null },
    { key: 'voucher', term: t('attention.facts.voucher'), value: item.voucherCode ? <span className="font-mono">{item.voucherCode}</span> : null },
    {
      key: 'order',
      term: t('attention.facts.order'),
      value: (
        // Customer service finds an order by its number and tells its whole story.
        <Link href={`${paths.adminOrders}?${new URLSearchParams({ q: number }).toString()}`} className="rounded font-mono text-brand-800 underline-offset-2 hover:underline focus-ring">
          <Trans t={t} i18nKey='attention.orderLink' values={{ number }} components={{ sr: <span className="sr-only" /> }} />
        </Link>
      ),
    },
    { key: 'provider', term: t('attention.facts.provider'), value: t(`orderCard.providers.${item.provider}`) },
    { key: 'providerRef', term: t('attention.facts.providerRef'), value: item.providerRef ? <span className="font-mono text-xs break-all">{item.providerRef}</span> : null },
    { key: 'tries', term: t('attention.facts.tries'), value: <span className="tabular-nums">{formatCount(item.tries)}</span> },
    { key: 'failure', term: t('attention.facts.failure'), value: item.failure },
    { key: 'created', term: t('attention.facts.created'), value: <Time iso={item.createdAt} /> },
    ...(item.nextTryAt ? [{ key: 'nextTry', term: t('attention.facts.nextTry'), value: <Time iso={item.nextTryAt} /> }] : []),
    ...(item.reversedAt ? [{ key: 'reversed', term: t('attention.facts.reversed'), value: <Time iso={item.reversedAt} /> }] : []),
  ];

  return (
    <article aria-labelledby={titleId} className="grid gap-4 surface p-5 sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          <Trans t={t} i18nKey='attention.itemTitle' values={{ what: itemName(item) }} components={{ price: <Price cents={item.amountCents} /> }} />
        </h3>
        <CauseBadge cause={item.cause} />
      </header>
      <Facts rows={rows} />
      <section aria-labelledby={`${titleId}-history`} className="border-t border-slate-100 pt-4">
        <h4 id={`${titleId}-history`} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t('attention.history')}
        </h4>
        <History item={item} />
      </section>
      <Actions item={item} />
    </article>
  );
}
