/**
 * A customer's allowance of a deal on screen (docs/product/rules.md#per-customer-limits): what it lets the quantity pickers
 * offer, and how it is worded. The server counts it (GET /api/deals/{id}/allowance) and judges again at checkout.
 */
import type { DealAllowance } from '../../../contract/deals';
import { translate } from '../../i18n';

/** The customer has units of the deal counted against their limit (bought or held), so the allowance is worth saying. */
export const hasCounted = (allowance: DealAllowance): boolean => allowance.bought + allowance.held > 0;

/** 'You can buy 1 more' or 'You have bought the most one customer may (4)', with the units still held for unpaid checkouts. */
export function allowanceText(allowance: DealAllowance): string {
  const main =
    allowance.remaining > 0
      ? translate('deals:allowance.more', { count: allowance.remaining })
      : translate('deals:allowance.atLimit', { limit: allowance.limit });
  return allowance.held > 0 ? `${main} ${translate('deals:allowance.held', { count: allowance.held })}` : main;
}
