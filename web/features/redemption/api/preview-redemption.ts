/**
 * POST /api/merchant/redemptions/preview {code, pin}: the check before redeeming. A right PIN answers what the counter
 * confirms with the customer and uses nothing; a refusal is that of POST /api/redeem (and is logged like one).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import { redemptionEndpoints } from '../../../../contract/addresses';
import type { RedemptionPreview } from '../../../../contract/workspace';
import { api, isApiError } from '../../../lib/api-client';
import { merchantRedemptionsQueryKey } from './get-merchant-redemptions';
import { networkErrorReason, noMerchantReason, refusalReason, type RedeemInput } from './redeem-voucher';

export type PreviewResult = { ok: true; preview: RedemptionPreview } | { ok: false; reason: string | null };

/** Never throws: refusals and failures alike come back as `{ok: false, reason}`. */
export async function previewRedemption(input: RedeemInput): Promise<PreviewResult> {
  try {
    const preview = await api(redemptionEndpoints.preview, { body: { code: input.code, pin: input.pin } });
    return { ok: true, preview };
  } catch (error) {
    if (isApiError(error)) return { ok: false, reason: refusalReason(error.body) };
    return { ok: false, reason: networkErrorReason() };
  }
}

/**
 * Checks as the signed-in account; without a bound merchant the app answers itself, as the redeem call does. A refused
 * check lands in the merchant's history, so it is read again then.
 */
export function usePreviewRedemption(user: CurrentUser | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemInput): Promise<PreviewResult> =>
      user?.merchantId ? previewRedemption(input) : Promise.resolve({ ok: false, reason: noMerchantReason() }),
    onSuccess: (result) => {
      if (!result.ok) void queryClient.invalidateQueries({ queryKey: merchantRedemptionsQueryKey });
    },
  });
}
