/** Every catalogue at once, for tests and tools: `{ language: { namespace: catalogue } }`, the SPEC's texts included. */
import { LANGUAGES, SPEC_LANGUAGE } from './languages';
import { specCatalogue, type Catalogue } from './spec-default';

const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

export function allCatalogues(): Record<string, Record<string, Catalogue>> {
  const byLanguage: Record<string, Record<string, Catalogue>> = {};
  for (const [file, catalogue] of Object.entries(files)) {
    const [, language, ns] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!language || !ns) continue;
    (byLanguage[language] ??= {})[ns] = catalogue;
  }
  const spec: Record<string, Catalogue> = {};
  for (const [ns, en] of Object.entries(byLanguage.en ?? {})) spec[ns] = specCatalogue(ns, en, byLanguage['zh-CN']?.[ns] ?? {});
  byLanguage[SPEC_LANGUAGE] = spec;
  for (const language of LANGUAGES) byLanguage[language] ??= {};
  return byLanguage;
}
