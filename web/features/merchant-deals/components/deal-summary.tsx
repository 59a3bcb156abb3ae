/** A deal the merchant can no longer change (under review, published or archived), read-only, with what its state means. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../../contract/routes';
import type { MerchantDeal } from '../../../../contract/workspace';
import { RichText } from '../../../components/rich-text';
import { Missing } from '../../../components/ui/missing';
import { Price } from '../../../components/ui/price';
import { formatDayTime, formatIso } from '../../../lib/date-format';
import { formatCount } from '../../../lib/numbers';
import { dealState, type DealState } from '../../admin-catalog';
import { MerchantDealStatusBadge } from './deal-status-badge';

const STATE_NOTES: Partial<Record<DealState, string>> = {
  pending_review: 'The marketplace is reviewing this deal. It cannot be changed until the review is done; if it is sent back, you can change it and submit it again.',
  listed: 'Published: customers can find and buy it. To change a published deal, contact the marketplace.',
  inactive: 'Published, but switched off by the marketplace: customers cannot buy it right now.',
  archived: 'Archived: no longer sold. Vouchers already sold stay valid and can still be redeemed.',
};

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatIso(iso, formatDayTime)}</time> : 'No limit');

export function DealSummary({ deal }: { deal: MerchantDeal }) {
  const state = dealState(deal);
  const facts: Array<{ term: string; value: ReactNode }> = [
    { term: 'Price', value: <Price cents={deal.priceCents} /> },
    { term: 'Original price', value: deal.originalPriceCents === null ? <Missing /> : <Price cents={deal.originalPriceCents} /> },
    { term: 'Stock', value: deal.inventory === 0 ? 'No limit' : formatCount(deal.inventory) },
    { term: 'Limit per customer', value: formatCount(deal.maxPerUser) },
    { term: 'Valid from', value: when(deal.validFrom) },
    { term: 'Valid until', value: when(deal.validUntil) },
    { term: 'Refund anytime', value: deal.refundAnytime ? 'Yes' : 'No' },
    { term: 'Auto-refund if unused', value: deal.autoRefundOnExpiry ? 'Yes' : 'No' },
  ];
  if (deal.submittedAt) facts.push({ term: 'Submitted', value: when(deal.submittedAt) });
  const texts = [
    { title: 'Description', html: deal.description },
    { title: 'How to redeem', html: deal.redemptionInstructions },
    { title: 'Terms and conditions', html: deal.termsConditions },
  ].filter((text) => text.html.trim() !== '');

  return (
    <section aria-label="Deal details" className="grid gap-5 surface p-5 sm:p-8">
      <div className="flex flex-wrap items-center gap-3">
        <MerchantDealStatusBadge deal={deal} />
        {state === 'listed' ? (
          <Link href={paths.deal(deal.id)} className="text-sm text-link">
            See it as customers do
          </Link>
        ) : null}
      </div>
      {STATE_NOTES[state] ? <p className="text-sm text-slate-700">{STATE_NOTES[state]}</p> : null}
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
