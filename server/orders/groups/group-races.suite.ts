/**
 * Group deals under concurrency (ADR 029), over real HTTP, spread over several app instances on one
 * database (each with a connection pool of its own on PostgreSQL, as separate servers would have),
 * and judged by the totals in the database afterwards:
 * 1. the last place: twenty customers join a group with one place left and one gets it; every member
 *    then pays at once and the group forms once, one voucher each. And a payment whose hold lapsed,
 *    racing twenty joiners for the place the lapse gave back: one of them counts, the other's money
 *    goes back, and the group never has a member too many;
 * 2. formation racing the deadline: the last members' payments and the sweep of every instance at
 *    the groups' deadline: each group forms or fails, never both, and the ledger agrees;
 * 3. payment events delivered many times at once: one formation, one voucher per member, one
 *    payment in the ledger per order;
 * 4. one customer joining a group ten times at once: one place.
 * Each real race runs a few rounds on fresh rows. Deliberately non-atomic variants (a join that reads
 * the seats and writes them back, a formation that counts the paid members and then issues, a sweep
 * that checks a group is open and then refunds) are served by the same instances under the same load,
 * to show the races are real. They run on PostgreSQL only: PGlite runs one statement at a time in
 * this process, so a handler whose every await is a PGlite query runs to its end before the next
 * request is read, and cannot lose (see races.suite.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { groupCheckoutAnswer } from '../../../contract/groups';
import { isUniqueViolation } from '../../auth/auth.service';
import { openDatabase, type Database, type Db, type Tx } from '../../db/client';
import { dealGroups, groupMembers, ledgerEntries, orderItems, orders, paymentEvents, refunds, vouchers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { msg } from '../../i18n';
import { requireUser } from '../../http/session';
import type { SmsSender } from '../../integrations/sms/sms-sender';
import { failExpiredGroups, releaseExpiredOrders } from '../orders.service';
import { refundGroupMember } from '../refunds';
import { refuse } from '../refusals';
import { buildApp, testConfig } from '../../test/app';
import { createNamedTestDatabase, createTestDatabase, resetDatabase, testDbKind, type NamedTestDatabase } from '../../test/database';
import { buyableDeal, cardForm, customer, http, lapse, listen, orderOf, sessionIdOf, signedPaidEvent, statusCounts, stockOf, testProviderFor, type Shopper } from '../../test/purchase-helpers';
import { generateVoucherCode, generateVoucherPin } from '../voucher-codes';

const onPostgres = testDbKind() === 'postgres';
/** App instances on the one database: on PostgreSQL each has its own pool, as separate servers would. */
const INSTANCES = onPostgres ? 3 : 2;
/** Rounds each real race is run, each on fresh rows: one lucky interleaving proves little. */
const REAL_ROUNDS = 3;
/** Rounds the non-atomic variants get to lose a race before the demonstration gives up. */
const ROUNDS = 5;
/** Customers racing for one place. */
const JOINERS = 20;
/** Deliveries of one payment event. */
const DELIVERIES = 10;
/** Groups meeting their deadline in one round of race 2 (and of the sweep's demonstration). */
const AT_DEADLINE = 6;
/** The group price every group here is sold at (the deal's own price is 3000). */
const GROUP_PRICE = 2000;

/** One provider for every instance: the refunds it was asked for are counted across all of them. */
const provider = testProviderFor(testConfig());
const quietSms: SmsSender = { name: 'quiet', send: async () => undefined };

let named: NamedTestDatabase | undefined;
const databases: Database[] = [];
/** On PostgreSQL, the test's own pool, for holding row locks while the instances work. */
let holder: Database | undefined;
const apps: FastifyInstance[] = [];
const bases: string[] = [];

const db = () => databases[0]!.db;
const baseFor = (i: number) => bases[i % bases.length]!;
const databaseFor = (i: number) => databases[i % databases.length]!;
const sweepDeps = (i: number) => ({ db: databaseFor(i).db, payments: provider, logger: apps[i % apps.length]!.log });

type Answer = { status: number; body: unknown };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The non-atomic variants. Each does what the real code does, but decides on a value it read
// earlier instead of letting a conditional write or a row lock decide.

type Runner = <T>(work: (q: Db | Tx) => Promise<T>) => Promise<T>;

/** `plain` sends each statement on its own; `transaction` wraps them in one READ COMMITTED transaction, which still lets two callers read the same value first. */
function runnerFor(q: Db, variant: string): Runner {
  return variant === 'transaction' ? (work) => q.transaction((tx) => work(tx)) : (work) => work(q);
}

const VARIANTS = ['plain', 'transaction'];

/** Read-then-write join: reads the seats taken, compares, writes back what it read plus one, and writes the member. */
async function naiveJoin(q: Db, variant: string, groupId: string, userId: string): Promise<void> {
  await runnerFor(q, variant)(async (r) => {
    const [group] = await r.select().from(dealGroups).where(eq(dealGroups.id, groupId));
    if (!group) throw notFound(msg('notFound.group'));
    if (group.status !== 'open' || group.seatsTaken >= group.size) throw refuse('groupFull');
    // Never more than `size`, as written; the check constraint cannot see the places it loses.
    await r.update(dealGroups).set({ seatsTaken: group.seatsTaken + 1 }).where(eq(dealGroups.id, groupId));
    const [order] = await r
      .insert(orders)
      .values({ userId, provider: 'test', totalCents: group.priceCents, expiresAt: new Date(Date.now() + 15 * 60_000) })
      .returning({ id: orders.id });
    await r.insert(groupMembers).values({ groupId, userId, orderId: order!.id });
  });
}

type NaiveFormation = 'waiting' | 'formed' | 'already-formed' | 'stopped-by-unique-key';

/**
 * Read-then-write formation: marks the member paid, counts the paid members, and when they fill the
 * group issues every member's voucher and marks it formed, trusting the status it read first.
 * A second issuance of the same units is stopped by vouchers_unit_key; it is reported rather than
 * thrown, since it means the caller had decided to form the group again.
 */
async function naiveFormation(q: Db, variant: string, orderId: string): Promise<NaiveFormation> {
  try {
    return await runnerFor(q, variant)(async (r): Promise<NaiveFormation> => {
      const [member] = await r.select().from(groupMembers).where(eq(groupMembers.orderId, orderId));
      if (!member) throw notFound();
      const [group] = await r.select().from(dealGroups).where(eq(dealGroups.id, member.groupId));
      if (group!.status !== 'open') return 'already-formed';
      const paidAt = new Date();
      if (member.status === 'held') {
        await r.update(orders).set({ status: 'paid', paidAt }).where(eq(orders.id, orderId));
        await r.update(groupMembers).set({ status: 'paid', paidAt }).where(eq(groupMembers.id, member.id));
      }
      const paid = await r
        .select({ orderId: groupMembers.orderId, userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group!.id), eq(groupMembers.status, 'paid')));
      if (paid.length < group!.size) return 'waiting';
      const items = await r.select().from(orderItems).where(inArray(orderItems.orderId, paid.map((p) => p.orderId)));
      for (const item of items) {
        await r.insert(vouchers).values({
          orderId: item.orderId,
          orderItemId: item.id,
          unitIndex: 0,
          dealId: item.dealId,
          userId: paid.find((p) => p.orderId === item.orderId)!.userId,
          code: generateVoucherCode(),
          pin: generateVoucherPin(),
          validUntil: new Date(Date.now() + 30 * 86_400_000),
        });
      }
      await r.update(orders).set({ fulfilledAt: paidAt }).where(inArray(orders.id, paid.map((p) => p.orderId)));
      await r.update(dealGroups).set({ status: 'formed', formedAt: paidAt, paidCount: group!.size }).where(eq(dealGroups.id, group!.id));
      return 'formed';
    });
  } catch (err) {
    if (isUniqueViolation(err)) return 'stopped-by-unique-key';
    throw err;
  }
}

/**
 * Check-then-refund sweep: reads the open groups past their deadline once, without a lock; then for
 * each marks its paid members owed and closes it (that write only while the group is open), and
 * refunds the members through the real refund path. A group that forms after the check has its
 * members refunded all the same.
 */
async function naiveSweep(database: Database, variant: string, logger: FastifyBaseLogger): Promise<{ failed: number; refunded: number }> {
  const q = database.db;
  const due = await q
    .select({ id: dealGroups.id })
    .from(dealGroups)
    .where(and(eq(dealGroups.status, 'open'), lt(dealGroups.deadline, sql`now()`)))
    .orderBy(asc(dealGroups.deadline));
  let failed = 0;
  let refunded = 0;
  for (const { id } of due) {
    const owed = await runnerFor(q, variant)(async (r) => {
      const marked = await r
        .update(groupMembers)
        .set({ status: 'owed' })
        .where(and(eq(groupMembers.groupId, id), eq(groupMembers.status, 'paid')))
        .returning({ id: groupMembers.id });
      const closed = await r
        .update(dealGroups)
        .set({ status: 'failed', failedAt: sql`now()` })
        .where(and(eq(dealGroups.id, id), eq(dealGroups.status, 'open')))
        .returning({ id: dealGroups.id });
      failed += closed.length;
      return marked;
    });
    for (const m of owed) if (await refundGroupMember({ db: q, payments: provider, logger }, m.id)) refunded++;
  }
  return { failed, refunded };
}

function registerNaiveRoutes(app: FastifyInstance, database: Database): void {
  // Under /api/ so the session hook resolves the caller, as for the real routes.
  app.post('/api/naive/groups/:id/join', async (request) => {
    const user = requireUser(request);
    const { id } = request.params as { id: string };
    const { variant } = request.body as { variant: string };
    await naiveJoin(database.db, variant, id, user.id);
    return { ok: true };
  });
  // A payment event's race is about what happens after the signature check, so the naive route skips it.
  app.post('/api/naive/groups/pay', async (request) => {
    const { orderId, variant } = request.body as { orderId: string; variant: string };
    return { result: await naiveFormation(database.db, variant, orderId) };
  });
  app.post('/api/naive/groups/sweep', async (request) => {
    const { variant } = request.body as { variant: string };
    return naiveSweep(database, variant, request.log);
  });
}

// ---------------------------------------------------------------------------------------------

/**
 * The races run on both engines (group-races.test.ts); group-races.postgres.test.ts runs them on
 * PostgreSQL together with the deliberately non-atomic variants that show the races can be lost.
 */
export type GroupRaceSuitePart = 'races' | 'demonstrations';

/** Registers the given parts of the group races in the calling test file. */
export function groupRaceSuite(parts: GroupRaceSuitePart[]): void {
  // A part not asked for is not registered at all in this file.
  const omitted = (() => undefined) as unknown as typeof it;
  const real = parts.includes('races') ? it : omitted;
  const demo = parts.includes('demonstrations') ? it : omitted;

  beforeAll(async () => {
    if (onPostgres) {
      named = await createNamedTestDatabase();
      for (let i = 0; i < INSTANCES; i++) {
        const database = await openDatabase({ kind: 'postgres', url: named.url, poolSize: 5 });
        if (i === 0) await database.migrate();
        databases.push(database);
      }
      // One connection per row held, one to watch the waiting.
      holder = await openDatabase({ kind: 'postgres', url: named.url, poolSize: AT_DEADLINE + 2 });
    } else {
      databases.push(await createTestDatabase());
    }
    for (let i = 0; i < INSTANCES; i++) {
      const database = databaseFor(i);
      const app = await buildApp({ config: testConfig(), database, payments: provider, sms: quietSms });
      registerNaiveRoutes(app, database);
      apps.push(app);
      bases.push(await listen(app));
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await holder?.close();
    for (const database of databases) await database.close();
    await named?.drop();
  }, 60_000);
  beforeEach(async () => {
    await resetDatabase(databases[0]!);
  });

  /** Fires every request at once and waits for all the answers, once the client's keep-alive pool to every instance is warm. */
  async function together<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
    await Promise.all(requests.map((_, i) => http(baseFor(i), 'GET', '/api/health')));
    return Promise.all(requests.map((r) => r()));
  }

  async function customers(n: number): Promise<Shopper[]> {
    return Promise.all(Array.from({ length: n }, () => customer({ db: db() })));
  }

  /** A customer's place in a group: who holds it and the payment page (provider session) it is paid on. */
  type Place = { who: Shopper; sid: string };

  const joinCall = (who: Shopper, groupId: string, i: number) => http(baseFor(i), 'POST', `/api/groups/${groupId}/join`, { sessionId: who.sessionId });
  const payCall = (place: Place, i: number) =>
    http(baseFor(i), 'POST', `/api/test-provider/sessions/${encodeURIComponent(place.sid)}/pay`, { sessionId: place.who.sessionId, body: cardForm() });
  const placeOf = (who: Shopper, answer: Answer): Place => ({ who, sid: sessionIdOf(groupCheckoutAnswer.parse(answer.body).url) });

  /**
   * A group of `size` on a deal of its own, started by its first member: `paid` members have paid
   * (the starter first), `held` more hold a place without having paid. Set up through the instances in turn.
   */
  async function groupOf(size: number, paid: number, held: number) {
    const { deal } = await buyableDeal(db(), { priceCents: 3000, groupSize: size, groupPriceCents: GROUP_PRICE, groupWindowHours: 24, inventory: 50, maxPerUser: 5 });
    const who = await customers(paid + held);
    const started = await http(baseFor(0), 'POST', '/api/groups', { sessionId: who[0]!.sessionId, body: { dealId: deal.id } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const groupId = groupCheckoutAnswer.parse(started.body).group.id;
    const places = [placeOf(who[0]!, started)];
    for (const [i, w] of who.slice(1).entries()) {
      const joined = await joinCall(w, groupId, i + 1);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      places.push(placeOf(w, joined));
    }
    for (const [i, p] of places.slice(0, paid).entries()) {
      const answer = await payCall(p, i);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    return { deal, groupId, paid: places.slice(0, paid), held: places.slice(paid) };
  }

  /** Everything the database holds about one group: its row, members, their orders, vouchers, refunds and ledger rows. */
  async function groupState(groupId: string) {
    const [group] = await db().select().from(dealGroups).where(eq(dealGroups.id, groupId));
    const members = await db().select().from(groupMembers).where(eq(groupMembers.groupId, groupId)).orderBy(asc(groupMembers.createdAt));
    const orderIds = members.map((m) => m.orderId);
    return {
      group: group!,
      members,
      orders: await db().select().from(orders).where(inArray(orders.id, orderIds)),
      issued: await db().select().from(vouchers).where(inArray(vouchers.orderId, orderIds)),
      refunds: await db().select().from(refunds).where(inArray(refunds.orderId, orderIds)),
      ledger: await db().select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, orderIds)).orderBy(asc(ledgerEntries.seq)),
    };
  }

  /**
   * What must hold of a group whatever happened to it, judged from every table that records it;
   * answers its state. A formed group has exactly one voucher per member and no refund; a group that
   * did not form has no voucher, and once failed every member who paid is refunded exactly once;
   * the ledger keeps one payment per paid order and what stays in is what the members still paid for;
   * the deal's offer has given out exactly the units issued, held or paid for.
   */
  async function expectConsistent(groupId: string, dealId: string) {
    const s = await groupState(groupId);
    const { group } = s;
    const live = s.members.filter((m) => m.status === 'held' || m.status === 'paid');
    const payers = s.members.filter((m) => m.paidAt !== null);
    const stillPaid = s.members.filter((m) => m.status === 'paid' || m.status === 'owed');
    const groupRefunds = s.refunds.filter((r) => r.reason === 'group');
    const why = JSON.stringify({ group, members: s.members.map((m) => m.status), issued: s.issued.length, refunds: s.refunds.length });

    expect(live.length, why).toBeLessThanOrEqual(group.size);
    expect(new Set(live.map((m) => m.userId)).size, why).toBe(live.length);
    expect(group.paidCount, why).toBe(payers.length);
    if (group.status === 'formed') {
      expect(group, why).toMatchObject({ paidCount: group.size, seatsTaken: group.size });
      expect(s.members.filter((m) => m.status === 'paid'), why).toHaveLength(group.size);
      expect(s.issued.map((v) => v.orderId).sort(), why).toEqual(payers.map((m) => m.orderId).sort());
      expect(s.issued.map((v) => v.userId).sort(), why).toEqual(payers.map((m) => m.userId).sort());
      expect(groupRefunds, why).toEqual([]);
      for (const m of payers) expect(s.orders.find((o) => o.id === m.orderId), why).toMatchObject({ status: 'paid', fulfilledAt: expect.any(Date) });
    } else {
      expect(s.issued, why).toEqual([]);
    }
    if (group.status === 'failed') {
      expect(payers.every((m) => m.status === 'refunded'), why).toBe(true);
      expect(groupRefunds.map((r) => r.groupMemberId).sort(), why).toEqual(payers.map((m) => m.id).sort());
      for (const r of groupRefunds) expect(r, why).toMatchObject({ status: 'succeeded', amountCents: group.priceCents });
      for (const m of payers) expect(provider.unitRefunds.filter((u) => u.groupMemberId === m.id), why).toHaveLength(1);
    }
    if (group.status === 'open') expect(group.seatsTaken, why).toBe(live.length);

    const payments = s.ledger.filter((e) => e.kind === 'payment');
    expect(new Set(payments.map((p) => p.orderId)).size, why).toBe(payments.length);
    const net = s.ledger.reduce((sum, e) => sum + e.amountCents, 0);
    expect(net, why).toBe(stillPaid.length * group.priceCents);
    // Every refund the provider made has its one ledger row, of its amount, and no other refund has one.
    const byRefund = (a: { refundId: string | null }, b: { refundId: string | null }) => (a.refundId ?? '').localeCompare(b.refundId ?? '');
    expect(
      s.ledger.filter((e) => e.kind === 'refund').map((e) => ({ refundId: e.refundId, amountCents: -e.amountCents })).sort(byRefund),
      why,
    ).toEqual(s.refunds.filter((r) => r.status === 'succeeded').map((r) => ({ refundId: r.id, amountCents: r.amountCents })).sort(byRefund));
    // A payment that came after its group closed (or its place was taken) went back whole, once: the
    // ledger has its payment, under the provider's payment id, and the refund, under the provider's refund id.
    for (const o of s.orders.filter((x) => x.status === 'refunded')) {
      const made = provider.unitRefunds.filter((r) => r.sessionId === o.providerSessionId);
      expect(made, why).toEqual([expect.objectContaining({ orderId: o.id, amountCents: o.totalCents, voucherId: null, groupMemberId: null, status: 'succeeded' })]);
      expect(
        s.ledger.filter((e) => e.orderId === o.id).map((e) => ({ kind: e.kind, amountCents: e.amountCents, providerRef: e.providerRef })),
        why,
      ).toEqual([
        { kind: 'payment', amountCents: group.priceCents, providerRef: o.paymentRef },
        { kind: 'refund', amountCents: -group.priceCents, providerRef: made[0]!.ref },
      ]);
    }
    const stock = await stockOf(db(), dealId);
    expect(stock.vouchers, why).toBe(s.issued.length);
    expect(stock.unitsTaken, why).toBe(stock.held + stillPaid.length);
    return s;
  }

  /**
   * Runs a non-atomic variant up to ROUNDS times; answers the round it first lost the race in, or
   * null if it never did. `round` sets up fresh rows, fires the requests and says whether the
   * invariant held.
   */
  async function firstLostRound(round: () => Promise<boolean>): Promise<number | null> {
    for (let i = 1; i <= ROUNDS; i++) {
      if (!(await round())) return i;
    }
    return null;
  }

  /**
   * Holds a lock on one order's row in a transaction of the test's own until released; resolves `held`
   * once it has it. The weakest lock that stops fulfil_order (which locks the row FOR UPDATE): the
   * payment's reference is written before that call (an update of a column no key holds, which KEY
   * SHARE lets through), so the payment waits inside fulfil_order, its moment of payment already given.
   */
  function holdOrderRow(orderId: string) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const locked = new Promise<void>((resolve) => (held = resolve));
    const done = holder!.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('key share');
      held();
      await gate;
    });
    return { held: Promise.race([locked, done]), release, done };
  }

  /** Waits until `n` statements of the instances wait for a row lock. */
  async function untilWaiting(n: number): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      const { rows } = (await holder!.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows[0]!.n >= n) return;
      await sleep(10);
    }
    throw new Error(`fewer than ${n} statements ever waited for a lock`);
  }

  /**
   * Fires the groups' last payments and the `contenders` (sweeps) at the groups' deadline. On
   * PostgreSQL each payment is made before the deadline and kept in flight across it: the test holds
   * its order's row lock, so fulfil_order, called with the moment of payment, waits for it. Once the
   * deadline has passed the contenders start, and each row is let go `offsetsMs[i]` after that
   * (before, when negative), so payment and sweep meet at the group's row and either may lock it
   * first. PGlite has one connection, which a held lock would stop for everyone: there
   * `offsetsMs[i]` is instead each group's deadline relative to the moment everything is fired.
   */
  async function atTheDeadline<T>(
    last: { groupId: string; orderId: string; pay: () => Promise<Answer> }[],
    contenders: (() => Promise<T>)[],
    offsetsMs: number[],
  ): Promise<{ pays: Answer[]; contenders: T[] }> {
    const offset = (i: number) => offsetsMs[i % offsetsMs.length]!;
    const ids = last.map((l) => l.groupId);
    if (!onPostgres) {
      await Promise.all([...last, ...contenders].map((_, i) => http(baseFor(i), 'GET', '/api/health')));
      const now = Date.now();
      for (const [i, l] of last.entries()) {
        await db().update(dealGroups).set({ deadline: new Date(now + offset(i)) }).where(eq(dealGroups.id, l.groupId));
      }
      const pays = last.map((l) => l.pay());
      const others = contenders.map((c) => c());
      return { pays: await Promise.all(pays), contenders: await Promise.all(others) };
    }
    const deadline = new Date(Date.now() + 1_000);
    await db().update(dealGroups).set({ deadline }).where(inArray(dealGroups.id, ids));
    const holds = last.map((l) => holdOrderRow(l.orderId));
    try {
      await Promise.all(holds.map((h) => h.held));
      await Promise.all(last.map((_, i) => http(baseFor(i), 'GET', '/api/health')));
      const pays = Promise.all(last.map((l) => l.pay()));
      await untilWaiting(last.length);
      // Every payment is in fulfil_order now, with its moment of payment before the deadline.
      expect(Date.now()).toBeLessThan(deadline.getTime());
      await sleep(deadline.getTime() - Date.now() + 5);
      // A negative offset lets that row go before the contenders start.
      const first = Math.min(0, ...offsetsMs);
      holds.forEach((h, i) => setTimeout(h.release, offset(i) - first));
      await sleep(-first);
      const others = Promise.all(contenders.map((c) => c()));
      await Promise.all(holds.map((h) => h.done));
      return { pays: await pays, contenders: await others };
    } finally {
      // Let go of every row even when something above failed, so nothing waits on them for good.
      for (const h of holds) h.release();
    }
  }

  describe('race 1: the last place', () => {
    const SIZE = 4;

    real(`gives the last place to one of ${JOINERS} customers joining at once, and forms once when every member pays at once`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, groupId, held } = await groupOf(SIZE, 0, SIZE - 1);
        const joiners = await customers(JOINERS);
        const answers = await together(joiners.map((who, i) => () => joinCall(who, groupId, i)));

        expect(statusCounts(answers)).toEqual({ 200: 1, 409: JOINERS - 1 });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: refuse('groupFull').message });
        const before = await expectConsistent(groupId, deal.id);
        expect(before.group).toMatchObject({ status: 'open', seatsTaken: SIZE, paidCount: 0 });
        expect(before.members.map((m) => m.status)).toEqual(Array(SIZE).fill('held'));

        const winner = answers.findIndex((a) => a.status === 200);
        const places = [...held, placeOf(joiners[winner]!, answers[winner]!)];
        const paid = await together(places.map((p, i) => () => payCall(p, i)));
        expect(statusCounts(paid)).toEqual({ 200: SIZE });
        const after = await expectConsistent(groupId, deal.id);
        expect(after.group).toMatchObject({ status: 'formed', paidCount: SIZE, formedAt: expect.any(Date) });
        expect(after.issued.map((v) => v.userId).sort()).toEqual(places.map((p) => p.who.user.id).sort());
        expect(after.ledger.filter((e) => e.kind === 'payment')).toHaveLength(SIZE);
        expect(await stockOf(db(), deal.id)).toEqual({ inventory: 50, unitsTaken: SIZE, held: 0, vouchers: SIZE });
      }
    });

    real(`counts one of a late payment and ${JOINERS} joiners racing for the place its lapsed hold gave back`, async () => {
      const LATE_DELIVERIES = 3;
      const LATE_BY_MS = 15;
      const SMALL = 3;
      const outcomes = new Set<string>();
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, groupId, held: [late] } = await groupOf(SMALL, SMALL - 1, 1);
        const lateOrder = await orderOf(db(), late!.sid);
        await lapse(db(), late!.sid);
        // Every instance's sweep notices the lapsed hold at once; one releases it, and the place is free.
        const released = await Promise.all(Array.from({ length: INSTANCES }, (_, i) => releaseExpiredOrders(databaseFor(i).db)));
        expect(released.reduce((a, b) => a + b, 0)).toBe(1);
        expect((await groupState(groupId)).group.seatsTaken).toBe(SMALL - 1);
        // The late payment arrives (three times) while twenty customers try for the place; a little
        // later into their joins each round, so that either side may get there first.
        const event = signedPaidEvent(provider, lateOrder);
        const joiners = await customers(JOINERS);
        const answers = await together<Answer>([
          ...Array.from({ length: LATE_DELIVERIES }, (_, i) => () =>
            sleep(LATE_BY_MS * (round - 1)).then(() => http(baseFor(i), 'POST', '/api/webhooks/test-provider', { body: event.body, headers: event.headers })),
          ),
          ...joiners.map((who, i) => () => joinCall(who, groupId, i)),
        ]);
        const hooks = answers.slice(0, LATE_DELIVERIES);
        const joins = answers.slice(LATE_DELIVERIES);
        expect(statusCounts(hooks)).toEqual({ 200: LATE_DELIVERIES });
        expect(Object.keys(statusCounts(joins)).filter((k) => k !== '200' && k !== '409')).toEqual([]);
        for (const a of joins.filter((x) => x.status === 409)) {
          expect([refuse('groupFull').message, refuse('groupClosed').message]).toContain((a.body as { message: string }).message);
        }
        const winners = joins.flatMap((a, i) => (a.status === 200 ? [placeOf(joiners[i]!, a)] : []));
        expect(winners.length).toBeLessThanOrEqual(1);
        // Whoever took the place pays for it.
        for (const w of winners) expect((await payCall(w, round)).status).toBe(200);

        const s = await expectConsistent(groupId, deal.id);
        expect(s.group).toMatchObject({ status: 'formed', paidCount: SMALL });
        const lateAfter = s.orders.find((o) => o.id === lateOrder.id)!;
        const lateResults = hooks.map((h) => (h.body as { result: string }).result);
        if (lateAfter.status === 'paid') {
          // The payment came first: it took the place back, and every joiner was refused.
          expect(winners).toEqual([]);
          expect(s.issued.map((v) => v.userId)).toContain(late!.who.user.id);
          expect(lateResults.filter((r) => r === 'formed')).toHaveLength(1);
          outcomes.add('the late payment counted');
        } else {
          // A joiner took the place first: the late payment went back, once, and issued nothing.
          expect(lateAfter.status).toBe('refunded');
          expect(winners).toHaveLength(1);
          expect(s.issued.map((v) => v.userId)).toContain(winners[0]!.who.user.id);
          expect(s.issued.map((v) => v.userId)).not.toContain(late!.who.user.id);
          expect(lateResults.filter((r) => r === 'formed')).toEqual([]);
          outcomes.add('a joiner counted');
        }
        expect(await stockOf(db(), deal.id)).toEqual({ inventory: 50, unitsTaken: SMALL, held: 0, vouchers: SMALL });
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });

    demo(`overfills the group with a read-then-write join under the same load`, async () => {
      for (const variant of VARIANTS) {
        const lost = await firstLostRound(async () => {
          const { groupId } = await groupOf(SIZE, 0, SIZE - 1);
          const joiners = await customers(JOINERS);
          const answers = await together(
            joiners.map((who, i) => () => http(baseFor(i), 'POST', `/api/naive/groups/${groupId}/join`, { sessionId: who.sessionId, body: { variant } })),
          );
          expect(Object.keys(statusCounts(answers)).filter((k) => k !== '200' && k !== '409')).toEqual([]);
          const { group, members } = await groupState(groupId);
          // The seats column still says the group is exactly full: the places lost by the lost updates are not in it.
          expect(group.seatsTaken).toBeLessThanOrEqual(group.size);
          return members.filter((m) => m.status === 'held' || m.status === 'paid').length <= group.size;
        });
        expect(lost, `the ${variant} variant never overfilled a group in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 2: formation racing the deadline sweep', () => {
    const SIZE = 3;

    real(`forms or fails each of ${AT_DEADLINE} groups whose last payment meets every instance's sweep at the deadline, never both`, async () => {
      const outcomes = { formed: 0, failed: 0 };
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const groups = [];
        for (let g = 0; g < AT_DEADLINE; g++) groups.push(await groupOf(SIZE, SIZE - 1, 1));
        const last = await Promise.all(
          groups.map(async (g, i) => ({ groupId: g.groupId, orderId: (await orderOf(db(), g.held[0]!.sid)).id, pay: () => payCall(g.held[0]!, i) })),
        );
        const sweeps = Array.from({ length: INSTANCES }, (_, i) => () => failExpiredGroups(sweepDeps(i), 50));
        const { pays } = await atTheDeadline(last, sweeps, onPostgres ? [-8, -4, -3, -2, -1, 0] : [0, 15, 30, 45, 60, 90]);
        // What the racing sweeps did not reach (a payment refused after the deadline, before any sweep saw the group due) the next sweep does.
        await failExpiredGroups(sweepDeps(0), 50);
        expect(await failExpiredGroups(sweepDeps(1), 50)).toEqual({ failed: 0, refunded: 0, refundsFailed: 0 });

        for (const [i, g] of groups.entries()) {
          const s = await expectConsistent(g.groupId, g.deal.id);
          const paid = pays[i]!;
          if (s.group.status === 'formed') {
            expect(paid.status, JSON.stringify(paid.body)).toBe(200);
            expect(s.issued).toHaveLength(SIZE);
            expect(s.refunds).toEqual([]);
            outcomes.formed++;
          } else {
            expect(s.group.status).toBe('failed');
            expect(paid).toEqual({ status: 409, body: { message: refuse('paidAfterGroupClosed').message } });
            expect(s.orders.find((o) => o.id === last[i]!.orderId)!.status).toBe('refunded');
            expect(s.refunds.filter((r) => r.reason === 'group')).toHaveLength(SIZE - 1);
            expect(s.members.map((m) => m.status)).toEqual([...Array(SIZE - 1).fill('refunded'), 'lapsed']);
            outcomes.failed++;
          }
        }
      }
      expect(outcomes.formed + outcomes.failed).toBe(REAL_ROUNDS * AT_DEADLINE);
      // The rows let go before the sweeps start were paid before the deadline: some of them form, or the race was never run.
      if (onPostgres) expect(outcomes.formed, JSON.stringify(outcomes)).toBeGreaterThan(0);
    });

    demo('forms a group and refunds its members with a check-then-refund sweep at the same deadline', async () => {
      for (const variant of VARIANTS) {
        const lost = await firstLostRound(async () => {
          const groups = [];
          for (let g = 0; g < AT_DEADLINE; g++) groups.push(await groupOf(SIZE, SIZE - 1, 1));
          const last = await Promise.all(
            groups.map(async (g, i) => ({ groupId: g.groupId, orderId: (await orderOf(db(), g.held[0]!.sid)).id, pay: () => payCall(g.held[0]!, i) })),
          );
          const sweeps = Array.from({ length: 2 }, (_, i) => () => http(baseFor(i), 'POST', '/api/naive/groups/sweep', { body: { variant } }));
          const { contenders } = await atTheDeadline(last, sweeps, [2, 4, 6, 9, 13, 20]);
          expect(statusCounts(contenders)).toEqual({ 200: 2 });
          let bothWays = false;
          for (const g of groups) {
            const s = await groupState(g.groupId);
            if (s.group.status === 'formed' && s.refunds.some((r) => r.reason === 'group')) bothWays = true;
          }
          return !bothWays;
        });
        expect(lost, `the ${variant} variant never both formed and refunded a group in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 3: duplicate payment events', () => {
    const SIZE = 3;

    real(`forms once when the last two members' payment events each arrive ${DELIVERIES} times at once across instances`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, groupId, held } = await groupOf(SIZE, 1, 2);
        const events = await Promise.all(held.map(async (p) => signedPaidEvent(provider, await orderOf(db(), p.sid))));
        const calls = Array.from({ length: DELIVERIES }, (_, i) =>
          events.map((e, k) => () => http(baseFor(i + k), 'POST', '/api/webhooks/test-provider', { body: e.body, headers: e.headers })),
        ).flat();
        const answers = await together(calls);

        expect(statusCounts(answers)).toEqual({ 200: 2 * DELIVERIES });
        const results = answers.map((a) => (a.body as { result: string }).result);
        expect(results.filter((r) => r === 'waiting')).toHaveLength(1);
        expect(results.filter((r) => r === 'formed')).toHaveLength(1);
        expect(results.every((r) => ['waiting', 'formed', 'already-fulfilled', 'duplicate'].includes(r)), results.join()).toBe(true);
        const s = await expectConsistent(groupId, deal.id);
        expect(s.group).toMatchObject({ status: 'formed', paidCount: SIZE });
        expect(s.issued).toHaveLength(SIZE);
        expect(s.ledger.filter((e) => e.kind === 'payment').map((e) => e.orderId).sort()).toEqual(s.orders.map((o) => o.id).sort());
        const recorded = await db()
          .select()
          .from(paymentEvents)
          .where(inArray(paymentEvents.eventId, events.map((e) => (JSON.parse(e.body) as { id: string }).id)));
        expect(recorded).toHaveLength(2);
      }
    });

    demo('forms more than once with a read-then-write formation under the same load', async () => {
      for (const variant of VARIANTS) {
        const lost = await firstLostRound(async () => {
          const { groupId, held: [lastPlace] } = await groupOf(SIZE, SIZE - 1, 1);
          const order = await orderOf(db(), lastPlace!.sid);
          const answers = await together(
            Array.from({ length: DELIVERIES }, (_, i) => () => http(baseFor(i), 'POST', '/api/naive/groups/pay', { body: { orderId: order.id, variant } })),
          );
          expect(statusCounts(answers), JSON.stringify(answers.find((a) => a.status !== 200)?.body)).toEqual({ 200: DELIVERIES });
          // Each caller that went on to issue formed the group; a second set was stopped only by
          // vouchers_unit_key (without it, it would have been issued).
          const formers = answers.filter((a) => ['formed', 'stopped-by-unique-key'].includes((a.body as { result: string }).result)).length;
          const { issued } = await groupState(groupId);
          return formers <= 1 && issued.length === SIZE;
        });
        expect(lost, `the ${variant} variant never formed a group twice in ${ROUNDS} rounds`).not.toBeNull();
      }
    });
  });

  describe('race 4: one customer joining a group many times at once', () => {
    const TRIES = 10;

    real(`gives one place to a customer joining ${TRIES} times at once across instances`, async () => {
      for (let round = 1; round <= REAL_ROUNDS; round++) {
        const { deal, groupId } = await groupOf(5, 1, 0);
        const [me] = await customers(1);
        const answers = await together(Array.from({ length: TRIES }, (_, i) => () => joinCall(me!, groupId, i)));

        expect(statusCounts(answers)).toEqual({ 200: 1, 409: TRIES - 1 });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ message: refuse('alreadyInGroup').message });
        const s = await expectConsistent(groupId, deal.id);
        expect(s.group).toMatchObject({ status: 'open', seatsTaken: 2, paidCount: 1 });
        expect(s.members.filter((m) => m.userId === me!.user.id).map((m) => m.status)).toEqual(['held']);
        expect(await db().select().from(orders).where(eq(orders.userId, me!.user.id))).toHaveLength(1);
        expect(await stockOf(db(), deal.id)).toEqual({ inventory: 50, unitsTaken: 2, held: 1, vouchers: 0 });
      }
    });
  });
}
