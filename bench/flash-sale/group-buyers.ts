/**
 * The group scenario's buyers (run.ts --scenario=groups), in their own process on their own core:
 *   taskset -c 1 node --import tsx bench/flash-sale/group-buyers.ts <config.json>
 * Two phases over `concurrency` keep-alive connections. First every starter (the first `groups`
 * customers) starts a group of the deal, `POST /api/groups`, and pays for the place at once. Then
 * the joiners (the other customers, `groupSize - 1` for each group) join and pay: joiner k joins
 * group floor(k / (groupSize - 1)), so a group's joiners are taken one after the other, join it at
 * the same moment and pay at the same moment, the last payment forming the group. Prints one JSON line.
 */
import { buyersSetup, PAY_BODY, post, summarise, type Answer, type Latencies } from './load';

export interface GroupBuyersConfig {
  origin: string;
  dealId: string;
  /** One session id per customer: the starters first, then the joiners. */
  tokensFile: string;
  groups: number;
  groupSize: number;
  concurrency: number;
}

export interface GroupBuyersResult {
  /** Seconds each phase took: the starters', then the joiners'. */
  startSeconds: number;
  joinSeconds: number;
  started: number;
  startersPaid: number;
  joined: number;
  joinersPaid: number;
  /** Answers by status: the starts, the starters' payments, the joins, the joiners' payments. */
  statuses: { start: Record<string, number>; startPay: Record<string, number>; join: Record<string, number>; joinPay: Record<string, number> };
  serverErrors: number;
  networkErrors: number;
  /** A few bodies of 5xx answers, to say what went wrong. */
  errorSamples: string[];
  startLatency: Latencies;
  startPayLatency: Latencies;
  joinLatency: Latencies;
  joinPayLatency: Latencies;
  /** A starter's start and payment together, and a joiner's join and payment: the whole step, for those paid. */
  startAndPayLatency: Latencies;
  joinAndPayLatency: Latencies;
}

async function main(): Promise<void> {
  const { config, tokens, origin, agent } = buyersSetup<GroupBuyersConfig>('group-buyers.ts');
  const perGroup = config.groupSize - 1;
  const joiners = config.groups * perGroup;
  if (tokens.length < config.groups + joiners) throw new Error(`${tokens.length} sessions for ${config.groups + joiners} customers`);

  const statuses: GroupBuyersResult['statuses'] = { start: {}, startPay: {}, join: {}, joinPay: {} };
  const ms = { start: [] as number[], startPay: [] as number[], join: [] as number[], joinPay: [] as number[] };
  const whole = { start: [] as number[], join: [] as number[] };
  const errorSamples: string[] = [];
  const groupIds: (string | undefined)[] = new Array<string | undefined>(config.groups);
  let serverErrors = 0;
  let networkErrors = 0;

  /** Records an answer of one kind; answers it, or null when the request did not get one. */
  async function send(kind: keyof typeof ms, path: string, token: string, body: string): Promise<Answer | null> {
    let a: Answer;
    try {
      a = await post(agent, origin, path, token, body);
    } catch {
      networkErrors++;
      return null;
    }
    ms[kind].push(a.ms);
    statuses[kind][a.status] = (statuses[kind][a.status] ?? 0) + 1;
    if (a.status >= 500) {
      serverErrors++;
      if (errorSamples.length < 5) errorSamples.push(`${kind} ${a.status} ${a.body.slice(0, 300)}`);
    }
    return a;
  }

  /** Pays on the payment page a start or join answer points to; true when paid. */
  async function pay(kind: 'startPay' | 'joinPay', answer: Answer, token: string): Promise<boolean> {
    const sessionId = new URL((JSON.parse(answer.body) as { url: string }).url).searchParams.get('session_id') ?? '';
    const paid = await send(kind, `/api/test-provider/sessions/${encodeURIComponent(sessionId)}/pay`, token, PAY_BODY);
    return paid?.status === 200;
  }

  /** Runs `count` buyers' steps over `concurrency` connections, each taking the next buyer when done. */
  async function phase(count: number, buyer: (i: number) => Promise<void>): Promise<number> {
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: config.concurrency }, async () => {
        for (let i = next++; i < count; i = next++) await buyer(i);
      }),
    );
    return (performance.now() - start) / 1000;
  }

  let started = 0;
  let startersPaid = 0;
  const startBody = JSON.stringify({ dealId: config.dealId });
  const startSeconds = await phase(config.groups, async (i) => {
    const token = tokens[i]!;
    const began = performance.now();
    const answer = await send('start', '/api/groups', token, startBody);
    if (answer?.status !== 200) return;
    started++;
    groupIds[i] = (JSON.parse(answer.body) as { group: { id: string } }).group.id;
    if (!(await pay('startPay', answer, token))) return;
    startersPaid++;
    whole.start.push(performance.now() - began);
  });

  let joined = 0;
  let joinersPaid = 0;
  const joinSeconds = await phase(joiners, async (k) => {
    const groupId = groupIds[Math.floor(k / perGroup)];
    if (!groupId) return;
    const token = tokens[config.groups + k]!;
    const began = performance.now();
    const answer = await send('join', `/api/groups/${groupId}/join`, token, '{}');
    if (answer?.status !== 200) return;
    joined++;
    if (!(await pay('joinPay', answer, token))) return;
    joinersPaid++;
    whole.join.push(performance.now() - began);
  });
  agent.destroy();

  const result: GroupBuyersResult = {
    startSeconds,
    joinSeconds,
    started,
    startersPaid,
    joined,
    joinersPaid,
    statuses,
    serverErrors,
    networkErrors,
    errorSamples,
    startLatency: summarise(ms.start),
    startPayLatency: summarise(ms.startPay),
    joinLatency: summarise(ms.join),
    joinPayLatency: summarise(ms.joinPay),
    startAndPayLatency: summarise(whole.start),
    joinAndPayLatency: summarise(whole.join),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
