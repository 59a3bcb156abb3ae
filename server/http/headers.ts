/**
 * The headers every answer carries: the security headers (the same set and values as helmet's
 * defaults with our Content-Security-Policy), the permissions policy, the request id, and
 * `cache-control: no-store` for API answers that chose no caching of their own. None of them
 * varies by request except the id, so they are built once and set from one synchronous hook.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const CSP_DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['media-src', ["'self'", 'blob:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(self), payment=()';

/** The security headers, in the order browsers have always received them. */
export function securityHeaders(production: boolean): Record<string, string> {
  const directives = CSP_DIRECTIVES.map(([name, values]) => `${name} ${values.join(' ')}`);
  // Production is served over HTTPS only: browsers upgrade stray http:// sub-resources and remember HTTPS.
  if (production) directives.push('upgrade-insecure-requests');
  return {
    'content-security-policy': directives.join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/** True for 1-64 characters of [A-Za-z0-9_-], the request ids a client or proxy may hand us. */
export function isWellFormedRequestId(value: string): boolean {
  const n = value.length;
  if (n < 1 || n > 64) return false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    const ok =
      (c >= 97 && c <= 122) || // a-z
      (c >= 65 && c <= 90) || // A-Z
      (c >= 48 && c <= 57) || // 0-9
      c === 95 || // _
      c === 45; // -
    if (!ok) return false;
  }
  return true;
}

/** The request's id: a well-formed x-request-id from the caller (a proxy's trace id, say), else a fresh UUID. */
export function requestIdFor(req: IncomingMessage): string {
  return requestIdFrom(req.headers['x-request-id']);
}

/** The request id for the x-request-id value a request came with, if any. */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && isWellFormedRequestId(given) ? given : randomUUID();
}

/** Sets the headers of every answer; registered once, on the root instance. */
export function registerResponseHeaders(app: FastifyInstance, production: boolean): void {
  const headers = securityHeaders(production);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
