/**
 * A message as text: its key in the catalogues and its values, written as JSON,
 * `{"key":"validation.atMostCharacters","params":{"max":500}}` (no `params` when it has none). The schemas of
 * contract/ give zod their reasons this way (`reason`), and the server stores texts it shows later the same way
 * (a redemption's reason, a ledger note); whoever shows one decodes it (`reasonOf`) and renders it from the
 * catalogue of the reader's language (server/i18n, ADR 031). Free of zod, so the web app may read it too.
 */

/** A value a message names: a number, a text, a calendar day (`{"day":"2026-12-31"}`), or another message. */
export type ReasonValue = string | number | { readonly day: string } | Reason;

/** A message of the catalogues by its key, with the values it names. */
export interface Reason {
  readonly key: string;
  readonly params?: Readonly<Record<string, ReasonValue>>;
}

/** A key of the catalogues' `validation` texts (server/i18n/en.json). */
export type ValidationKey = `validation.${string}`;

/** The reason a schema gives zod, e.g. `reason('validation.atMostCharacters', { max: 500 })`. */
export function reason(key: ValidationKey, params?: Readonly<Record<string, number | string>>): string {
  return textOf(params ? { key, params } : { key });
}

/** The message as text (the JSON `reasonOf` reads). */
export function textOf(message: Reason): string {
  return JSON.stringify(message.params ? { key: message.key, params: message.params } : { key: message.key });
}

const KEY = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

function isValue(value: unknown): value is ReasonValue {
  if (typeof value === 'string') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = Object.keys(value);
  if (fields.length === 1 && fields[0] === 'day') return typeof (value as { day: unknown }).day === 'string';
  return isReason(value);
}

function isReason(value: unknown): value is Reason {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { key, params, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof key !== 'string' || !KEY.test(key)) return false;
  if (params === undefined) return true;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  return Object.values(params).every(isValue);
}

/** The message a text encodes, or null for any other text (zod's own reasons, texts stored before they were keys). */
export function reasonOf(text: string | null | undefined): Reason | null {
  if (!text || !/^\{\s*"key"\s*:/.test(text)) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isReason(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
