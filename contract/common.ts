import { z } from 'zod';
import { CURSOR_MAX_LENGTH } from './constants';
import { reason } from './reasons';

/** Every error answer of the API. */
/** Every refusal: a message to show, and for some a stable `code` that screens branch on. */
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });
/** The code of the 403 an account gets while it must still replace a password it did not choose (ADR 006). */
export { PASSWORD_CHANGE_REQUIRED } from './constants';
export type ErrorBody = z.infer<typeof errorBody>;

export const uuid = z.uuid();

/** An ISO-8601 instant in UTC, as the API sends every time. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const idParams = z.object({ id: z.uuid({ message: reason('validation.uuid') }) });
export const messageAnswer = z.object({ message: z.string() });

/**
 * A list's page in the query: `limit` from 1 to `max` (`fallback` unless asked) and the `cursor` a previous page
 * gave (its format is the list's own; the server refuses one it did not make).
 */
export function pageQuery(max: number, fallback: number, cursorMax = CURSOR_MAX_LENGTH) {
  return z.object({
    limit: z.coerce
      .number({ message: reason('validation.number') })
      .int({ message: reason('validation.wholeNumber') })
      .min(1, { message: reason('validation.atLeast', { min: 1 }) })
      .max(max, { message: reason('validation.atMost', { max }) })
      .default(fallback),
    cursor: z.string().max(cursorMax, { message: reason('validation.invalid') }).optional(),
  });
}
