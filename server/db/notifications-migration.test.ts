/**
 * Migration 0020: groups that closed before notifications existed and whose members were not told yet
 * (`deal_groups.notified_at` still empty) get their members' notifications and SMS sends; groups already
 * told, and open groups, get none; and the claim column goes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type MigrationTestDatabase } from '../test/database';

const TAG = '0020_notifications_time_zones_category_names';

describe(`migration ${TAG}`, () => {
  let client: MigrationTestDatabase;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    client = await databaseBefore(TAG);

    const one = async (text: string) => (await client.query<{ id: string }>(text))[0]!.id;
    ids.merchant = await one(`insert into merchants (name, phone) values ('Shop', '5550000100') returning id`);
    ids.deal = await one(`insert into deals (merchant_id, title, price_cents, status, active) values ('${ids.merchant}', 'Kayak Tour', 3000, 'published', true) returning id`);
    /** A paid member of a group in `status`, told already or not; answers the member's user id. */
    const member = async (name: string, status: 'open' | 'formed' | 'failed', notified: boolean) => {
      const user = await one(`insert into users (phone) values ('55500002${Object.keys(ids).length.toString().padStart(2, '0')}') returning id`);
      const group = await one(`
        insert into deal_groups (deal_id, started_by, size, price_cents, status, seats_taken, paid_count, deadline, formed_at, failed_at, notified_at)
        values ('${ids.deal}', '${user}', 2, 2000, '${status}', ${status === 'formed' ? 2 : 1}, ${status === 'formed' ? 2 : 1}, now() + interval '1 day',
          ${status === 'formed' ? 'now()' : 'null'}, ${status === 'failed' ? 'now()' : 'null'}, ${notified ? 'now()' : 'null'})
        returning id`);
      const order = await one(`insert into orders (user_id, status, provider, total_cents, expires_at, paid_at) values ('${user}', 'paid', 'test', 2000, now(), now()) returning id`);
      const item = await one(`insert into order_items (order_id, deal_id, quantity, unit_price_cents, title) values ('${order}', '${ids.deal}', 1, 2000, 'Kayak Tour') returning id`);
      await client.query(`insert into group_members (group_id, user_id, order_id, status, paid_at) values ('${group}', '${user}', '${order}', ${status === 'failed' ? "'owed'" : "'paid'"}, now())`);
      if (status === 'formed') {
        await client.query(`insert into vouchers (order_id, order_item_id, unit_index, deal_id, user_id, code, pin, valid_until)
          values ('${order}', '${item}', 0, '${ids.deal}', '${user}', 'CODE${name.toUpperCase()}', '1234', now() + interval '30 days')`);
      }
      ids[name] = user;
      ids[`${name}Group`] = group;
    };
    await member('formed', 'formed', false);
    await member('failed', 'failed', false);
    await member('told', 'formed', true);
    await member('open', 'open', false);
    await client.migrateRest();
  });

  afterAll(async () => {
    await client?.close();
  });

  it("tells the members of closed groups that were not told, with a formed group's codes, by SMS", async () => {
    const rows = await client.query<{ user_id: string; kind: string; subject_id: string; params: Record<string, unknown> }>(
      `select user_id, kind, subject_id, params from notifications order by kind`,
    );
    expect(rows).toEqual([
      { user_id: ids.failed, kind: 'group_failed', subject_id: ids.failedGroup, params: { title: 'Kayak Tour', amountCents: 2000 } },
      { user_id: ids.formed, kind: 'group_formed', subject_id: ids.formedGroup, params: { title: 'Kayak Tour', codes: ['CODEFORMED'] } },
    ]);
    const sends = await client.query<{ channel: string; status: string }>(`select channel, status from notification_deliveries`);
    expect(sends).toEqual([
      { channel: 'sms', status: 'pending' },
      { channel: 'sms', status: 'pending' },
    ]);
  });

  it('drops the claim column the outbox replaces', async () => {
    const columns = await client.query(`select 1 from information_schema.columns where table_name = 'deal_groups' and column_name = 'notified_at'`);
    expect(columns).toEqual([]);
  });
});
