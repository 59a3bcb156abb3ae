/**
 * Phone numbers as the chosen language writes them (docs/product/language.md#formats); as stored while no language
 * is chosen, and when the number has another length.
 *   English: '5550000001' → '(555) 000-0001', '15550000001' → '+1 (555) 000-0001'
 *   Chinese: '5550000001' → '555 000 0001',   '15550000001' → '155 5000 0001'
 */
import { chosenLanguage } from '../i18n/languages';

export function formatPhone(phone: string): string {
  const language = chosenLanguage();
  const digits = phone.replace(/\D/g, '');
  if (language === null || digits !== phone.replace(/[\s()+-]/g, '')) return phone;
  const chinese = language === 'zh-CN';
  if (digits.length === 10) {
    const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    return chinese ? `${a} ${b} ${c}` : `(${a}) ${b}-${c}`;
  }
  if (digits.length === 11) {
    if (chinese) return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
    if (digits.startsWith('1')) return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return phone;
}
