/** One merchant in the management list: its card details and commission rate, deal count, creation date, inline status and edit. */
import type { AdminMerchant } from '../../../../contract/admin';
import type { MerchantStatus } from '../../../../contract/merchants';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatIso, formatIsoDay } from '../../../lib/date-format';
import { useSetMerchantStatus } from '../api/set-merchant-status';
import { errorMessage } from '../error-message';
import { HOURS_PERIODS, parseBusinessHours } from '../merchant-form';
import { MERCHANT_STATUS_LABELS, MERCHANT_STATUSES } from '../merchant-status';
import { inputClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { formatBasisPoints } from '../../../lib/numbers';

function hoursText(json: string | null): string {
  const hours = parseBusinessHours(json);
  const parts = HOURS_PERIODS.filter((p) => hours[p.key] !== '').map((p) => `${p.label} ${hours[p.key]}`);
  return parts.length > 0 ? parts.join('，') : '未设置';
}

function createdText(iso: string): string {
  return formatIso(iso, formatIsoDay);
}

interface MerchantRowProps {
  merchant: AdminMerchant;
  onEdit: (merchant: AdminMerchant) => void;
  /** Called before this row shows a toast, so only one is on screen. */
  beforeToast: () => void;
}

export function MerchantRow({ merchant, onEdit, beforeToast }: MerchantRowProps) {
  const status = useSetMerchantStatus();
  const titleId = `merchant-${merchant.id}-name`;
  const selectId = `merchant-${merchant.id}-status`;
  const shown: MerchantStatus = status.isPending && status.variables ? status.variables.status : merchant.status;

  const changeStatus = (next: MerchantStatus) => {
    if (next === merchant.status) return;
    status.mutate(
      { id: merchant.id, status: next },
      {
        onSuccess: (saved) => {
          beforeToast();
          toast({ title: '状态已更新', description: `${saved.name}：${MERCHANT_STATUS_LABELS[saved.status]}`, variant: 'success' });
        },
        onError: (error) => {
          beforeToast();
          toast({ title: '状态更新失败', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  const details: Array<{ term: string; value: string }> = [
    { term: '电话', value: merchant.phone },
    { term: '地址', value: merchant.address || '未填写' },
    { term: '营业时间', value: hoursText(merchant.businessHours) },
    { term: '登录账号', value: merchant.accountPhone ?? '无' },
    { term: '佣金比例', value: formatBasisPoints(merchant.commissionBps) },
  ];

  return (
    <article aria-labelledby={titleId} className="surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {merchant.name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            团购 <span className="font-semibold text-slate-900 tabular-nums">{merchant.dealCount}</span> 个 · 创建于{' '}
            <time dateTime={merchant.createdAt}>{createdText(merchant.createdAt)}</time>
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={selectId} className="text-xs font-semibold text-slate-700">
              状态<span className="sr-only">（{merchant.name}）</span>
            </label>
            <select
              id={selectId}
              value={shown}
              disabled={status.isPending}
              aria-busy={status.isPending || undefined}
              onChange={(event) => changeStatus(event.target.value as MerchantStatus)}
              className={cn(inputClasses, 'h-9 w-28 text-sm')}
            >
              {MERCHANT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {MERCHANT_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button variant="outline" size="sm" onClick={() => onEdit(merchant)} aria-label={`编辑 ${merchant.name}`}>
            编辑
          </Button>
        </div>
      </div>
      {merchant.description ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{merchant.description}</p> : null}
      <dl className="mt-3 grid gap-x-6 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        {details.map((row) => (
          <div key={row.term} className="min-w-0">
            <dt className="text-xs text-slate-600">{row.term}</dt>
            <dd className="break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      {merchant.status !== 'active' ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          该商户的团购对顾客不可见，商户账号也无法登录。
        </p>
      ) : null}
    </article>
  );
}
