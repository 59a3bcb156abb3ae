/** Leaving My Orders for an order's payment page (a module of its own, so a test can stand in for the browser's navigation). */

/** Sends the browser to the payment page; the promise never settles, so the button that asked stays busy while it goes. */
export async function leaveForPaymentPage(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise<never>(() => undefined);
}
