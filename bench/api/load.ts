/**
 * The load generator of the API benchmark, run in its own process on its own core:
 *   taskset -c 1 node --import tsx bench/api/load.ts '{"urls":["http://127.0.0.1:3000/api/deals?limit=20"],"connections":10,"duration":10,"warmup":3,"slice":1}'
 * Drives each URL with autocannon, first for `warmup` seconds (not timed), then in turns of
 * `slice` seconds, URL after URL, until each has had `duration` seconds; prints one JSON line with
 * a result per URL. Taking turns gives every server of a comparison the same share of whatever
 * else the machine is doing meanwhile. Latencies are kept at microsecond precision here because
 * autocannon's own histogram rounds them to whole milliseconds, too coarse for a 1-2 ms p99.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  urls: string[];
  connections: number;
  duration: number;
  warmup: number;
  /** Seconds of each turn. */
  slice: number;
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
  /** Requests answered during the warm-up, which is not timed. */
  warmupRequests: number;
}

interface Tally {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  bytes: number;
  warmupRequests: number;
}

/** Drives `url` for `seconds`; with `tally.latencies` recorded unless it is the warm-up. */
function drive(url: string, connections: number, seconds: number, tally: Tally, warmup: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let answered = 0;
    const instance = autocannon({ url, connections, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      if (warmup) {
        tally.warmupRequests += answered;
      } else {
        tally.seconds += result.duration;
        tally.errors += result.errors + result.timeouts;
        tally.bytes += result.throughput.total;
      }
      resolve();
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      answered++;
      if (warmup) return;
      tally.latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) tally.non2xx++;
    });
  });
}

function summary(t: Tally): LoadResult {
  const sorted = Float64Array.from(t.latencies).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
  return {
    requests: sorted.length,
    seconds: t.seconds,
    rps: sorted.length / t.seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    non2xx: t.non2xx,
    errors: t.errors,
    bytesPerRequest: sorted.length > 0 ? t.bytes / sorted.length : 0,
    warmupRequests: t.warmupRequests,
  };
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '{}') as LoadRequest;
  if (!request.urls?.length) throw new Error('usage: load.ts \'{"urls":[...],"connections":10,"duration":10,"warmup":3,"slice":1}\'');
  const tallies = request.urls.map((): Tally => ({ latencies: [], seconds: 0, non2xx: 0, errors: 0, bytes: 0, warmupRequests: 0 }));
  for (const [i, url] of request.urls.entries()) {
    if (request.warmup > 0) await drive(url, request.connections, request.warmup, tallies[i]!, true);
  }
  const slice = Math.min(request.slice, request.duration);
  for (let done = 0; done < request.duration; done += slice) {
    const seconds = Math.min(slice, request.duration - done);
    for (const [i, url] of request.urls.entries()) await drive(url, request.connections, seconds, tallies[i]!, false);
  }
  process.stdout.write(`${JSON.stringify(tallies.map(summary))}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
