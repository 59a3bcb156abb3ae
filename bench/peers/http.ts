/**
 * One HTTP request on a keep-alive agent, with its answer read whole, for the peers' load generator and set-up:
 * any method, any headers, an optional JSON body. GraphQL answers are checked for `errors` by the callers.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface Send {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

export function keepAlive(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

export function send(agent: Agent, origin: URL, s: Send): Promise<Reply> {
  const started = performance.now();
  const body = s.json === undefined ? undefined : JSON.stringify(s.json);
  const headers: Record<string, string | number> = { accept: 'application/json', ...s.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ agent, host: origin.hostname, port: origin.port, method: s.method, path: s.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A request that did not succeed: the step, the status and the start of the body, for the error samples. */
export class Failed extends Error {
  constructor(step: string, reply: Reply | null, why: string) {
    super(`${step}: ${reply ? `${reply.status} ` : ''}${why}${reply ? ` ${reply.body.slice(0, 300)}` : ''}`);
  }
}

/** The JSON of a 2xx answer; a Failed error for any other status or a body that is not JSON. */
export function okJson<T>(step: string, reply: Reply): T {
  if (reply.status < 200 || reply.status > 299) throw new Failed(step, reply, 'not 2xx');
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    throw new Failed(step, reply, 'not JSON');
  }
}

/** The `data` of a GraphQL answer: 2xx and no `errors`, else a Failed error. */
export function gqlData<T>(step: string, reply: Reply): T {
  const answer = okJson<{ data?: T; errors?: unknown[] }>(step, reply);
  if (answer.errors && answer.errors.length > 0) throw new Failed(step, reply, 'GraphQL errors');
  if (answer.data === undefined || answer.data === null) throw new Failed(step, reply, 'no data');
  return answer.data;
}
