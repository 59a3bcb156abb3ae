/**
 * POST /api/merchant/redemptions/{voucherId}/undo: a merchant takes back its own redemption within
 * REDEMPTION_UNDO_MINUTES (a mistaken scan); the voucher is active again and the undo lands in the log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoRedemptionAnswer } from '../../../../contract/orders';
import { redemptionEndpoints } from '../../../../contract/addresses';
import { translate } from '../../../i18n';
import { api } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { merchantRedemptionsQueryKey } from './get-merchant-redemptions';

export function undoRedemption(voucherId: string): Promise<UndoRedemptionAnswer> {
  return api(redemptionEndpoints.undo, { params: { voucherId } });
}

/** The words for a refused or failed undo: the server's own when it gave some. */
export function undoFailureMessage(error: unknown): string {
  return messageOf(error, translate('merchant:recent.undoFailed'));
}

export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantRedemptionsQueryKey }),
  });
}
