/** The API's own endpoints: its health, placeholder pictures and its reference. */
import { z } from 'zod';
import { PLACEHOLDER_MAX_SIDE } from './constants';
import { endpoint } from './endpoint';
import { reason } from './reasons';

const side = z.coerce
  .number({ message: reason('validation.number') })
  .int({ message: reason('validation.wholeNumber') })
  .min(1, { message: reason('validation.atLeast', { min: 1 }) })
  .max(PLACEHOLDER_MAX_SIDE, { message: reason('validation.atMost', { max: PLACEHOLDER_MAX_SIDE }) });

/** Where the API's reference page is served (rendered from `systemEndpoints.openapi`). */
export const API_REFERENCE_PATH = '/api/docs';

/** The API's version as its reference states it. */
export const API_VERSION = '1.0.0';

export const health = z.object({ ok: z.boolean() });

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    tag: 'System',
    summary: 'Whether the server can reach its database',
    ok: { status: 200, schema: health, description: '`{ok: true}`.' },
    refusals: { 503: { description: 'The database cannot be reached: `{ok: false}` with `Retry-After`.', schema: health } },
  }),
  placeholder: endpoint({
    method: 'GET',
    path: '/api/placeholder/:w/:h',
    tag: 'System',
    summary: 'A grey placeholder picture of the given size',
    params: z.object({ w: side, h: side }),
    ok: { status: 200, schema: z.string(), contentType: 'image/svg+xml', description: 'An SVG picture, cached for a day.' },
    refusals: {},
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This reference as an OpenAPI 3.1 document',
    description: 'Made from the contract\'s declarations; the page at /api/docs renders it.',
    ok: { status: 200, schema: z.looseObject({ openapi: z.string() }), description: 'The OpenAPI document.' },
    refusals: {},
  }),
};
