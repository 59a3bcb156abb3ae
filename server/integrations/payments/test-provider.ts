/** The built-in provider used without Stripe keys (DECISIONS.md D4); it records what it did for tests. */
import type { CatalogIds, CatalogItem, PaymentProvider } from './payment-provider';

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  /** Every catalogue sync, in order. */
  readonly synced: CatalogItem[] = [];

  async syncCatalogItem(item: CatalogItem): Promise<CatalogIds> {
    this.synced.push(item);
    return { productId: `test_prod_${item.dealId}`, priceId: `test_price_${item.dealId}_${item.priceCents}` };
  }
}
