/**
 * The statements each request of the busy paths sends, counted at the driver: a purchase (checkout, then the built-in
 * provider's payment) and a group's start and join. Each is prepared once per database (server/db/README.md), so
 * neither the server builds it nor PostgreSQL plans it again on the request; the one exception is the built-in
 * provider's record of the payment, which stands in for the provider's own books. A read added to these paths shows
 * here as a changed count, to be weighed (bench/README.md, purchase and group join).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { groupCheckoutAnswer } from '../../contract/groups';
import { useTestApp } from '../test/app';
import { call, expectStatus } from '../test/auth-helpers';
import { buyableDeal, checkoutOk, customer, pay } from '../test/purchase-helpers';

type Bound = { name: string; text: string };

interface ConnectionMethods {
  parse(query: { name?: string; text: string }, ...rest: unknown[]): unknown;
  bind(config: { statement?: string }, ...rest: unknown[]): unknown;
}

/** The statements bound on any connection while `run` runs: named ones by their name, unnamed ones by their text. */
async function statementsDuring(run: () => Promise<unknown>): Promise<Bound[]> {
  const connection = (pg as unknown as { Connection: { prototype: ConnectionMethods } }).Connection.prototype;
  const { parse, bind } = connection;
  const texts = new Map<string, string>();
  let lastText = '';
  const seen: Bound[] = [];
  connection.parse = function (this: unknown, query: { name?: string; text: string }, ...rest: unknown[]) {
    lastText = query.text;
    if (query.name) texts.set(query.name, query.text);
    return parse.call(this, query, ...rest);
  };
  connection.bind = function (this: unknown, config: { statement?: string }, ...rest: unknown[]) {
    seen.push(config.statement ? { name: config.statement, text: texts.get(config.statement) ?? '' } : { name: '', text: lastText });
    return bind.call(this, config, ...rest);
  };
  try {
    await run();
  } finally {
    Object.assign(connection, { parse, bind });
  }
  return seen;
}

/** Each statement's name, or for an unnamed one what it does to which table ('insert into "orders"'). */
const namesOf = (bound: Bound[]) => bound.map((b) => b.name || /^\s*(\w+ \w+ "?\w+"?)/.exec(b.text)?.[1] || b.text);
const PROVIDER_RECORD = 'insert into "test_provider_records"';

describe('statements a busy request sends', () => {
  const t = useTestApp();

  it('a purchase: three for the checkout, four for the payment', async () => {
    const { deal } = await buyableDeal(t.db);
    const buyer = await customer(t);
    let providerSession = '';
    const checkout = await statementsDuring(async () => (providerSession = await checkoutOk(t.app, buyer, { dealId: deal.id })));
    expect(namesOf(checkout)).toEqual(['session_lookup', 'checkout_deal', 'checkout_place_order']);
    const payment = await statementsDuring(async () => expectStatus(await pay(t.app, buyer, providerSession), 200));
    expect(namesOf(payment)).toEqual(['session_lookup', 'own_order', PROVIDER_RECORD, 'fulfil_order']);
  });

  it("a group's start and join: the place, then the group's answer", async () => {
    const { deal } = await buyableDeal(t.db, { groupSize: 3, groupPriceCents: 800, inventory: 10 });
    const [starter, joiner] = [await customer(t), await customer(t)];
    const answer = ['group_by_id', 'members_of_groups', 'deals_by_ids'];
    let groupId = '';
    const start = await statementsDuring(async () => {
      const res = await call(t.app, 'POST', '/api/groups', { sessionId: starter.sessionId, body: { dealId: deal.id } });
      expectStatus(res, 200);
      groupId = groupCheckoutAnswer.parse(res.body).group.id;
    });
    expect(namesOf(start)).toEqual(['session_lookup', 'checkout_deal', 'group_place_order', ...answer]);
    const join = await statementsDuring(async () => expectStatus(await call(t.app, 'POST', `/api/groups/${groupId}/join`, { sessionId: joiner.sessionId }), 200));
    expect(namesOf(join)).toEqual(['session_lookup', 'listed_group_deal', 'checkout_deal', 'group_to_join', 'group_place_order', ...answer]);
  });
});
