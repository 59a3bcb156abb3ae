/**
 * Whole numbers as the app writes them in English ('1,234'). Written out rather than through Intl: the first Intl
 * formatter a page creates loads the browser's locale data, a long pause on a slow phone, and the deal cards and the
 * deal page would pay it right after their first paint.
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A rate in basis points as a percentage with no trailing zeros: 1000 is '10%', 1250 '12.5%', 1234 '12.34%'. */
export function formatBasisPoints(bps: number): string {
  return `${bps / 100}%`;
}
