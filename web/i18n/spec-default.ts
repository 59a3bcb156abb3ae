/**
 * The texts that the SPEC writes in Chinese, shown in Chinese while no language is chosen (docs/product/language.md).
 * Each namespace lists key prefixes: 'register.' covers every key under register, '*' the whole namespace.
 * Every other text shows in English until a language is chosen.
 */
export const SPEC_CHINESE: Readonly<Record<string, readonly string[]>> = {
  common: ['nav.personalCenter'],
  deals: [],
  favorites: [],
  groups: [],
  stores: [],
  misc: [],
  auth: ['register.'],
  cart: [],
  checkout: ['payToasts.missingTitle', 'payToasts.paidTitle', 'payToasts.failedTitle'],
  orders: [],
  vouchers: [],
  profile: [],
  merchant: [],
  merchantDeal: [],
  statements: [],
  money: [],
  notifications: [],
  admin: [
    'access.',
    'catalog.',
    'merchantsPage.',
    'merchantStatus.',
    'merchantRow.',
    'hoursPeriods.',
    'dealsPage.',
    'dealState.',
    'dealActions.',
    'dealRow.',
    'reviewQueue.',
    'transactionsPage.failed.',
  ],
  adminAccounts: ['promotePage.'],
  adminForms: ['merchantForm.', 'loginInfo.', 'dealForm.', 'deleteDeal.', 'rejectDeal.'],
};

/** Whether the SPEC writes this key of this namespace in Chinese. */
export function isSpecChinese(ns: string, key: string): boolean {
  const prefixes = SPEC_CHINESE[ns] ?? [];
  return prefixes.some((prefix) => prefix === '*' || key === prefix || (prefix.endsWith('.') && key.startsWith(prefix)));
}

const PLURAL_ONE = /_one$/;

export type Catalogue = { [key: string]: string | Catalogue };

/** The SPEC's texts of a namespace: the English catalogue with its Chinese keys taken from the Chinese one. */
export function specCatalogue(ns: string, en: Catalogue, zh: Catalogue, prefix = ''): Catalogue {
  const merged: Catalogue = {};
  for (const [key, value] of Object.entries(en)) {
    const path = prefix + key;
    const chinese = zh[key];
    if (typeof value === 'string') {
      // Chinese has no singular: an English '_one' form takes the Chinese '_other'.
      const chineseText = chinese ?? (PLURAL_ONE.test(key) ? zh[key.replace(PLURAL_ONE, '_other')] : undefined);
      merged[key] = isSpecChinese(ns, path) && typeof chineseText === 'string' ? chineseText : value;
    } else {
      merged[key] = specCatalogue(ns, value, typeof chinese === 'object' ? chinese : {}, `${path}.`);
    }
  }
  return merged;
}

/** Whether any text of the namespace is Chinese by the SPEC (its Chinese catalogue is then needed too). */
export function hasSpecChinese(ns: string): boolean {
  return (SPEC_CHINESE[ns] ?? []).length > 0;
}
