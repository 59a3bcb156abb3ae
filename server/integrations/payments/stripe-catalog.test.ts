/** The Stripe provider's catalogue sync against a local stand-in of Stripe's Products and Prices API, alone and inside the app. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { savedDealAnswer } from '../../../contract/admin';
import { buildMerchant } from '../../db/factories';
import { deals } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { resetDatabase } from '../../test/database';
import { expectStatus } from '../../test/auth-helpers';
import { as, dealForm, signInSuperadmin } from '../../test/admin-helpers';
import { StripePaymentProvider } from './stripe-provider';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

interface Product {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  default_price: string | null;
  metadata: Record<string, string>;
}

interface Price {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  active: boolean;
  metadata: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
}

/** `metadata[dealId]=x` form fields back into an object. */
function metadataOf(form: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

const missing = (kind: string, id: string): Answer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } },
});

/**
 * Just enough of Stripe's Products and Prices endpoints, with Stripe's idempotency rule: a POST
 * carrying a key seen before answers the first answer again, unchanged, without doing anything.
 */
class FakeStripe {
  readonly received: Received[] = [];
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  /** Answers every request with this instead, when set. */
  failWith: Answer | null = null;
  private readonly replays = new Map<string, { params: string; answer: Answer }>();
  private seq = 0;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const received = { method: req.method ?? '', path: url.pathname, headers: req.headers, form };
        this.received.push(received);
        const answer = this.handle(received);
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${this.received.length}` });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  reset(): void {
    this.received.length = 0;
    this.products.clear();
    this.prices.clear();
    this.replays.clear();
    this.failWith = null;
  }

  /** Requests as 'METHOD /path', in order. */
  calls(): string[] {
    return this.received.map((r) => `${r.method} ${r.path}`);
  }

  private handle(r: Received): Answer {
    if (this.failWith) return this.failWith;
    const key = r.headers['idempotency-key'];
    const params = r.form.toString();
    if (r.method === 'POST' && typeof key === 'string') {
      const seen = this.replays.get(key);
      if (seen) {
        if (seen.params !== params) {
          return { status: 400, body: { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } } };
        }
        return seen.answer;
      }
      const answer = this.route(r);
      this.replays.set(key, { params, answer });
      return answer;
    }
    return this.route(r);
  }

  private route(r: Received): Answer {
    const f = r.form;
    let m: RegExpExecArray | null;
    if (r.method === 'POST' && r.path === '/v1/products') {
      const p: Product = { id: `prod_${++this.seq}`, object: 'product', name: f.get('name') ?? '', active: true, default_price: null, metadata: metadataOf(f) };
      this.products.set(p.id, p);
      return { status: 200, body: p };
    }
    if (r.method === 'POST' && (m = /^\/v1\/products\/([^/]+)$/.exec(r.path))) {
      const p = this.products.get(m[1]!);
      if (!p) return missing('product', m[1]!);
      if (f.has('name')) p.name = f.get('name')!;
      if (f.has('active')) p.active = f.get('active') === 'true';
      if (f.has('default_price')) {
        const price = this.prices.get(f.get('default_price')!);
        if (!price) return missing('price', f.get('default_price')!);
        p.default_price = price.id;
      }
      return { status: 200, body: p };
    }
    if (r.method === 'POST' && r.path === '/v1/prices') {
      const product = f.get('product') ?? '';
      if (!this.products.has(product)) return missing('product', product);
      const price: Price = {
        id: `price_${++this.seq}`,
        object: 'price',
        product,
        unit_amount: Number(f.get('unit_amount')),
        currency: f.get('currency') ?? '',
        active: true,
        metadata: metadataOf(f),
      };
      this.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (r.method === 'GET' && (m = /^\/v1\/prices\/([^/]+)$/.exec(r.path))) {
      const price = this.prices.get(m[1]!);
      return price ? { status: 200, body: price } : missing('price', m[1]!);
    }
    if (r.method === 'POST' && (m = /^\/v1\/prices\/([^/]+)$/.exec(r.path))) {
      const price = this.prices.get(m[1]!);
      if (!price) return missing('price', m[1]!);
      if (f.has('active')) price.active = f.get('active') === 'true';
      return { status: 200, body: price };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${r.method}: ${r.path})` } } };
  }
}

const fake = new FakeStripe();
let apiBase: string;
let provider: StripePaymentProvider;

beforeAll(async () => {
  apiBase = await fake.start();
  provider = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase });
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.reset();
});

const DEAL = '0b9f6a2e-5d1c-4c2a-8f3e-7a6b5c4d3e2f';
const item = (priceCents: number, ids: { productId?: string | null; priceId?: string | null } = {}, title = 'Sushi platter') => ({
  dealId: DEAL,
  title,
  priceCents,
  productId: ids.productId ?? null,
  priceId: ids.priceId ?? null,
});

describe('StripePaymentProvider.syncCatalogItem', () => {
  it('creates the product, then its price, then makes that price the default', async () => {
    const ids = await provider.syncCatalogItem(item(1999));
    expect(fake.calls()).toEqual(['POST /v1/products', 'POST /v1/prices', `POST /v1/products/${ids.productId}`]);

    const [product, price, setDefault] = fake.received;
    expect(product!.headers['idempotency-key']).toBe(`deal-product-${DEAL}-first`);
    expect(product!.headers.authorization).toBe('Bearer sk_test_x');
    expect(product!.form.get('name')).toBe('Sushi platter');
    expect(product!.form.get('metadata[dealId]')).toBe(DEAL);

    expect(price!.headers['idempotency-key']).toEqual(expect.stringContaining(DEAL));
    expect(Object.fromEntries(price!.form)).toMatchObject({ product: ids.productId, unit_amount: '1999', currency: 'usd', 'metadata[dealId]': DEAL });

    expect(setDefault!.form.get('default_price')).toBe(ids.priceId);
    expect(fake.products.get(ids.productId)).toMatchObject({ name: 'Sushi platter', default_price: ids.priceId, active: true });
    expect(fake.prices.get(ids.priceId)).toMatchObject({ product: ids.productId, unit_amount: 1999, currency: 'usd', active: true });
  });

  it('re-syncs an unchanged price without creating a new one, only updating the product', async () => {
    const first = await provider.syncCatalogItem(item(1999));
    fake.received.length = 0;

    const again = await provider.syncCatalogItem(item(1999, first, 'Sushi platter for two'));
    expect(again).toEqual(first);
    expect(fake.calls()).toEqual([`POST /v1/products/${first.productId}`, `GET /v1/prices/${first.priceId}`]);
    expect(Object.fromEntries(fake.received[0]!.form)).toEqual({ name: 'Sushi platter for two', active: 'true' });
    expect(fake.prices.size).toBe(1);
    expect(fake.products.get(first.productId)!.name).toBe('Sushi platter for two');
  });

  it('on a new price, creates it, makes it the default and archives the old one', async () => {
    const first = await provider.syncCatalogItem(item(1999));
    fake.received.length = 0;

    const next = await provider.syncCatalogItem(item(2499, first));
    expect(next.productId).toBe(first.productId);
    expect(next.priceId).not.toBe(first.priceId);
    expect(fake.calls()).toEqual([
      `POST /v1/products/${first.productId}`,
      `GET /v1/prices/${first.priceId}`,
      'POST /v1/prices',
      `POST /v1/products/${first.productId}`,
      `POST /v1/prices/${first.priceId}`,
    ]);
    expect(fake.received[2]!.form.get('unit_amount')).toBe('2499');
    expect(fake.received[3]!.form.get('default_price')).toBe(next.priceId);
    expect(Object.fromEntries(fake.received[4]!.form)).toEqual({ active: 'false' });

    expect(fake.prices.get(first.priceId)!.active).toBe(false);
    expect(fake.prices.get(next.priceId)).toMatchObject({ unit_amount: 2499, active: true });
    expect(fake.products.get(first.productId)!.default_price).toBe(next.priceId);
  });

  it('reuses the same product and price when a first sync is repeated before its ids were saved', async () => {
    const first = await provider.syncCatalogItem(item(1999));
    // The deal row was never updated (say the process died), so the next sync starts from nothing again.
    const retried = await provider.syncCatalogItem(item(1999));
    expect(retried).toEqual(first);
    expect(fake.products.size).toBe(1);
    expect(fake.prices.size).toBe(1);
  });

  it('ends with an active default price when a price goes back to an earlier amount', async () => {
    // 19.99 -> 24.99 -> 19.99: the third sync must not be answered with the archived first price.
    const a = await provider.syncCatalogItem(item(1999));
    const b = await provider.syncCatalogItem(item(2499, a));
    const back = await provider.syncCatalogItem(item(1999, b));
    expect(fake.prices.get(back.priceId), 'the price the deal now points at').toMatchObject({ unit_amount: 1999, active: true });
    expect(fake.products.get(back.productId)!.default_price).toBe(back.priceId);
    expect(fake.prices.get(b.priceId)!.active).toBe(false);
  });

  it('recovers from ids Stripe does not know (e.g. saved by the built-in test provider) by creating new ones', async () => {
    const ids = await provider.syncCatalogItem(item(1999, { productId: `test_prod_${DEAL}`, priceId: `test_price_${DEAL}_1999` }));
    expect(ids.productId).toMatch(/^prod_/);
    expect(ids.priceId).toMatch(/^price_/);
    expect(fake.prices.get(ids.priceId)).toMatchObject({ unit_amount: 1999, active: true });
  });

  it("rejects with Stripe's message when Stripe refuses", async () => {
    fake.failWith = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' } } };
    await expect(provider.syncCatalogItem(item(1999))).rejects.toThrow('Invalid API Key provided');
  });
});

describe('inside the app, as deps.payments', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ deps: { payments: new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase }) } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await resetDatabase(t.database);
  });

  it('stores the Stripe product and price of a new deal, and the new price of a repriced one', async () => {
    const admin = await signInSuperadmin(t);
    const shop = await buildMerchant(t.db);
    const res = await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(shop.id, { title: 'Spa day', priceCents: 3999, createStripeProduct: true }));
    expectStatus(res, 201);
    const created = savedDealAnswer.parse(res.body);
    expect(created.catalogSyncError).toBeNull();
    expect(created.stripeProductId).toMatch(/^prod_/);
    expect(fake.products.get(created.stripeProductId!)).toMatchObject({ name: 'Spa day', metadata: { dealId: created.id } });
    expect(fake.prices.get(created.stripePriceId!)).toMatchObject({ unit_amount: 3999, product: created.stripeProductId });

    const edited = savedDealAnswer.parse(
      (await as(t.app, admin, 'PUT', `/api/admin/deals/${created.id}`, dealForm(shop.id, { title: 'Spa day', priceCents: 4499, createStripeProduct: true }))).body,
    );
    expect(edited.stripeProductId).toBe(created.stripeProductId);
    expect(fake.prices.get(edited.stripePriceId!)).toMatchObject({ unit_amount: 4499, active: true });
    expect(fake.prices.get(created.stripePriceId!)!.active).toBe(false);
    const [row] = await t.db.select().from(deals).where(eq(deals.id, created.id));
    expect(row).toMatchObject({ stripeProductId: created.stripeProductId, stripePriceId: edited.stripePriceId });
  });

  it("saves the deal and reports Stripe's reason when Stripe refuses", async () => {
    const admin = await signInSuperadmin(t);
    const shop = await buildMerchant(t.db);
    fake.failWith = { status: 400, body: { error: { type: 'invalid_request_error', message: 'Your account cannot currently make live charges.' } } };
    const res = await as(t.app, admin, 'POST', '/api/admin/deals', dealForm(shop.id, { createStripeProduct: true }));
    expectStatus(res, 201);
    const created = savedDealAnswer.parse(res.body);
    expect(created).toMatchObject({ stripeProductId: null, stripePriceId: null });
    expect(created.catalogSyncError).toContain('Your account cannot currently make live charges.');
    expect(await t.db.select().from(deals).where(eq(deals.id, created.id))).toHaveLength(1);
  });
});
