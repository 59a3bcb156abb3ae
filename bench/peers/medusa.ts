/**
 * Medusa 2 in its folder of the peers directory: the packages, a minimal medusa-config.js (no admin, no Redis: the
 * in-memory event bus, cache, locking and workflow engine a new project starts with), the database migrated with
 * `medusa db:migrate`, the catalogue seeded with `medusa exec seed.js` through Medusa's own workflows, and the
 * server started with `medusa start` in production mode.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { capture, freePort, SERVER_CPU, startPinned, waitForHttp, type Started } from '../api/harness';
import type { PeerPackages } from './install';
import type { CatalogItem } from './catalog';

export const MEDUSA_VERSION = '2.21.2';

export const medusaPackages: PeerPackages = {
  name: 'peer-medusa',
  dependencies: {
    '@medusajs/medusa': MEDUSA_VERSION,
    '@medusajs/framework': MEDUSA_VERSION,
    '@medusajs/cli': MEDUSA_VERSION,
  },
};

export interface MedusaSeeded {
  publishableKey: string;
  regionId: string;
  shippingOptionId: string;
  /** By title. */
  products: Record<string, { productId: string; variantId: string }>;
}

const CONFIG = `// Written by bench/peers: the least a Medusa 2 server needs, the admin dashboard off.
const { defineConfig } = require('@medusajs/framework/utils')

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: 'http://127.0.0.1',
      adminCors: 'http://127.0.0.1',
      authCors: 'http://127.0.0.1',
      jwtSecret: 'peers-bench-jwt-secret',
      cookieSecret: 'peers-bench-cookie-secret',
    },
  },
  admin: { disable: true },
})
`;

/**
 * The seed, run inside Medusa's container by \`medusa exec\`: a US region in dollars with the system payment
 * provider, a tax region, the default sales channel, a publishable key, a stock location served by the manual
 * fulfilment provider with a free shipping option, and the catalogue's items as published products of one variant
 * each, their inventory managed with 1,000,000 units at the location. Writes the ids the load needs to SEED_OUT.
 */
const SEED = `// Written by bench/peers: seeds the benchmark's catalogue through Medusa's workflows.
const fs = require('fs')
const { ContainerRegistrationKeys, Modules, ProductStatus } = require('@medusajs/framework/utils')
const flows = require('@medusajs/medusa/core-flows')

async function seed({ container }) {
  const items = JSON.parse(fs.readFileSync(process.env.SEED_IN, 'utf8'))
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const salesChannels = container.resolve(Modules.SALES_CHANNEL)
  const stores = container.resolve(Modules.STORE)

  const [store] = await stores.listStores()
  let [channel] = await salesChannels.listSalesChannels({ name: 'Default Sales Channel' })
  if (!channel) {
    const { result } = await flows.createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: 'Default Sales Channel' }] } })
    channel = result[0]
  }
  const currencies = [{ currency_code: 'usd', is_default: true }]
  if (store) {
    await flows.updateStoresWorkflow(container).run({
      input: { selector: { id: store.id }, update: { supported_currencies: currencies, default_sales_channel_id: channel.id } },
    })
  } else {
    await flows.createStoresWorkflow(container).run({
      input: { stores: [{ name: 'Deal Market', supported_currencies: currencies, default_sales_channel_id: channel.id }] },
    })
  }
  const { result: regions } = await flows.createRegionsWorkflow(container).run({
    input: { regions: [{ name: 'United States', currency_code: 'usd', countries: ['us'], payment_providers: ['pp_system_default'] }] },
  })
  const region = regions[0]
  await flows.createTaxRegionsWorkflow(container).run({ input: [{ country_code: 'us', provider_id: 'tp_system' }] })

  const { result: locations } = await flows.createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: 'San Francisco', address: { city: 'San Francisco', country_code: 'US', address_1: '' } }] },
  })
  const location = locations[0]
  await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: location.id }, [Modules.FULFILLMENT]: { fulfillment_provider_id: 'manual_manual' } })
  let [profile] = await fulfillment.listShippingProfiles({ type: 'default' })
  if (!profile) {
    const { result } = await flows.createShippingProfilesWorkflow(container).run({ input: { data: [{ name: 'Default Shipping Profile', type: 'default' }] } })
    profile = result[0]
  }
  const set = await fulfillment.createFulfillmentSets({
    name: 'San Francisco delivery',
    type: 'shipping',
    service_zones: [{ name: 'United States', geo_zones: [{ country_code: 'us', type: 'country' }] }],
  })
  await link.create({ [Modules.STOCK_LOCATION]: { stock_location_id: location.id }, [Modules.FULFILLMENT]: { fulfillment_set_id: set.id } })
  const { result: options } = await flows.createShippingOptionsWorkflow(container).run({
    input: [{
      name: 'Voucher by email',
      price_type: 'flat',
      provider_id: 'manual_manual',
      service_zone_id: set.service_zones[0].id,
      shipping_profile_id: profile.id,
      type: { label: 'Email', description: 'The voucher is sent by email.', code: 'email' },
      prices: [{ currency_code: 'usd', amount: 0 }, { region_id: region.id, amount: 0 }],
      rules: [
        { attribute: 'enabled_in_store', value: 'true', operator: 'eq' },
        { attribute: 'is_return', value: 'false', operator: 'eq' },
      ],
    }],
  })
  await flows.linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } })
  const { result: keys } = await flows.createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Storefront', type: 'publishable', created_by: '' }] },
  })
  await flows.linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [channel.id] } })

  const { result: products } = await flows.createProductsWorkflow(container).run({
    input: {
      products: items.map((item) => ({
        title: item.title,
        handle: item.handle,
        description: item.description,
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: profile.id,
        thumbnail: item.imageUrl,
        images: [{ url: item.imageUrl }],
        options: [{ title: 'Offer', values: ['One voucher'] }],
        variants: [{
          title: 'One voucher',
          sku: item.handle,
          options: { Offer: 'One voucher' },
          manage_inventory: true,
          prices: [{ amount: item.priceCents / 100, currency_code: 'usd' }],
        }],
        sales_channels: [{ id: channel.id }],
      })),
    },
  })
  const { data: inventoryItems } = await query.graph({ entity: 'inventory_item', fields: ['id'] })
  await flows.createInventoryLevelsWorkflow(container).run({
    input: { inventory_levels: inventoryItems.map((i) => ({ location_id: location.id, stocked_quantity: 1000000, inventory_item_id: i.id })) },
  })

  const byTitle = {}
  for (const p of products) byTitle[p.title] = { productId: p.id, variantId: p.variants[0].id }
  fs.writeFileSync(process.env.SEED_OUT, JSON.stringify({ publishableKey: keys[0].token, regionId: region.id, shippingOptionId: options[0].id, products: byTitle }))
}

exports.default = seed
`;

const cli = (dir: string) => path.join(dir, 'node_modules/@medusajs/cli/cli.js');

function env(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: databaseUrl, NODE_ENV: 'production', MEDUSA_DISABLE_TELEMETRY: 'true', ...extra };
}

async function medusa(dir: string, args: string[], e: NodeJS.ProcessEnv): Promise<void> {
  const out = await capture(process.execPath, [cli(dir), ...args], { cwd: dir, env: e });
  if (out.code !== 0) throw new Error(`medusa ${args.join(' ')} failed (${out.code}):\n${(out.stdout + out.stderr).slice(-3000)}`);
}

/** Migrates a fresh database and seeds the catalogue; answers the ids the paths need. */
export async function seedMedusa(dir: string, databaseUrl: string, items: CatalogItem[]): Promise<MedusaSeeded> {
  writeFileSync(path.join(dir, 'medusa-config.js'), CONFIG);
  writeFileSync(path.join(dir, 'seed.js'), SEED);
  const seedIn = path.join(dir, 'seed-in.json');
  const seedOut = path.join(dir, 'seed-out.json');
  writeFileSync(seedIn, JSON.stringify(items));
  let t = Date.now();
  await medusa(dir, ['db:migrate'], env(databaseUrl));
  console.log(`medusa: db:migrate in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  t = Date.now();
  await medusa(dir, ['exec', './seed.js'], env(databaseUrl, { SEED_IN: seedIn, SEED_OUT: seedOut }));
  console.log(`medusa: seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  return JSON.parse(readFileSync(seedOut, 'utf8')) as MedusaSeeded;
}

/** `medusa start` in production mode, pinned to the server's core. */
export async function startMedusa(dir: string, databaseUrl: string, logFile: string): Promise<Started & { origin: string }> {
  const port = await freePort();
  const started = startPinned(SERVER_CPU, process.execPath, [cli(dir), 'start', '--port', String(port)], {
    env: env(databaseUrl, { PORT: String(port), HOST: '127.0.0.1' }),
    cwd: dir,
    logFile,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/health`, started, logFile, 180_000);
  return { ...started, origin };
}
