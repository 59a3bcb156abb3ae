/**
 * The reason of a 400 validation answer (`field: reason`) in the answer's language. The schemas of contract/ give
 * zod their reasons as keys of the catalogue's `validation` texts with their values (`reason(...)`,
 * contract/reasons.ts), rendered here in the answer's language, English included; zod's own reasons (a check that
 * gives none) are worded by zod's locale. Anything else stays as it came.
 */
import { z } from 'zod';
import { render, type Language } from './index';
import { messageOfText } from './texts';

/** One validation issue as fastify-type-provider-zod hands it over: the zod issue, less path and code, in `params`. */
export interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
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
  const own = messageOfText(reason);
  if (own) return render(language, own);
  if (language === 'en') return reason;
  const locale = zodLocales[language];
  if (!locale) return reason;
  const issue = { ...item.params, code: item.keyword, input, path: [], message: reason } as unknown as LocaleIssue;
  // Only zod's own English reason is zod's to translate; any other stays as it came.
  if (zodText(zodEnglish, issue) !== reason) return reason;
  return zodText(locale, issue) ?? reason;
}
