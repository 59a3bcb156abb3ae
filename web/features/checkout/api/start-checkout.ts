/** POST /api/checkout: starts a payment for a cart or a single deal and sends the browser to the provider's page. */
import { useMutation } from '@tanstack/react-query';
import { checkoutEndpoints } from '../../../../contract/addresses';
import type { CheckoutBody } from '../../../../contract/checkout';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../i18n';
import { track } from '../../../lib/analytics';
import { api } from '../../../lib/api-client';
import { messageOf } from '../../../lib/message-of';
import { goToPaymentPage, useResetOnReturn } from '../payment-page';

export interface StartCheckoutInput {
  body: CheckoutBody;
  /** What the purchase is worth as the screen knows it, for the purchase_initiated event. */
  valueCents: number | null;
}

export function startCheckout(body: CheckoutBody): Promise<{ url: string }> {
  return api(checkoutEndpoints.checkout, { body });
}

function dealIdsOf(body: CheckoutBody): string[] {
  if (body.items) return body.items.map((item) => item.dealId);
  if (body.dealIds) return [...new Set(body.dealIds)];
  return body.dealId ? [body.dealId] : [];
}

function unitsOf(body: CheckoutBody): number {
  if (body.items) return body.items.reduce((sum, item) => sum + item.quantity, 0);
  if (body.dealIds) return body.dealIds.length;
  return 1;
}

/** Starts a checkout; on success the page leaves for the payment page, so the button stays busy until it does. */
export function useStartCheckout() {
  // The refusal's toast is in the checkout texts, at hand before any click.
  const { t } = useT('checkout');
  const mutation = useMutation({
    mutationFn: async ({ body, valueCents }: StartCheckoutInput) => {
      track({ event: 'purchase_initiated', dealIds: dealIdsOf(body), units: unitsOf(body), valueCents });
      const { url } = await startCheckout(body);
      await goToPaymentPage(url);
    },
    onError: (error) => {
      // The server explains refusals (sold out, over the limit); anything else gets the fallback of docs/product/messages.md#deals-favourites-and-cart.
      toast({ title: t('start.errorTitle'), description: messageOf(error, t('start.failed')), variant: 'destructive' });
    },
  });
  useResetOnReturn(mutation.reset);
  return mutation;
}
