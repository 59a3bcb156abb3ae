/**
 * The app's texts (docs/product/language.md, ADR 031): i18next with one catalogue per language under locales/, one
 * file per namespace, loaded with the screens that use it. Until a language is chosen the app speaks the SPEC's
 * texts, the pseudo-language SPEC_LANGUAGE: English, with the SPEC's Chinese texts (spec-default.ts) taken from zh-CN.
 */
import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import enCommon from './locales/en/common.json';
import zhCommon from './locales/zh-CN/common.json';
import enDeals from './locales/en/deals.json';
import enCart from './locales/en/cart.json';
import {
  LANGUAGE_STORAGE_KEY,
  SPEC_LANGUAGE,
  chosenLanguage,
  isLanguage,
  readChosenLanguage,
  setChosenLanguage,
  type Language,
} from './languages';
import { hasSpecChinese, isSpecChinese, specCatalogue, type Catalogue } from './spec-default';

export { LANGUAGES, LANGUAGE_NAMES, chosenLanguage, formatLanguage, isLanguage, requestLanguage, type Language } from './languages';

/** The catalogues the first page needs, bundled with it. */
const BUNDLED: Record<string, Catalogue> = { 'en/common': enCommon, 'zh-CN/common': zhCommon, 'en/deals': enDeals, 'en/cart': enCart };

/** Every other catalogue file, fetched on demand. */
const catalogueFiles = import.meta.glob<{ default: Catalogue }>(['./locales/*/*.json', '!./locales/en/common.json', '!./locales/zh-CN/common.json', '!./locales/en/deals.json', '!./locales/en/cart.json']);

async function readCatalogue(language: Language, ns: string): Promise<Catalogue> {
  const bundled = BUNDLED[`${language}/${ns}`];
  if (bundled) return bundled;
  const load = catalogueFiles[`./locales/${language}/${ns}.json`];
  if (!load) throw new Error(`no catalogue ${language}/${ns}`);
  return (await load()).default;
}

async function readNamespace(language: string, ns: string): Promise<Catalogue> {
  if (isLanguage(language)) return readCatalogue(language, ns);
  if (language !== SPEC_LANGUAGE) throw new Error(`no language ${language}`);
  const [en, zh] = await Promise.all([readCatalogue('en', ns), hasSpecChinese(ns) ? readCatalogue('zh-CN', ns) : Promise.resolve({})]);
  return specCatalogue(ns, en, zh);
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, ns: string, callback: ReadCallback) {
    readNamespace(language, ns).then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = chosenLanguage() ?? 'en';
}

/**
 * Starts i18next with the first screen's namespaces at hand, so the first render never waits for a catalogue in the
 * SPEC's texts or English; a Chinese reader's first catalogues are fetched before the app renders.
 */
export function startI18n(bundled: Record<string, Record<string, Catalogue>> = {}): Promise<unknown> {
  setChosenLanguage(readChosenLanguage());
  applyDocumentLanguage();
  const resources: Record<string, Record<string, Catalogue>> = {
    en: { common: enCommon, deals: enDeals, cart: enCart },
    // The first page's namespaces have no Chinese by the SPEC but common's.
    [SPEC_LANGUAGE]: { common: specCatalogue('common', enCommon, zhCommon), deals: enDeals, cart: enCart },
    'zh-CN': { common: zhCommon },
    ...bundled,
  };
  return i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: chosenLanguage() ?? SPEC_LANGUAGE,
      // With the first catalogues bundled, i18next is ready at once and the first render does not wait a turn.
      initAsync: false,
      // Every language's catalogues are complete (catalogues.test.ts), and so are the SPEC's, made from English: a
      // screen reads its namespaces in the one language shown, never a fallback's ('en') or a parent's ('zh').
      load: 'currentOnly',
      fallbackLng: false,
      // The home page's: the frame, the deal list, and Add to Cart on every card.
      ns: ['common', 'deals', 'cart'],
      defaultNS: 'common',
      resources,
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: true },
    });
}

/**
 * The language a text is shown in: the chosen language, else the one the SPEC writes it in (Chinese for the keys of
 * spec-default.ts, English for the rest). The browser's own language plays no part: until a choice is made, every
 * reader gets the SPEC's texts.
 */
export function shownLanguage(ns: string, key: string): Language {
  return chosenLanguage() ?? (isSpecChinese(ns, key) ? 'zh-CN' : 'en');
}

/** Fetches a namespace's catalogue for the current language (a screen's, ahead of its first render); never fails. */
export function loadNamespace(ns: string): Promise<void> {
  return i18next.loadNamespaces(ns).catch(() => undefined);
}

/** A module's code together with its texts' catalogues (a screen's, a dialog's), fetched side by side rather than one after the other. */
export function withTexts<T>(load: () => Promise<T>, ...namespaces: string[]): () => Promise<T> {
  return () => Promise.all([load(), ...namespaces.map(loadNamespace)]).then(([module]) => module);
}

/** Forgets the choice: the SPEC's texts again (for tests, which share one i18next between them). */
export async function forgetLanguage(): Promise<void> {
  try {
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
  setChosenLanguage(null);
  applyDocumentLanguage();
  await i18next.changeLanguage(SPEC_LANGUAGE);
}

/** Chooses a language for every screen and the server's messages, and keeps the choice. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  setChosenLanguage(language);
  applyDocumentLanguage();
  await i18next.changeLanguage(language);
}

/**
 * A namespace's texts for a component: `t` and `langOf(key)`, the language a text is written in (for `lang`
 * attributes where a screen mixes languages). Suspends while the namespace's catalogue loads. Given several
 * namespaces (a dialog's own, then its screen's), `t` reads a key from the first that has it.
 */
export function useT(ns: string | readonly [string, ...string[]]) {
  const namespaces: readonly string[] = typeof ns === 'string' ? [ns] : ns;
  // 'fallback': t looks a key up in each namespace in turn; by default react-i18next reads only the first.
  const { t, i18n } = useTranslation(namespaces, { nsMode: 'fallback' });
  const langOf = (key?: string): Language => {
    if (isLanguage(i18n.language)) return i18n.language;
    const owner = key === undefined ? namespaces[0]! : (namespaces.find((n) => i18n.exists(key, { ns: n })) ?? namespaces[0]!);
    return isSpecChinese(owner, key ?? '*') ? 'zh-CN' : 'en';
  };
  return { t, langOf, i18n };
}

/** Texts outside components (toasts raised by mutations, form checks): namespace-qualified keys, 'admin:deals.title'. */
export const translate = i18next.t.bind(i18next);

export { i18next };
