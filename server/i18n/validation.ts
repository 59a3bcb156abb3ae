/**
 * The reason of a 400 validation answer (`field: reason`) in the answer's language. The schemas in contract/ are
 * shared with the web app and write their reasons in English; in another language a reason is found again in the
 * catalogue's `validation` texts (numbers in place), and zod's own reasons (a schema that gives none) come from
 * zod's locale. A reason found in neither stays English.
 */
import { z } from 'zod';
import { CATALOGUES, render, type Language, type Message, type MessageKey } from './index';

/** One validation issue as fastify-type-provider-zod hands it over: the zod issue, less path and code, in `params`. */
export interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const NUMBER = '(-?\\d[\\d,.]*)';
const PLACEHOLDER = /\{\{\s*(\w+)[^}]*\}\}/g;

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

/** The English `validation` texts as patterns, each placeholder standing for a number. */
const TEMPLATES: readonly Template[] = Object.entries(CATALOGUES.en.validation as Record<string, string>).map(([name, text]) => {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(text.slice(last, match.index)) + NUMBER;
    names.push(match[1] ?? '');
    last = match.index + match[0].length;
  }
  source += escapeRegExp(text.slice(last));
  return { key: `validation.${name}` as MessageKey, pattern: new RegExp(`^${source}$`), names };
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The catalogue's message for an English reason of contract/, or null. */
export function validationMessageOf(reason: string): Message | null {
  for (const { key, pattern, names } of TEMPLATES) {
    const found = pattern.exec(reason);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = found[i + 1] ?? ''));
    return { key, params };
  }
  return null;
}

const zodEnglish = z.locales.en().localeError;
const zodLocales: Partial<Record<Language, typeof zodEnglish>> = { 'zh-CN': z.locales.zhCN().localeError };

type LocaleIssue = Parameters<typeof zodEnglish>[0];

/** zod's text for the issue in the locale, or undefined. */
function zodText(locale: typeof zodEnglish, issue: LocaleIssue): string | undefined {
  const text = locale(issue);
  return typeof text === 'string' ? text : text?.message;
}

/**
 * The item's reason in `language`. `input` is the value the issue is about (the request's, at the item's path):
 * zod's locales name its type ("received number"), which the issue no longer carries.
 */
export function validationReason(language: Language, item: ValidationItem, input: unknown): string {
  const reason = item.message ?? '';
  if (language === 'en') return reason;
  const own = validationMessageOf(reason);
  if (own) return render(language, own);
  const locale = zodLocales[language];
  if (!locale) return reason;
  const issue = { ...item.params, code: item.keyword, input, path: [], message: reason } as unknown as LocaleIssue;
  // Only zod's own English reason is zod's to translate; any other stays as the schema wrote it.
  if (zodText(zodEnglish, issue) !== reason) return reason;
  return zodText(locale, issue) ?? reason;
}
