// The journeys' patterns for API addresses, built from the contract's declarations (contract/<feature>.ts) like the
// addresses they call (`pathOf`, `urlOf` of contract/endpoint.ts), so no journey spells out a path of its own.
import type { EndpointDeclaration } from '../contract/endpoint';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular-expression source for the endpoint's path, as `failedRequest` and `page.route` take it: the parameters
 * given are filled in (URL-encoded, as `pathOf` does), each other one stands for any one segment.
 * `pathPattern(orderEndpoints.refund)` is `/api/vouchers/[^/?]+/refund`.
 */
export function pathPattern(endpoint: Pick<EndpointDeclaration, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      const value = params[part.slice(1)];
      return value === undefined ? '[^/?]+' : escapeRegExp(encodeURIComponent(value));
    })
    .join('');
}
