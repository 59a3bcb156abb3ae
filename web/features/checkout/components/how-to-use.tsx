/** How to use the vouchers just bought: three steps, then each deal's own instructions from its merchant. */
import type { Voucher } from '../../../../contract/checkout';
import { RichText } from '../../../components/rich-text';
import { useT } from '../../../i18n';

export function HowToUse({ vouchers }: { vouchers: Voucher[] }) {
  const { t } = useT('checkout');
  // One set of merchant instructions per deal, however many vouchers of it were bought.
  const deals = [...new Map(vouchers.map((voucher) => [voucher.dealId, voucher])).values()].filter(
    (voucher) => voucher.redemptionInstructions.trim() !== '',
  );
  return (
    <section aria-labelledby="how-to-title" className="mt-8 surface p-6 sm:p-8">
      <h2 id="how-to-title" className="text-xl font-bold text-slate-900">
        {t('howTo.title')}
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {[
          [t('howTo.visitTitle'), t('howTo.visitText')],
          [t('howTo.showTitle'), t('howTo.showText')],
          [t('howTo.enjoyTitle'), t('howTo.enjoyText')],
        ].map(([title, text], index) => (
          <li key={title} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {index + 1}
            </span>
            <p className="mt-3 font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ol>
      {deals.map((voucher) => (
        <div key={voucher.dealId} className="mt-5 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
          <h3 className="text-sm font-semibold text-brand-900">
            {t('howTo.dealAt', { title: voucher.dealTitle, merchant: voucher.merchantName })}
          </h3>
          <RichText html={voucher.redemptionInstructions} className="mt-1 text-sm" />
        </div>
      ))}
    </section>
  );
}
