/**
 * The catalogue all three servers sell: the 20 deals bench/api/seed.ts gives our server, read back from our
 * database, so the peers get the very titles, descriptions and prices. The items bought at checkout are the deals
 * with no limit on units and no group offer, so a run of any length never sells one out.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { seedCatalog } from '../api/seed';
import { customersWithSessions } from '../flash-sale/customers';

export interface CatalogItem {
  id: string;
  title: string;
  handle: string;
  description: string;
  priceCents: number;
  imageUrl: string;
  /** Bought at checkout. */
  buy: boolean;
}

const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Migrates our fresh database, seeds the catalogue and `customers` customers with sessions; answers the items. */
export async function seedOurs(url: string, customers: number, tokensFile: string): Promise<CatalogItem[]> {
  const app = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  try {
    await app.migrate();
    await seedCatalog(app.db);
    await customersWithSessions(app.db, url, customers, '+1781', tokensFile);
  } finally {
    await app.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; title: string; description: string; price_cents: number; image_url: string; inventory: number; group_size: number | null }>(
      'select id, title, description, price_cents, image_url, inventory, group_size from deals order by created_at',
    );
    await client.query('checkpoint');
    return rows.rows.map((r) => ({
      id: r.id,
      title: r.title,
      handle: slug(r.title),
      description: r.description,
      priceCents: r.price_cents,
      imageUrl: r.image_url,
      buy: r.inventory === 0 && r.group_size === null,
    }));
  } finally {
    await client.end();
  }
}
