/**
 * Both languages are complete (docs/product/language.md#the-catalogues): the same keys in every namespace (plural
 * forms aside), the same placeholders in each pair of texts, no empty text, and every key the code names exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCatalogues } from './all-catalogues';
import { SPEC_CHINESE } from './spec-default';
import type { Catalogue } from './spec-default';

const catalogues = allCatalogues();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const VOID_ELEMENTS = ['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr'];

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const namespaces = [...new Set([...Object.keys(catalogues.en ?? {}), ...Object.keys(catalogues['zh-CN'] ?? {})])].sort();

describe('the catalogues', () => {
  it('have the same namespaces in both languages, each named in spec-default.ts', () => {
    expect(Object.keys(catalogues['zh-CN'] ?? {}).sort()).toEqual(Object.keys(catalogues.en ?? {}).sort());
    for (const ns of namespaces) expect(Object.keys(SPEC_CHINESE), ns).toContain(ns);
  });

  it.each(namespaces)('%s: every key in both languages, with the same placeholders, none empty', (ns) => {
    const en = flatten(catalogues.en?.[ns] ?? {});
    const zh = flatten(catalogues['zh-CN']?.[ns] ?? {});
    const base = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();
    expect(base(zh.keys()), `${ns}: keys of zh-CN against en`).toEqual(base(en.keys()));
    for (const [key, text] of en) {
      expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
      const chinese = zh.get(key) ?? zh.get(key.replace(PLURAL, '_other'));
      expect(chinese?.trim(), `zh-CN ${ns}:${key}`).toBeTruthy();
      // A plural's placeholders are compared form by form (an English '_one' may spell the count out).
      if (!PLURAL.test(key)) expect(placeholders(chinese ?? ''), `placeholders of ${ns}:${key}`).toEqual(placeholders(text));
    }
    for (const key of zh.keys()) if (PLURAL.test(key)) expect(key.endsWith('_other'), `zh-CN ${ns}:${key}: Chinese has only _other`).toBe(true);
    // <Trans> reads its tags as HTML: a void element's name (<link>, <img>...) would lose the words it wraps.
    for (const [key, text] of [...en, ...zh]) {
      for (const [, tag] of text.matchAll(/<([a-zA-Z][\w-]*)>/g)) expect(VOID_ELEMENTS, `${ns}:${key}: <${tag}>`).not.toContain(tag?.toLowerCase());
    }
  });
});

/** The web sources, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'i18n' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the keys the code names', () => {
  const webRoot = path.resolve(import.meta.dirname, '..');
  const known = new Map(namespaces.map((ns) => [ns, flatten(catalogues.en?.[ns] ?? {})]));
  const exists = (ns: string, key: string) => {
    const keys = known.get(ns);
    return keys !== undefined && (keys.has(key) || keys.has(`${key}_one`) || keys.has(`${key}_other`) || [...keys.keys()].some((k) => k.startsWith(`${key}.`)));
  };

  it('exist in the catalogues', () => {
    const missing: string[] = [];
    for (const file of sources(webRoot)) {
      const text = readFileSync(file, 'utf8');
      // The namespaces the file's components read: useT('ns') and useT(['ns', 'other']).
      const own = new Set<string>();
      for (const call of text.matchAll(/useT\((\[[^\]]*\]|'[\w-]+')\)/g)) for (const [, ns] of (call[1] ?? '').matchAll(/'([\w-]+)'/g)) own.add(ns ?? '');
      // t('key') in a component, found in one of the file's namespaces; 'ns:key' anywhere (translate, t, i18nKey).
      for (const match of text.matchAll(/\b(?:t|translate|i18nKey=)\(?'([\w-]+:)?([\w.]+)'/g)) {
        const named = match[1]?.slice(0, -1);
        const key = match[2] ?? '';
        const candidates = named !== undefined ? [named] : [...own];
        if (candidates.length === 0) continue;
        if (!candidates.some((ns) => exists(ns, key))) missing.push(`${path.relative(webRoot, file)}: ${candidates.join('|')}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
