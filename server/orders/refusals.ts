/**
 * Every refusal of the orders module in one table: its HTTP status and the message the route sends, by its key in
 * server/i18n (docs/product/messages.md), whether a TypeScript check or a database function raised it. The
 * database functions (server/orders/sql/) raise theirs with SQLSTATE class DM, mapped here too:
 *   DM001 over the customer's allowance of a deal (DETAIL: the deal id)
 *   DM002 the offer cannot cover a take (DETAIL: the deal id, HINT: the units it could give)
 *   DM003 every stock bucket that could serve a take stayed locked (DETAIL: the deal id)
 *   DM004 a rate-limit budget is spent (DETAIL: seconds until its window ends)
 *   DM005 a voucher code drawn for a fulfilment is taken already (never a refusal: new codes are drawn)
 *   DM006 the group joined is full
 *   DM007 the group joined formed or failed already, or its window has passed
 *   DM008 the customer holds a live place in the group already
 */
import { MAX_CHECKOUT_LINES, MAX_CHECKOUT_TOTAL_CENTS, MAX_UNITS_PER_LINE } from '../../contract/checkout';
import { databaseError } from '../db/errors';
import { HttpError } from '../http/errors';
import { waitOf } from '../http/rate-limit';
import { msg, type Message } from '../i18n';

/** What a message may name: the deal concerned. */
export interface DealNamed {
  title: string;
  maxPerUser: number;
}

const REFUSALS = {
  // Checkout (docs/product/rules.md#buying-a-deal)
  notACustomer: [403, () => msg('checkout.notACustomer')],
  tooManyLines: [400, () => msg('checkout.tooManyLines', { max: MAX_CHECKOUT_LINES })],
  tooManyUnits: [400, () => msg('checkout.tooManyUnits', { max: MAX_UNITS_PER_LINE })],
  dealNotFound: [404, () => msg('notFound.deal')],
  noLongerAvailable: [409, (d: DealNamed) => msg('checkout.noLongerAvailable', { title: d.title })],
  currentlyUnavailable: [409, (d: DealNamed) => msg('checkout.currentlyUnavailable', { title: d.title })],
  notOnSaleYet: [409, (d: DealNamed) => msg('checkout.notOnSaleYet', { title: d.title })],
  ended: [409, (d: DealNamed) => msg('checkout.ended', { title: d.title })],
  overAllowance: [409, (d: DealNamed) => msg('checkout.overAllowance', { max: d.maxPerUser, title: d.title })],
  offerExhausted: [
    409,
    (d: DealNamed, left: number) => (left === 0 ? msg('checkout.soldOut', { title: d.title }) : msg('checkout.onlyLeft', { left, title: d.title })),
  ],
  stockBusy: [409, (d: DealNamed) => msg('checkout.stockBusy', { title: d.title })],
  overMaxTotal: [400, () => msg('checkout.overMaxTotal', { max: MAX_CHECKOUT_TOTAL_CENTS })],
  budgetSpent: [429, (message: Message | undefined, retryAfterSeconds: number) => message ?? msg('http.tooManyAttempts', { wait: waitOf(retryAfterSeconds) })],
  providerFailed: [502, (reason: string) => msg('checkout.providerFailed', { reason })],
  // Groups (docs/product/rules.md#group-deals)
  noGroupOffer: [409, (d: DealNamed) => msg('groups.noGroupOffer', { title: d.title })],
  groupNotFound: [404, () => msg('notFound.group')],
  alreadyInGroup: [409, () => msg('groups.alreadyInGroup')],
  groupFull: [409, () => msg('groups.full')],
  groupClosed: [409, () => msg('groups.closed')],
  // The built-in provider's pay call
  checkoutExpired: [409, () => msg('payment.checkoutExpired')],
  cardExpired: [402, () => msg('payment.cardExpired')],
  cardDeclined: [402, () => msg('payment.cardDeclined')],
  notATestCard: [402, () => msg('payment.notATestCard')],
  paymentUnconfirmed: [502, () => msg('payment.unconfirmed')],
  paidForWithdrawn: [409, () => msg('payment.paidForWithdrawn')],
  paidAfterSoldOut: [409, () => msg('payment.paidAfterSoldOut')],
  paidAfterGroupClosed: [409, () => msg('payment.paidAfterGroupClosed')],
  // An order's life on My Orders: paying it later, cancelling it
  orderNotFound: [404, () => msg('notFound.order')],
  orderPaid: [409, () => msg('payment.orderPaid')],
  orderCancelled: [409, () => msg('payment.orderCancelled')],
} as const satisfies Record<string, readonly [number, (...args: never[]) => Message]>;

export type RefusalName = keyof typeof REFUSALS;

/** A refusal of the orders module: an HttpError that also says which one it is. */
export class Refusal extends HttpError {
  constructor(
    readonly refusal: RefusalName,
    status: number,
    message: Message,
  ) {
    super(status, message);
  }
}

/** The refusal `name`, with what its message names. */
export function refuse<N extends RefusalName>(name: N, ...args: Parameters<(typeof REFUSALS)[N][1]>): Refusal {
  const [status, message] = REFUSALS[name];
  return new Refusal(name, status, (message as (...a: typeof args) => Message)(...args));
}

/** True when `err` is the refusal `name`. */
export function isRefusal(err: unknown, name: RefusalName): err is Refusal {
  return err instanceof Refusal && err.refusal === name;
}

/**
 * The refusal a database function raised (DM001-DM004, DM006-DM008), or undefined for any other error. `deal`
 * finds the deal a refusal names (its DETAIL); `budgetMessage` is the budget's own message, if any.
 */
export function refusalFromDatabase(err: unknown, deal: (id: string) => DealNamed | undefined, budgetMessage?: Message): Refusal | undefined {
  const e = databaseError(err);
  if (!e) return undefined;
  if (e.code === 'DM004') return refuse('budgetSpent', budgetMessage, Math.max(1, Number(e.detail ?? 1)));
  if (e.code === 'DM006') return refuse('groupFull');
  if (e.code === 'DM007') return refuse('groupClosed');
  if (e.code === 'DM008') return refuse('alreadyInGroup');
  const named = e.detail ? deal(e.detail) : undefined;
  if (!named) return undefined;
  if (e.code === 'DM001') return refuse('overAllowance', named);
  if (e.code === 'DM002') return refuse('offerExhausted', named, Number(e.hint ?? 0));
  if (e.code === 'DM003') return refuse('stockBusy', named);
  return undefined;
}
