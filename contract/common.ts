import { z } from 'zod';

/** Every error answer of the API. */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;

export const uuid = z.uuid();

/** An ISO-8601 instant in UTC, as the API sends every time. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const idParams = z.object({ id: z.uuid({ message: 'must be a UUID' }) });
export const messageAnswer = z.object({ message: z.string() });
