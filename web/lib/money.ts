/** The one place money is formatted: integer cents in, US dollars out ('$19.99'). */

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}
