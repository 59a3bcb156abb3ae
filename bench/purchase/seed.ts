/**
 * Fills a fresh PostgreSQL database for one turn of the purchase benchmark, with the code of the source
 * tree it runs in (run.ts copies it into today's build's tree too), so each build's database is made by
 * its own migrations and factories:
 *   node --import tsx bench/purchase/seed.ts <seed.json>
 * `purchase`: one merchant, `deals` published deals with ample stock and a high maxPerUser, and
 * `customers` customers with sessions. `groups`: one deal sold to groups of `groupSize` (ADR 029),
 * `groups` x `groupSize` units, and as many customers. Prints one JSON line: the deals' ids.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { buildDeal, buildMerchant } from '../../server/db/factories';
import { customersWithSessions } from '../flash-sale/customers';

export interface SeedConfig {
  url: string;
  kind: 'purchase' | 'groups';
  deals: number;
  customers: number;
  groups: number;
  groupSize: number;
  tokensFile: string;
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: seed.ts <seed.json>');
  const c = JSON.parse(readFileSync(file, 'utf8')) as SeedConfig;
  const app = await openDatabase({ kind: 'postgres', url: c.url, poolSize: 10 });
  const dealIds: string[] = [];
  try {
    await app.migrate();
    const merchant = await buildMerchant(app.db, { name: 'Purchase Bench Bistro' });
    if (c.kind === 'purchase') {
      for (let i = 0; i < c.deals; i++) {
        const deal = await buildDeal(app.db, {
          merchantId: merchant.id,
          title: `Dinner for two, menu ${i + 1}`,
          priceCents: 2500 + 100 * i,
          originalPriceCents: 6000,
          inventory: 1_000_000,
          maxPerUser: 1000,
        });
        dealIds.push(deal.id);
      }
      await customersWithSessions(app.db, c.url, c.customers, '+1779', c.tokensFile);
    } else {
      const customers = c.groups * c.groupSize;
      const deal = await buildDeal(app.db, {
        merchantId: merchant.id,
        title: 'Group dinner for two',
        priceCents: 2500,
        originalPriceCents: 6000,
        groupSize: c.groupSize,
        groupPriceCents: 1800,
        groupWindowHours: 24,
        inventory: customers,
        maxPerUser: 1,
      });
      dealIds.push(deal.id);
      await customersWithSessions(app.db, c.url, customers, '+1780', c.tokensFile);
    }
    // Written out now, so the turn does not pay for the set-up's dirty pages.
    await app.db.execute(sql`checkpoint`);
  } finally {
    await app.close();
  }
  process.stdout.write(`${JSON.stringify({ dealIds })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
