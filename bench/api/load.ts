/**
 * The load generator of the API benchmark, run in its own process on its own core:
 *   taskset -c 1 node --import tsx bench/api/load.ts '{"url":"http://127.0.0.1:3000/api/deals?limit=20","connections":10,"duration":10,"warmup":3}'
 * Drives the URL with autocannon, first for `warmup` seconds (discarded), then for `duration`
 * seconds, and prints one JSON line. Latencies are kept at microsecond precision here because
 * autocannon's own histogram rounds them to whole milliseconds, too coarse for a 1-2 ms p99.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  connections: number;
  duration: number;
  warmup: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Response bytes per request as autocannon counted them (headers and body). */
  bytesPerRequest: number;
}

function drive(request: LoadRequest, seconds: number, record: boolean): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: request.url, connections: request.connections, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      const sorted = Float64Array.from(latencies).sort();
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
      resolve({
        requests: latencies.length,
        seconds: result.duration,
        rps: latencies.length / result.duration,
        p50: at(0.5),
        p99: at(0.99),
        max: sorted[sorted.length - 1] ?? Number.NaN,
        non2xx,
        errors: result.errors + result.timeouts,
        bytesPerRequest: latencies.length > 0 ? result.throughput.total / latencies.length : 0,
      });
    });
    if (record) {
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
        if (statusCode < 200 || statusCode > 299) non2xx++;
      });
    }
  });
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as LoadRequest;
  if (!request.url) throw new Error('usage: load.ts \'{"url":...,"connections":10,"duration":10,"warmup":3}\'');
  if (request.warmup > 0) await drive(request, request.warmup, false);
  const result = await drive(request, request.duration, true);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
