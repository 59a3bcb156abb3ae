/** The port every payment provider implements: Stripe in production, the built-in test provider elsewhere. */

export interface CatalogItem {
  dealId: string;
  title: string;
  priceCents: number;
  /** Ids from an earlier sync, to update rather than duplicate. */
  productId: string | null;
  priceId: string | null;
}

export interface CatalogIds {
  productId: string;
  priceId: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Creates or updates the product and its current price at the provider. */
  syncCatalogItem(item: CatalogItem): Promise<CatalogIds>;
}
