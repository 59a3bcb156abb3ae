/** A deal the merchant can no longer change (under review, published or archived), read-only, with what its state means. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import type { MerchantDeal } from '../../../../contract/workspace';
import { RichText } from '../../../components/rich-text';
import { Missing } from '../../../components/ui/missing';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { useT } from '../../../i18n';
import { formatCount } from '../../../lib/numbers';
import { dealState, type DealState } from '../../admin-catalog';
import { MerchantDealStatusBadge } from './deal-status-badge';

export function DealSummary({ deal }: { deal: MerchantDeal }) {
  const { t } = useT('merchantDeal');
  const state = dealState(deal);
  const notes: Partial<Record<DealState, string>> = {
    pending_review: t('dealSummary.notes.pendingReview'),
    listed: t('dealSummary.notes.listed'),
    inactive: t('dealSummary.notes.inactive'),
    archived: t('dealSummary.notes.archived'),
  };
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatIso(iso, formatDayTime)}</time> : t('dealSummary.noLimit'));
  const yesNo = (yes: boolean) => (yes ? t('dealSummary.yes') : t('dealSummary.no'));
  const facts: Array<{ term: string; value: ReactNode }> = [
    { term: t('dealSummary.price'), value: <Price cents={deal.priceCents} /> },
    { term: t('dealSummary.originalPrice'), value: deal.originalPriceCents === null ? <Missing /> : <Price cents={deal.originalPriceCents} /> },
    { term: t('dealSummary.stock'), value: deal.inventory === 0 ? t('dealSummary.noLimit') : formatCount(deal.inventory) },
    { term: t('dealSummary.maxPerUser'), value: formatCount(deal.maxPerUser) },
    { term: t('dealSummary.validFrom'), value: when(deal.validFrom) },
    { term: t('dealSummary.validUntil'), value: when(deal.validUntil) },
    { term: t('dealSummary.refundAnytime'), value: yesNo(deal.refundAnytime) },
    { term: t('dealSummary.autoRefundOnExpiry'), value: yesNo(deal.autoRefundOnExpiry) },
  ];
  if (deal.submittedAt) facts.push({ term: t('dealSummary.submitted'), value: when(deal.submittedAt) });
  const texts = [
    { title: t('dealSummary.description'), html: deal.description },
    { title: t('dealSummary.redemptionInstructions'), html: deal.redemptionInstructions },
    { title: t('dealSummary.termsConditions'), html: deal.termsConditions },
  ].filter((text) => text.html.trim() !== '');

  return (
    <section aria-label={t('dealSummary.label')} className="grid gap-5 surface p-5 sm:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <MerchantDealStatusBadge deal={deal} />
        {state === 'listed' ? (
          <Link href={paths.deal(deal.id)} className="text-sm text-link">
            {t('dealSummary.seeAsCustomers')}
          </Link>
        ) : null}
      </div>
      {notes[state] ? <p className="text-sm text-slate-700">{notes[state]}</p> : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 border-t border-slate-100 pt-4 text-sm min-[420px]:grid-cols-2 lg:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.term} className="min-w-0">
            <dt className="text-xs text-slate-600">{fact.term}</dt>
            <dd className="font-medium break-words text-slate-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {texts.map((text) => (
        <div key={text.title} className="min-w-0 border-t border-slate-100 pt-4">
          <h2 className="text-sm font-semibold text-slate-800">{text.title}</h2>
          <RichText html={text.html} className="mt-1 text-sm break-words text-slate-700" />
        </div>
      ))}
    </section>
  );
}
