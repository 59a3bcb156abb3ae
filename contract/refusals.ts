/**
 * The refusals an endpoint's guards give (server/http/session.ts), in one wording for the whole contract:
 * 401 when no one is signed in, 403 when the signed-in account may not make the call. An endpoint's
 * declaration spreads them into its `refusals` beside its own: `{ ...guards({ account: 'a superadmin', write: true }), 404: '...' }`.
 *
 * This module holds no zod value, like contract/endpoint.ts.
 */
import { PASSWORD_CHANGE_REQUIRED } from './constants';
import type { Refusal } from './endpoint';

/**
 * The account a call needs. `a merchant` is an owner or staff account bound to a merchant; `a merchant's
 * owner` only its owner account (a staff account is refused too). A superadmin's calls are refused before
 * their body is read.
 */
export type GuardedAccount = 'a superadmin' | 'a customer' | 'a merchant' | "a merchant's owner";

export interface Guards {
  /** The account the call needs; any signed-in account when left out. */
  readonly account?: GuardedAccount;
  /** A write (POST, PUT, PATCH, DELETE): a session cookie sent from another site's page does not sign it in. */
  readonly write?: boolean;
  /** Allowed while the account must still replace a password it did not choose (ADR 006): its own user, the password change. */
  readonly beforePasswordChange?: boolean;
  /** Further reasons of the same 403, each a clause: "the voucher belongs to another merchant". */
  readonly also403?: readonly string[];
  /** The 403's body when it is not the common `{message, code?}`. */
  readonly schema?: Refusal['schema'];
}

/** The 401 of every call that needs someone signed in. */
export const NOT_SIGNED_IN = 'No one is signed in.';

/** `a`, `a, or b`, `a, b, or c`. */
const eitherOf = (clauses: readonly string[]) =>
  clauses.length === 1 ? clauses[0]! : `${clauses.slice(0, -1).join(', ')}, or ${clauses[clauses.length - 1]!}`;

/** The refusals of a signed-in call: 401, and the 403 of its account, its password and its cookie, with `also403`'s reasons. */
export function guards({ account, write = false, beforePasswordChange = false, also403 = [], schema }: Guards = {}): { 401: string; 403?: Refusal } {
  const ofTheAccount = [...(account ? [`is not ${account}`] : []), ...(beforePasswordChange ? [] : ['must first replace a password it did not choose'])];
  const clauses = [
    ...ofTheAccount.map((clause, i) => (i === 0 ? `the account ${clause}` : clause)),
    ...also403,
    ...(write ? ['the write came signed in only by a cookie from another site'] : []),
  ];
  if (clauses.length === 0) return { 401: NOT_SIGNED_IN };
  const sentence = eitherOf(clauses);
  const description = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
  return {
    401: NOT_SIGNED_IN,
    403: { description, ...(beforePasswordChange ? {} : { codes: [PASSWORD_CHANGE_REQUIRED] as const }), ...(schema ? { schema } : {}) },
  };
}
