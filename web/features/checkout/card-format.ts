/** Card field formatting for the checkout form: what the shopper types, shaped as card forms usually show it. */

const MAX_CARD_DIGITS = 19;

/** Digits only, at most 19, in groups of four: '4242 4242 4242 4242'. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * MM/YY as the shopper types: the slash appears after the month, a lone first digit above 1 becomes '0d/',
 * and deleting the slash also deletes it rather than putting it straight back.
 */
export function formatExpiry(raw: string, previous = ''): string {
  const deleting = raw.length < previous.length;
  let digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Three or four digits. */
export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardholderName: string;
}

/** The fields still empty, in form order (docs/product/screens.md#checkout: all four must be filled in). */
export function missingCardFields(fields: CardFields): Array<keyof CardFields> {
  const order: Array<keyof CardFields> = ['cardNumber', 'expiry', 'cvc', 'cardholderName'];
  return order.filter((key) => fields[key].trim() === '');
}
