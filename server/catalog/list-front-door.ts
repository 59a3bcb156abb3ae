/**
 * The shoppers' deal list, served from the list cache before routing: a guest's GET of a list the
 * cache holds is answered by the HTTP server's own handler with the bytes and headers the route
 * sent (the same security headers, a fresh request id), without going through the framework's
 * request pipeline. Anything else, including any request with credentials, goes to the app.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '../../contract/auth';
import { requestIdFrom } from '../http/headers';
import { listKeyOfUrl, type CachedList, type ListCache } from './list-cache';

const LIST_PATH = '/api/deals';
const rawHeaders = new WeakMap<CachedList, string[]>();
const INFO_OR_LOWER = new Set(['info', 'debug', 'trace']);

/** Returns a handler that answers a request and says true when it served it, false to pass it on. */
export function cachedListFrontDoor(cache: ListCache, answerHeaders: Record<string, string>, log: FastifyBaseLogger) {
  const sessionCookie = `${SESSION_COOKIE}=`;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !cache.enabled) return false;
    const url = req.url ?? '';
    if (!url.startsWith(LIST_PATH) || (url.length > LIST_PATH.length && url[LIST_PATH.length] !== '?')) return false;
    // From the raw header list: Node builds req.headers only when it is asked for.
    let givenId: string | undefined;
    let ids = 0;
    const raw = req.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      if (name.length === 13 && name.toLowerCase() === 'authorization') return false;
      if (name.length === 6 && name.toLowerCase() === 'cookie' && raw[i + 1]!.includes(sessionCookie)) return false;
      if (name.length === 12 && name.toLowerCase() === 'x-request-id') {
        givenId = raw[i + 1];
        ids++;
      }
    }
    const hit = cache.get(listKeyOfUrl(url));
    if (!hit) return false;
    let headers = rawHeaders.get(hit);
    if (!headers) {
      headers = Object.entries({ ...answerHeaders, ...hit.headers, 'content-length': String(hit.body.length) }).flat();
      rawHeaders.set(hit, headers);
    }
    // Node joins repeated x-request-id headers with a comma, which no well-formed id has.
    const id = requestIdFrom(ids === 1 ? givenId : undefined);
    res.writeHead(200, [...headers, 'x-request-id', id]);
    res.end(hit.body);
    if (INFO_OR_LOWER.has(log.level)) log.info({ reqId: id, req: { method: 'GET', url }, res: { statusCode: 200 }, listCache: 'hit' }, 'request completed');
    return true;
  };
}
