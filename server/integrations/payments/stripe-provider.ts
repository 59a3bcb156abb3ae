/** Stripe behind the payment port; the only file that imports the stripe package. */
import Stripe from 'stripe';
import type { CatalogIds, CatalogItem, PaymentProvider } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Overrides for tests that serve Stripe's API locally, e.g. http://127.0.0.1:12111 */
  apiBase?: string;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'dealmarket' } };
  if (settings.apiBase) {
    const url = new URL(settings.apiBase);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, options);
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(settings: StripeSettings, client?: Stripe) {
    this.stripe = client ?? createStripeClient(settings);
  }

  /**
   * Stripe prices cannot change amount, so a new price replaces the old one as the product's
   * default and the old one is archived.
   */
  async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    const product = item.productId
      ? await this.stripe.products.update(item.productId, { name: item.title, active: true })
      : await this.stripe.products.create(
          { name: item.title, metadata: { dealId: item.dealId } },
          { idempotencyKey: `deal-product-${item.dealId}` },
        );

    if (item.priceId) {
      const current = await this.stripe.prices.retrieve(item.priceId);
      if (current.unit_amount === item.priceCents && current.currency === 'usd' && current.product === product.id) {
        return { productId: product.id, priceId: current.id };
      }
    }
    const price = await this.stripe.prices.create(
      { product: product.id, unit_amount: item.priceCents, currency: 'usd', metadata: { dealId: item.dealId } },
      { idempotencyKey: `deal-price-${item.dealId}-${item.priceCents}-${product.id}` },
    );
    await this.stripe.products.update(product.id, { default_price: price.id });
    if (item.priceId && item.priceId !== price.id) {
      await this.stripe.prices.update(item.priceId, { active: false });
    }
    return { productId: product.id, priceId: price.id };
  }
}
