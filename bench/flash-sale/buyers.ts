/**
 * The flash sale's buyers, run in their own process on their own core:
 *   taskset -c 1 node --import tsx bench/flash-sale/buyers.ts <config.json>
 * `concurrency` keep-alive connections share `attempts` checkout attempts; attempt i is made by
 * customer i mod customers (so each customer's attempts are spread over the whole sale). Each
 * successful checkout is paid at once with the test card, as a shopper would. Prints one JSON line.
 */
import { buyersSetup, PAY_BODY, post, summarise, type Answer, type Latencies } from './load';

export type { Latencies } from './load';

export interface BuyersConfig {
  origin: string;
  dealId: string;
  /** One session id per customer. */
  tokensFile: string;
  attempts: number;
  concurrency: number;
}

export interface BuyersResult {
  seconds: number;
  /** Seconds from the start until the last successful checkout answered. */
  sellingSeconds: number;
  checkouts: number;
  held: number;
  paid: number;
  statuses: Record<string, number>;
  payStatuses: Record<string, number>;
  serverErrors: number;
  networkErrors: number;
  /** A few bodies of 5xx answers, to say what went wrong. */
  errorSamples: string[];
  checkoutLatency: Latencies;
  /** Checkouts answered before the sale sold out (all of them held units, bar the last few). */
  sellingCheckoutLatency: Latencies;
  soldOutCheckoutLatency: Latencies;
  payLatency: Latencies;
  allLatency: Latencies;
}

async function main(): Promise<void> {
  const { config, tokens, origin, agent } = buyersSetup<BuyersConfig>('buyers.ts');
  const checkoutBody = JSON.stringify({ dealId: config.dealId });

  const statuses: Record<string, number> = {};
  const payStatuses: Record<string, number> = {};
  const errorSamples: string[] = [];
  // Each checkout's answer time (ms since start) and latency, to split the sale into before and after sold out.
  const checkoutAt: number[] = [];
  const checkoutMs: number[] = [];
  const payMs: number[] = [];
  let held = 0;
  let paid = 0;
  let serverErrors = 0;
  let networkErrors = 0;
  let lastHeldAt = 0;
  let next = 0;
  const start = performance.now();

  const note = (a: Answer) => {
    if (a.status >= 500) {
      serverErrors++;
      if (errorSamples.length < 5) errorSamples.push(`${a.status} ${a.body.slice(0, 300)}`);
    }
  };

  async function buyer(): Promise<void> {
    for (;;) {
      const i = next++;
      if (i >= config.attempts) return;
      const token = tokens[i % tokens.length]!;
      let checkout: Answer;
      try {
        checkout = await post(agent, origin, '/api/checkout', token, checkoutBody);
      } catch {
        networkErrors++;
        continue;
      }
      checkoutAt.push(performance.now() - start);
      checkoutMs.push(checkout.ms);
      statuses[checkout.status] = (statuses[checkout.status] ?? 0) + 1;
      note(checkout);
      if (checkout.status !== 200) continue;
      held++;
      lastHeldAt = performance.now() - start;
      const url = new URL((JSON.parse(checkout.body) as { url: string }).url);
      const sessionId = url.searchParams.get('session_id') ?? '';
      try {
        const pay = await post(agent, origin, `/api/test-provider/sessions/${encodeURIComponent(sessionId)}/pay`, token, PAY_BODY);
        payMs.push(pay.ms);
        payStatuses[pay.status] = (payStatuses[pay.status] ?? 0) + 1;
        note(pay);
        if (pay.status === 200) paid++;
      } catch {
        networkErrors++;
      }
    }
  }

  await Promise.all(Array.from({ length: config.concurrency }, () => buyer()));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();

  const selling: number[] = [];
  const soldOut: number[] = [];
  checkoutAt.forEach((at, i) => (at <= lastHeldAt ? selling : soldOut).push(checkoutMs[i]!));
  const result: BuyersResult = {
    seconds,
    sellingSeconds: lastHeldAt / 1000,
    checkouts: checkoutMs.length,
    held,
    paid,
    statuses,
    payStatuses,
    serverErrors,
    networkErrors,
    errorSamples,
    checkoutLatency: summarise(checkoutMs),
    sellingCheckoutLatency: summarise(selling),
    soldOutCheckoutLatency: summarise(soldOut),
    payLatency: summarise(payMs),
    allLatency: summarise([...checkoutMs, ...payMs]),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
