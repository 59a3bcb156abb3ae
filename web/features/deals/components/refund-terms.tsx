/**
 * A deal's refund promises, as the deal page and each voucher state them (docs/product/rules.md#refunds-and-the-voucher-s-life):
 * "Refund anytime" and "Auto-refund if unused", each only when the deal has it; nothing at all when it has neither.
 */
import { Badge } from '../../../components/ui/badge';
import { ClockIcon, RefundIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { cn } from '../../../lib/cn';

export interface RefundTermsProps {
  refundAnytime: boolean;
  autoRefundOnExpiry: boolean;
  className?: string;
}

export function RefundTerms({ refundAnytime, autoRefundOnExpiry, className }: RefundTermsProps) {
  const { t } = useT('deals');
  if (!refundAnytime && !autoRefundOnExpiry) return null;
  return (
    <ul aria-label={t('refunds.label')} className={cn('flex flex-wrap gap-2', className)}>
      {refundAnytime ? (
        <li>
          <Badge tone="success">
            <RefundIcon className="h-3.5 w-3.5 shrink-0" />
            {t('refunds.anytime')}
          </Badge>
        </li>
      ) : null}
      {autoRefundOnExpiry ? (
        <li>
          <Badge tone="success">
            <ClockIcon className="h-3.5 w-3.5 shrink-0" />
            {t('refunds.autoRefund')}
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}
