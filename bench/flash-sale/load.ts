/**
 * What the flash sale's load generators share (buyers.ts, group-buyers.ts): one POST on a keep-alive
 * connection as the site's own pages send it, and latency percentiles.
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export const PAY_BODY = JSON.stringify({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', cardholderName: 'Flash Buyer' });

export function post(agent: Agent, origin: URL, path: string, token: string, body: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: 'POST',
        path,
        // As the site's own pages send it: a write carrying only the cookie counts as signed in only from them.
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: `sessionId=${token}`, 'sec-fetch-site': 'same-origin' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export function summarise(values: number[]): Latencies {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/**
 * What a buyers' process starts from: its config (the JSON file named on its command line), the customers'
 * session ids, the server's origin and one keep-alive agent with a socket per connection.
 */
export function buyersSetup<C extends { origin: string; tokensFile: string; concurrency: number }>(usage: string): { config: C; tokens: string[]; origin: URL; agent: Agent } {
  const file = process.argv[2];
  if (!file) throw new Error(`usage: ${usage} <config.json>`);
  const config = JSON.parse(readFileSync(file, 'utf8')) as C;
  const tokens = JSON.parse(readFileSync(config.tokensFile, 'utf8')) as string[];
  const agent = new Agent({ keepAlive: true, maxSockets: config.concurrency, maxFreeSockets: config.concurrency });
  return { config, tokens, origin: new URL(config.origin), agent };
}
