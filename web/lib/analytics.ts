/**
 * Analytics events of docs/product/screens.md#analytics (purchase_initiated, purchase_completed, login_required), pushed onto
 * window.dataLayer for whatever tag manager the site owner installs. Nothing is sent from here.
 */
export type AnalyticsEvent =
  | { event: 'purchase_initiated'; dealIds: string[]; units: number; valueCents: number | null }
  | {
      event: 'purchase_completed';
      orderId: string;
      dealId: string;
      dealTitle: string;
      /** The deal's unit price; totalCents is what the whole order cost. */
      priceCents: number;
      totalCents: number;
      voucherCount: number;
    }
  | { event: 'login_required'; reason: 'checkout' | 'purchase' | 'cart' };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function track(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ ...event, at: new Date().toISOString() });
}
