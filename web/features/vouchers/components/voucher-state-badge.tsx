/** A voucher's state as a badge: Valid, Redeemed, Refunded or Expired. */
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { VOUCHER_STATE_LABELS, type VoucherState } from '../voucher-display';

const TONES: Record<VoucherState, BadgeTone> = { valid: 'success', redeemed: 'neutral', refunded: 'brand', expired: 'warning' };

export function VoucherStateBadge({ state, className }: { state: VoucherState; className?: string }) {
  return (
    <Badge tone={TONES[state]} className={className}>
      {VOUCHER_STATE_LABELS[state]}
    </Badge>
  );
}
