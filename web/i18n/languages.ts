/**
 * The languages of the app (docs/product/language.md). With none chosen, each screen speaks the SPEC's language:
 * English for shoppers, Chinese for the admin and a few shopper texts (see spec-default.ts).
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** How each language names itself in the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/**
 * The pseudo-language of the SPEC's mixed texts, used until a language is chosen: English with a private-use tag, so
 * i18next's plural rules (Intl.PluralRules) are English ones, built once. A bare 'spec' is no language tag: each
 * plural then failed to build its rules and fell back, costing a thrown error per plural text.
 */
export const SPEC_LANGUAGE = 'en-x-spec';

/** Where the choice is kept between visits. */
export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen in this browser, or null while none has been. */
export function readChosenLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language chosen, or null while the SPEC's texts are shown; read from storage when the app starts. */
let chosen: Language | null = null;

export function chosenLanguage(): Language | null {
  return chosen;
}

export function setChosenLanguage(language: Language | null): void {
  chosen = language;
}

/** The language in which numbers, money, dates and phone numbers are written: the chosen one, else English. */
export function formatLanguage(): Language {
  return chosen ?? 'en';
}

/** The language the server is asked to answer in: the chosen one, else English, the language of the SPEC's messages. */
export function requestLanguage(): Language {
  return chosen ?? 'en';
}
