/**
 * The payment result once paid: the order's summary, its vouchers and how to use them. `formedNow`: the customer's group
 * has just formed, which the page celebrates before the vouchers.
 */
import type { PaymentStatusAnswer } from '../../../../contract/checkout';
import { Celebration } from '../../../components/ui/celebration';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { Price } from '../../../components/ui/price';
import { useT } from '../../../i18n';
import { orderNumber } from '../../vouchers';
import { HowToUse } from './how-to-use';
import { AllVouchersLink, Frame, HomeLink } from './success-frame';
import { VoucherTicket } from './voucher-ticket';

export function SuccessView({ answer, formedNow = false }: { answer: PaymentStatusAnswer; formedNow?: boolean }) {
  const { t } = useT('checkout');
  const { order, vouchers } = answer;
  const count = vouchers.length;
  return (
    <Frame>
      <div className="mx-auto max-w-2xl text-center">
        {formedNow ? (
          <Celebration heading="h1" title={t('result.groupFormed')}>
            {t('result.ready', { count })}
          </Celebration>
        ) : (
          <>
            <span className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-emerald-50 text-emerald-700 ring-8 ring-emerald-50/60">
              <CheckCircleIcon className="h-9 w-9" />
            </span>
            <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900">{t('result.successTitle')}</h1>
            <p className="mt-2 text-slate-600">{t('result.ready', { count })}</p>
          </>
        )}
        <dl className="mx-auto mt-5 flex max-w-md flex-wrap justify-center gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">{t('result.orderNumber')}</dt>
            <dd className="font-mono font-semibold text-slate-900">#{orderNumber(order.id)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('result.totalPaid')}</dt>
            <dd className="font-semibold text-slate-900">
              <Price cents={order.totalCents} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('result.vouchers')}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{count}</dd>
          </div>
        </dl>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {vouchers.map((voucher) => (
          <VoucherTicket key={voucher.id} voucher={voucher} />
        ))}
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AllVouchersLink />
        <HomeLink />
      </div>

      <HowToUse vouchers={vouchers} />
    </Frame>
  );
}
