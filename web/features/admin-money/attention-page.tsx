/**
 * /admin/attention (superadmins): the money operations at the payment provider that need a person, oldest first, with
 * how many there are of each cause; each can be tried again (when nothing else stands for the same money) or resolved
 * with a note of what was done.
 */
import { useQuery } from '@tanstack/react-query';
import type { AttentionCause, AttentionList } from '../../../contract/money';
import { CheckCircleIcon } from '../../components/ui/icons';
import { LoadFailed, StatePanel } from '../../components/ui/panel';
import { useT } from '../../i18n';
import { formatCount } from '../../lib/numbers';
import { useDocumentTitle } from '../../lib/use-document-title';
import { attentionQueryOptions } from './api/get-attention';
import { AttentionItemCard, CauseBadge } from './components/attention-item';
import { MoneyFrame } from './components/superadmin-only';

const CAUSES: AttentionCause[] = ['failed', 'stuck', 'reversed'];

function Counts({ counts }: { counts: AttentionList['counts'] }) {
  const { t } = useT('money');
  return (
    <section aria-labelledby="attention-counts-title">
      <h2 id="attention-counts-title" className="sr-only">
        {t('attention.counts')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {CAUSES.map((cause) => (
          <div key={cause} className="surface p-4">
            <dt>
              <CauseBadge cause={cause} />
            </dt>
            <dd className="mt-2 text-2xl font-extrabold text-slate-900 tabular-nums">{formatCount(counts[cause])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Attention() {
  const { t } = useT('money');
  const query = useQuery(attentionQueryOptions);
  if (query.isPending) return <StatePanel state="loading" title={t('attention.loading')} />;
  if (query.isError && !query.data) return <LoadFailed title={t('attention.loadFailed')} onRetry={() => void query.refetch()} />;
  const { items, counts } = query.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Counts counts={counts} />
      {items.length === 0 ? (
        <StatePanel icon={<CheckCircleIcon className="h-7 w-7" />} tone="neutral" title={t('attention.emptyTitle')} message={t('attention.emptyMessage')} />
      ) : (
        <section aria-labelledby="attention-items-title" className="grid gap-4">
          <h2 id="attention-items-title" className="text-xl font-bold text-slate-900">
            {t('attention.items')}
          </h2>
          <ul className="grid gap-4">
            {items.map((item) => (
              <li key={item.id}>
                <AttentionItemCard item={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export default function AttentionPage() {
  const { t } = useT('money');
  useDocumentTitle(t('attention.title'));
  return (
    <MoneyFrame title={t('attention.title')} intro={t('attention.intro')}>
      <Attention />
    </MoneyFrame>
  );
}
