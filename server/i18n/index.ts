/**
 * The server's messages (docs/product/language.md#the-servers-messages, ADR 031): one catalogue per language,
 * en.json and zh-CN.json, read by an i18next instance of the server's own. Code names a message by its key and
 * values (`msg`); the answer renders it in the request's language, logs and `Error.message` in English.
 */
import i18next from 'i18next';
import { format as formatDate } from 'date-fns';
import en from './en.json';
import zhCN from './zh-CN.json';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The catalogues as they are read, by language; tests compare them. */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, 'zh-CN': zhCN };

export type Catalogue = { [key: string]: string | Catalogue };

/** Every text's dotted path in a catalogue. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural's forms are named by the one key (`_one`, `_other` are i18next's, chosen by `count`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A key of the English catalogue, which every language has (server/i18n/catalogues.test.ts). */
export type MessageKey = PluralBase<Leaves<typeof en>>;

/** What a message names: a number, a text, a date (`{{date, day}}`), or another message, rendered in the same language. */
export type MessageValue = string | number | Date | Message;

/** A message of the catalogue and the values it names. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, MessageValue>>;
}

/** The message `key` with its values, e.g. `msg('checkout.soldOut', { title })`. */
export function msg(key: MessageKey, params?: Record<string, MessageValue>): Message {
  return params ? { key, params } : { key };
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && typeof (value as Message).key === 'string';
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: 'en',
  fallbackLng: 'en',
  // The catalogues are at hand: init and t are synchronous.
  initAsync: false,
  // Answers are JSON, never HTML; values (a deal's title, say) are never read as more placeholders.
  interpolation: { escapeValue: false, skipOnVariables: true },
});

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** `{{cents, money}}`: US dollars in the language's form ($1,234.50, US$1,234.50); `money(useGrouping: false)` without separators. */
i18n.services.formatter?.add('money', (value: unknown, lng: string | undefined, options: { useGrouping?: boolean }) => {
  const grouping = options.useGrouping !== false;
  const locale = lng === 'zh-CN' ? 'zh-CN' : 'en-US';
  const cacheKey = `${locale}:${grouping}`;
  let format = moneyFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', useGrouping: grouping });
    moneyFormats.set(cacheKey, format);
  }
  return format.format(Number(value) / 100);
});
/** `{{date, day}}`: a calendar day in the server's time zone (Dec 31, 2026 / 2026年12月31日). */
i18n.services.formatter?.add('day', (value: unknown, lng: string | undefined) =>
  formatDate(value as Date, lng === 'zh-CN' ? 'yyyy年M月d日' : 'MMM d, yyyy'),
);

/** The message in `language`, its values in place. */
export function render(language: Language, message: Message): string {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) values[name] = isMessage(value) ? render(language, value) : value;
  return i18n.t(message.key, { ...values, lng: language }) as string;
}

/** The message in English, as logs and `Error.message` carry it. */
export function english(message: Message): string {
  return render('en', message);
}

/**
 * The language to answer in: the first of Accept-Language the server knows, by its q-values (`zh` and any `zh-*`
 * are Chinese, `en` and any `en-*` English), else English, as without the header.
 */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';').map((p) => p.trim());
      const q = parameters.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag !== '' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** Messages kept as text, to store and show later in the reader's language (texts.ts). */
export { messageOfText, renderText, textOfMessage } from './texts';
