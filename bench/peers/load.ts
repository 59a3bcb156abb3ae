/**
 * The peers benchmark's load generator, in its own process on its own core:
 *   taskset -c 1 node --import tsx bench/peers/load.ts <config.json>
 * `connections` keep-alive connections, each a client looping over one path (flows.ts) for `warmup` seconds, not
 * counted, then for `seconds`. A run of a path counts when every request of it succeeded and it ended within the
 * measured seconds; its latency is from its first request sent to its last answer read. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { keepAlive } from './http';
import { flowsOf, type Context, type PathKey } from './flows';

export interface LoadConfig {
  origin: string;
  context: Context;
  path: PathKey;
  connections: number;
  seconds: number;
  warmup: number;
  /** The first run's number: checkouts and purchases carry on from the runs before them on this server. */
  offset: number;
}

export interface LoadResult {
  /** Runs that succeeded within the measured seconds. */
  runs: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Runs that failed within the measured seconds (a non-2xx answer, GraphQL errors, a wrong answer, no answer). */
  errors: number;
  /** Failures during the warm-up, which are not counted but still shown. */
  warmupErrors: number;
  errorSamples: string[];
  /** Runs started, the warm-up's included: the next offset. */
  started: number;
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: load.ts <config.json>');
  const config = JSON.parse(readFileSync(file, 'utf8')) as LoadConfig;
  const tokens = config.context.peer === 'ours' ? (JSON.parse(readFileSync(config.context.tokensFile, 'utf8')) as string[]) : [];
  const agent = keepAlive(config.connections);
  const flow = flowsOf(config.context, { agent, origin: new URL(config.origin), tokens })[config.path];

  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let warmupErrors = 0;
  let next = config.offset;
  const start = performance.now();
  const measureFrom = start + config.warmup * 1000;
  const stopAt = measureFrom + config.seconds * 1000;

  async function client(): Promise<void> {
    while (performance.now() < stopAt) {
      const n = next++;
      const began = performance.now();
      let failure: string | null = null;
      try {
        await flow(n);
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
      const ended = performance.now();
      const counted = ended >= measureFrom && ended <= stopAt;
      if (failure !== null) {
        if (counted) errors++;
        else warmupErrors++;
        if (errorSamples.length < 5) errorSamples.push(failure);
      } else if (counted) {
        latencies.push(ended - began);
      }
    }
  }

  await Promise.all(Array.from({ length: config.connections }, () => client()));
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
  const result: LoadResult = {
    runs: sorted.length,
    seconds: config.seconds,
    rps: sorted.length / config.seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    warmupErrors,
    errorSamples,
    started: next - config.offset,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
