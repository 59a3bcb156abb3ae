/** POST /api/redeem {code, pin}: the merchant comes from the session; every outcome reads as {ok, reason} (docs/product/api.md#redemption). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../contract/auth';
import type { RedeemAnswer } from '../../../../contract/redemption';
import { redemptionEndpoints } from '../../../../contract/addresses';
import { translate } from '../../../i18n';
import { api, isApiError } from '../../../lib/api-client';
import { merchantRedemptionsQueryKey } from './get-merchant-redemptions';

/** The reason given when the server cannot be reached, as docs/product/messages.md words it in English (merchant:redeemResult.networkError). */
export const NETWORK_ERROR_REASON = 'Network error';

/** The reason the app gives itself when the server cannot be reached, in the language of the screen. */
export function networkErrorReason(): string {
  return translate('merchant:redeemResult.networkError');
}

/** docs/product/screens.md#redeem-vouchers: the app's answer for an account with no merchant bound to it (the server refuses it with the same words). */
export function noMerchantReason(): string {
  return translate('merchant:redeemResult.noMerchant');
}

export interface RedeemInput {
  code: string;
  pin: string;
}

export type RedeemResult = Pick<RedeemAnswer, 'ok' | 'reason' | 'voucher'>;

/** A refusal's body is `{ok: false, reason, message}`; other error bodies (`{message}`, text) still give the reason. */
export function refusalReason(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      if ('reason' in parsed && typeof parsed.reason === 'string' && parsed.reason !== '') return parsed.reason;
      if ('message' in parsed && typeof parsed.message === 'string' && parsed.message !== '') return parsed.message;
    }
  } catch {
    // Not JSON: the text itself, if any, is the reason.
  }
  // A short plain-text body is a message; anything long (an HTML error page) is not worth showing.
  const text = body.trim();
  return text !== '' && text.length <= 200 && !text.startsWith('<') ? text : null;
}

/** Never throws: refusals and failures alike come back as `{ok: false, reason}`. */
export async function redeemVoucher(input: RedeemInput): Promise<RedeemResult> {
  try {
    const answer = await api(redemptionEndpoints.redeem, { body: { code: input.code, pin: input.pin } });
    return { ok: answer.ok, reason: answer.reason, voucher: answer.voucher };
  } catch (error) {
    if (isApiError(error)) return { ok: false, reason: refusalReason(error.body) };
    return { ok: false, reason: networkErrorReason() };
  }
}

/** The line the form shows for a result (docs/product/messages.md#redemption-and-scanning); a refused check reads the same. */
export function redeemResultMessage(result: Pick<RedeemResult, 'ok' | 'reason'>): string {
  if (result.ok) return translate('merchant:redeemResult.success');
  return result.reason ? translate('merchant:redeemResult.error', { reason: result.reason }) : translate('merchant:redeemResult.failed');
}

/**
 * Redeems as the signed-in account. Without a bound merchant the app gives the refusal of docs/product/rules.md#redemption itself; afterwards the
 * merchant's own history is read again, since every attempt lands in it.
 */
export function useRedeemVoucher(user: CurrentUser | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemInput): Promise<RedeemResult> =>
      user?.merchantId ? redeemVoucher(input) : Promise.resolve({ ok: false, reason: noMerchantReason() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantRedemptionsQueryKey }),
  });
}
