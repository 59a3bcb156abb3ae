/**
 * The one place money is formatted: integer cents in, US dollars out, as the language writes them
 * (docs/product/language.md#formats): '$1,234.50' in English, 'US$1,234.50' in Chinese.
 */
import { formatLanguage } from '../i18n/languages';
import { formatCount } from './numbers';

export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  const rest = String(whole % 100).padStart(2, '0');
  return `${sign}${formatLanguage() === 'zh-CN' ? 'US$' : '$'}${formatCount(Math.floor(whole / 100))}.${rest}`;
}
