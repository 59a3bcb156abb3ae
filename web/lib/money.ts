/** The one place money is formatted: integer cents in, US dollars out ('$19.99', '$1,234.50'), as en-US writes them. */
import { formatCount } from './numbers';

export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  const rest = String(whole % 100).padStart(2, '0');
  return `${sign}$${formatCount(Math.floor(whole / 100))}.${rest}`;
}
