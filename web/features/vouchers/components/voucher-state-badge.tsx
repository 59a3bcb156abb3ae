/** A voucher's state as a badge: Valid, Redeemed, Refund pending, Refunded or Expired, in the same words on My Vouchers, the orders screen and customer service. */
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { useT } from '../../../i18n';
import type { VoucherState } from '../voucher-display';

const TONES: Record<VoucherState, BadgeTone> = { valid: 'success', redeemed: 'neutral', refundPending: 'warning', refunded: 'brand', expired: 'warning' };

export function VoucherStateBadge({ state, className }: { state: VoucherState; className?: string }) {
  const { t } = useT('vouchers');
  return (
    <Badge tone={TONES[state]} className={className}>
      {t(`state.${state}`)}
    </Badge>
  );
}
