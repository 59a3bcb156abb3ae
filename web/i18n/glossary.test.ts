/**
 * One word per idea (docs/product/language.md#words): no text of the web's or the server's catalogues, in either
 * language, uses a word the glossary rules out; the glossary itself is whole and does not contradict itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCatalogues } from './all-catalogues';
import { parseGlossary, wordsNotToUse } from './glossary';
import { LANGUAGES, type Language } from './languages';
import type { Catalogue } from './spec-default';

const root = path.resolve(import.meta.dirname, '../..');
const glossary = parseGlossary(readFileSync(path.join(root, 'docs/product/language.md'), 'utf8'));

function flatten(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/** Every text of a language: the web's namespaces and the server's catalogue, each named by where it lives. */
function textsOf(language: Language): [string, string][] {
  const web = Object.entries(allCatalogues()[language] ?? {}).flatMap(([ns, catalogue]) => flatten(catalogue, `web ${ns}:`));
  const server = JSON.parse(readFileSync(path.join(root, `server/i18n/${language}.json`), 'utf8')) as Catalogue;
  return [...web, ...flatten(server, 'server:')];
}

describe('the glossary', () => {
  it.each(LANGUAGES)('%s: has words to use and words not to use, and never rules out a word it uses', (language) => {
    const { use, notToUse } = glossary.words[language];
    expect(use.length).toBeGreaterThan(20);
    expect(notToUse.length).toBeGreaterThan(10);
    for (const word of notToUse) expect(use, word).not.toContain(word);
  });

  it('lists the texts the SPEC fixes, each holding a word not to use', () => {
    expect(glossary.fixed.length).toBeGreaterThan(0);
    for (const text of glossary.fixed) {
      const holds = LANGUAGES.some((language) => glossary.words[language].notToUse.some((word) => text.toLowerCase().includes(word.toLowerCase())));
      expect(holds, text).toBe(true);
    }
  });

  it('finds a word not to use, whatever its capitals in English, but not inside a glossary word or a fixed text', () => {
    expect(wordsNotToUse(glossary, 'zh-CN', '前往我的代金券')).toEqual(['代金券', '我的代金券']);
    expect(wordsNotToUse(glossary, 'zh-CN', '查看结算单')).toEqual([]);
    expect(wordsNotToUse(glossary, 'zh-CN', '去结算')).toEqual(['结算']);
    expect(wordsNotToUse(glossary, 'zh-CN', '商户管理')).toEqual([]);
    expect(wordsNotToUse(glossary, 'zh-CN', '编辑商户')).toEqual(['商户']);
    expect(wordsNotToUse(glossary, 'en', 'Add to Favourites')).toEqual(['favourite']);
    expect(wordsNotToUse(glossary, 'en', '{{count}} seats left')).toEqual([]);
    // Placeholders and tags are not words people read.
    expect(wordsNotToUse(glossary, 'en', '<shopper>{{name}}</shopper> bought it')).toEqual([]);
    // Nor are the names of fields a refusal starts with.
    expect(wordsNotToUse(glossary, 'en', 'timeZone: Choose a time zone')).toEqual([]);
    expect(wordsNotToUse(glossary, 'en', 'Revenue')).toEqual([]);
  });
});

describe('the catalogues use the glossary', () => {
  it.each(LANGUAGES)('%s: no text uses a word not to use', (language) => {
    const found = textsOf(language).flatMap(([where, text]) => wordsNotToUse(glossary, language, text).map((word) => `${where} “${text}” uses ${word}`));
    expect(found).toEqual([]);
  });
});
