/** Leaving for the payment page, as every purchase does: Buy Now, the cart's checkout, and starting or joining a group. */
import { useEffect } from 'react';
import { useT } from '../../i18n';

/**
 * Sends the browser to the payment page the server answered. The promise never settles, so the mutation that called
 * it stays pending (its button busy) while the browser navigates away, and nobody starts a second checkout.
 */
export async function goToPaymentPage(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => undefined);
}

/**
 * Coming back from the payment page with the browser's Back button can restore the page as it was left (busy); `reset`
 * makes its button usable again. Also makes sure the checkout texts (the refusals' fallback) are at hand.
 */
export function useResetOnReturn(reset: () => void): void {
  // Every purchase action comes through here: the checkout texts its refusals read (checkout:start.failed) are loaded with it.
  useT('checkout');
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
}
