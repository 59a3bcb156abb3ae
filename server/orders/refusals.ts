/**
 * Every refusal of the orders module in one table: its HTTP status and the message the route sends
 * (docs/product/messages.md), whether a TypeScript check or a database function raised it. The
 * database functions (server/orders/sql/) raise theirs with SQLSTATE class DM, mapped here too:
 *   DM001 over the customer's allowance of a deal (DETAIL: the deal id)
 *   DM002 the offer cannot cover a take (DETAIL: the deal id, HINT: the units it could give)
 *   DM003 every stock bucket that could serve a take stayed locked (DETAIL: the deal id)
 *   DM004 a rate-limit budget is spent (DETAIL: seconds until its window ends)
 *   DM005 a voucher code drawn for a fulfilment is taken already (never a refusal: new codes are drawn)
 */
import { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE } from '../../contract/checkout';
import { databaseError } from '../db/errors';
import { HttpError } from '../http/errors';
import { formatWait } from '../http/rate-limit';

const MAX_TOTAL_LABEL = `$${(MAX_CHECKOUT_TOTAL_CENTS / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** What a message may name: the deal concerned. */
export interface DealNamed {
  title: string;
  maxPerUser: number;
}

const REFUSALS = {
  // Checkout (docs/product/rules.md#buying-a-deal)
  notACustomer: [403, () => 'Only customer accounts can buy deals'],
  tooManyLines: [400, () => `A checkout can hold at most ${MAX_CHECKOUT_LINES} different deals`],
  tooManyUnits: [400, () => `At most ${MAX_UNITS_PER_LINE} units of one deal per checkout`],
  dealNotFound: [404, () => 'Deal not found'],
  noLongerAvailable: [409, (d: DealNamed) => `"${d.title}" is no longer available`],
  currentlyUnavailable: [409, (d: DealNamed) => `"${d.title}" is currently unavailable`],
  notOnSaleYet: [409, (d: DealNamed) => `"${d.title}" is not on sale yet`],
  ended: [409, (d: DealNamed) => `"${d.title}" has ended`],
  overAllowance: [409, (d: DealNamed) => `You can buy at most ${d.maxPerUser} of "${d.title}"`],
  offerExhausted: [409, (d: DealNamed, left: number) => (left === 0 ? `"${d.title}" is sold out` : `Only ${left} left of "${d.title}"`)],
  stockBusy: [409, (d: DealNamed) => `"${d.title}" is in high demand right now; please try again`],
  overMaxTotal: [400, () => `A checkout can total at most ${MAX_TOTAL_LABEL}`],
  budgetSpent: [429, (message: string | undefined, retryAfterSeconds: number) => message ?? `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`],
  providerFailed: [502, (reason: string) => `Failed to initiate checkout: ${reason}`],
  // Groups (docs/product/rules.md#group-deals)
  noGroupOffer: [409, (d: DealNamed) => `"${d.title}" has no group price`],
  groupNotFound: [404, () => 'Group not found'],
  alreadyInGroup: [409, () => 'You are already in this group'],
  groupFull: [409, () => 'This group is full. Start a new group instead.'],
  groupClosed: [409, () => 'This group has closed. Start a new group instead.'],
  // The built-in provider's pay call
  checkoutExpired: [409, () => 'This checkout has expired. Please return to your cart and try again.'],
  cardExpired: [402, () => 'Your card has expired.'],
  cardDeclined: [402, () => 'Your card was declined.'],
  notATestCard: [402, () => 'This is a test checkout: use card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline.'],
  paymentUnconfirmed: [502, () => 'The payment could not be confirmed. Please try again.'],
  paidForWithdrawn: [409, () => 'Sorry, this deal is no longer available. Your payment has been refunded.'],
  paidAfterSoldOut: [409, () => 'Sorry, this deal sold out before your payment completed. You have been refunded.'],
  paidAfterGroupClosed: [409, () => 'Sorry, this group closed before your payment completed. You have been refunded.'],
} as const satisfies Record<string, readonly [number, (...args: never[]) => string]>;

export type RefusalName = keyof typeof REFUSALS;

/** A refusal of the orders module: an HttpError that also says which one it is. */
export class Refusal extends HttpError {
  constructor(
    readonly refusal: RefusalName,
    status: number,
    message: string,
  ) {
    super(status, message);
  }
}

/** The refusal `name`, with what its message names. */
export function refuse<N extends RefusalName>(name: N, ...args: Parameters<(typeof REFUSALS)[N][1]>): Refusal {
  const [status, message] = REFUSALS[name];
  return new Refusal(name, status, (message as (...a: typeof args) => string)(...args));
}

/** True when `err` is the refusal `name`. */
export function isRefusal(err: unknown, name: RefusalName): err is Refusal {
  return err instanceof Refusal && err.refusal === name;
}

/**
 * The refusal a database function raised (DM001-DM004), or undefined for any other error. `deal`
 * finds the deal a refusal names (its DETAIL); `budgetMessage` is the budget's own message, if any.
 */
export function refusalFromDatabase(err: unknown, deal: (id: string) => DealNamed | undefined, budgetMessage?: string): Refusal | undefined {
  const e = databaseError(err);
  if (!e) return undefined;
  if (e.code === 'DM004') return refuse('budgetSpent', budgetMessage, Math.max(1, Number(e.detail ?? 1)));
  const named = e.detail ? deal(e.detail) : undefined;
  if (!named) return undefined;
  if (e.code === 'DM001') return refuse('overAllowance', named);
  if (e.code === 'DM002') return refuse('offerExhausted', named, Number(e.hint ?? 0));
  if (e.code === 'DM003') return refuse('stockBusy', named);
  return undefined;
}
