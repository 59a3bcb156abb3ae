/**
 * The purchase benchmark's buyers, in their own process on their own core:
 *   taskset -c 1 node --import tsx bench/purchase/buyers.ts <config.json>
 * `concurrency` keep-alive connections, each a buyer looping for `seconds` (after `warmupSeconds` not
 * counted): `POST /api/checkout {"dealId"}` for the next deal of the catalogue, then the payment as the
 * built-in provider's hosted page makes it, `POST /api/test-provider/sessions/{id}/pay` with the test
 * card. A purchase is done when the pay answers 200 `paid`: for an order that is no group's, that answer
 * comes after its vouchers were issued, in the pay's own statement (run.ts counts them afterwards).
 * Purchase n is made by customer n mod customers, so no customer meets the per-customer limits.
 * Prints one JSON line.
 */
import { readCpu, type CpuReading } from '../api/harness';
import { buyersSetup, PAY_BODY, post, summarise, type Answer, type Latencies } from '../flash-sale/load';

export interface PurchaseBuyersConfig {
  origin: string;
  dealIds: string[];
  /** One session id per customer. */
  tokensFile: string;
  concurrency: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's process, whose CPU time is read at the measured seconds' start and end. */
  serverPid: number;
}

/** CPU time in ms over the measured seconds, on all cores: the server's, PostgreSQL's, these buyers', the rest's, and idle. */
export interface CpuSplit {
  serverMs: number;
  postgresMs: number;
  buyersMs: number;
  otherMs: number;
  idleMs: number;
}

export interface PurchaseBuyersResult {
  /** Seconds measured (the warm-up left out). */
  seconds: number;
  /** Purchases done (paid) within the measured seconds. */
  purchases: number;
  /** Every purchase paid, the warm-up's included (what the database must hold). */
  paidAll: number;
  statuses: { checkout: Record<string, number>; pay: Record<string, number> };
  serverErrors: number;
  networkErrors: number;
  errorSamples: string[];
  checkout: Latencies;
  pay: Latencies;
  purchase: Latencies;
  cpu: CpuSplit;
}

async function main(): Promise<void> {
  const { config, tokens, origin, agent } = buyersSetup<PurchaseBuyersConfig>('buyers.ts');
  const bodies = config.dealIds.map((dealId) => JSON.stringify({ dealId }));

  const statuses: PurchaseBuyersResult['statuses'] = { checkout: {}, pay: {} };
  const ms = { checkout: [] as number[], pay: [] as number[], purchase: [] as number[] };
  const errorSamples: string[] = [];
  let serverErrors = 0;
  let networkErrors = 0;
  let purchases = 0;
  let paidAll = 0;
  let next = 0;

  const start = performance.now();
  const measureFrom = start + config.warmupSeconds * 1000;
  const stopAt = measureFrom + config.seconds * 1000;

  const inWindow = (at: number) => at >= measureFrom && at <= stopAt;

  // The machine's CPU time at the measured seconds' start and end, read on this core between requests.
  const reading = () => ({ cpu: readCpu(config.serverPid), own: process.cpuUsage() });
  let first: { cpu: CpuReading; own: NodeJS.CpuUsage } | undefined;
  let last: typeof first;
  const firstTimer = setTimeout(() => (first = reading()), measureFrom - performance.now());
  const lastTimer = setTimeout(() => (last = reading()), stopAt - performance.now());

  /** One request; its answer, or null when it got none. Counted when it was answered within the measured seconds. */
  async function send(kind: 'checkout' | 'pay', path: string, token: string, body: string): Promise<Answer | null> {
    let a: Answer;
    try {
      a = await post(agent, origin, path, token, body);
    } catch {
      networkErrors++;
      return null;
    }
    if (a.status >= 500) {
      serverErrors++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${a.status} ${a.body.slice(0, 300)}`);
    }
    if (inWindow(performance.now())) {
      ms[kind].push(a.ms);
      statuses[kind][a.status] = (statuses[kind][a.status] ?? 0) + 1;
    }
    return a;
  }

  async function buyer(): Promise<void> {
    while (performance.now() < stopAt) {
      const n = next++;
      const token = tokens[n % tokens.length]!;
      const began = performance.now();
      const checkout = await send('checkout', '/api/checkout', token, bodies[n % bodies.length]!);
      if (checkout?.status !== 200) continue;
      const sessionId = new URL((JSON.parse(checkout.body) as { url: string }).url).searchParams.get('session_id') ?? '';
      const pay = await send('pay', `/api/test-provider/sessions/${encodeURIComponent(sessionId)}/pay`, token, PAY_BODY);
      if (pay?.status !== 200 || (JSON.parse(pay.body) as { status?: string }).status !== 'paid') continue;
      paidAll++;
      const ended = performance.now();
      if (inWindow(ended)) {
        purchases++;
        ms.purchase.push(ended - began);
      }
    }
  }

  await Promise.all(Array.from({ length: config.concurrency }, () => buyer()));
  agent.destroy();
  clearTimeout(firstTimer);
  clearTimeout(lastTimer);
  last ??= reading();
  const cpu = cpuSplit(first ?? last, last);
  const result: PurchaseBuyersResult = {
    seconds: config.seconds,
    purchases,
    paidAll,
    statuses,
    serverErrors,
    networkErrors,
    errorSamples,
    checkout: summarise(ms.checkout),
    pay: summarise(ms.pay),
    purchase: summarise(ms.purchase),
    cpu,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function cpuSplit(from: { cpu: CpuReading; own: NodeJS.CpuUsage }, to: { cpu: CpuReading; own: NodeJS.CpuUsage }): CpuSplit {
  const busyMs = to.cpu.busyMs - from.cpu.busyMs;
  const serverMs = to.cpu.processMs - from.cpu.processMs;
  const postgresMs = to.cpu.postgresMs - from.cpu.postgresMs;
  const buyersMs = (to.own.user + to.own.system - from.own.user - from.own.system) / 1000;
  return { serverMs, postgresMs, buyersMs, otherMs: Math.max(0, busyMs - serverMs - postgresMs - buyersMs), idleMs: to.cpu.idleMs - from.cpu.idleMs };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
