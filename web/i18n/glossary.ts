/**
 * The glossary of docs/product/language.md#words read from its text: for each language the words to use and the
 * words not to use, and the texts the SPEC fixes, which keep their words. For the catalogues' test
 * (glossary.test.ts) and the Chinese screens' journey (e2e/chinese-glossary.spec.ts); the app itself never loads it.
 */
import type { Language } from './languages';

export interface GlossaryWords {
  /** The words the glossary chooses, one idea or several per row. */
  use: string[];
  /** The words it rules out. */
  notToUse: string[];
}

export interface Glossary {
  words: Record<Language, GlossaryWords>;
  /** The SPEC's texts (messages.md, screens.md) that keep a word the glossary rules out. */
  fixed: string[];
}

const HEADINGS: Record<Language, string> = { en: '### English', 'zh-CN': '### 简体中文' };
const FIXED_HEADING = '### Texts the SPEC fixes';

/** The lines of a `###` section, up to the next heading. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`language.md has no section "${heading}"`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('#'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The `quoted` words of a piece of markdown. */
function quoted(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

function tableWords(lines: string[]): GlossaryWords {
  const words: GlossaryWords = { use: [], notToUse: [] };
  for (const line of lines) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const cells = line.split('|').slice(1, -1);
    if (cells.length !== 3 || cells[0]!.trim() === 'idea') continue;
    words.use.push(...quoted(cells[1]!));
    words.notToUse.push(...quoted(cells[2]!));
  }
  return words;
}

/** The glossary written in language.md's "Words" section. */
export function parseGlossary(markdown: string): Glossary {
  return {
    words: { en: tableWords(section(markdown, HEADINGS.en)), 'zh-CN': tableWords(section(markdown, HEADINGS['zh-CN'])) },
    fixed: section(markdown, FIXED_HEADING).flatMap(quoted),
  };
}

/**
 * A text as people read it: without i18next's {{placeholders}}, the <tags> of its rich texts and the names of fields
 * in camelCase (`timeZone: ...`, a refusal naming its field).
 */
function shownText(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<\/?[\w-]+\s*\/?>/g, ' ')
    .replace(/\b[a-z]+[A-Z]\w*/g, ' ');
}

/** Whether a folded text holds a folded word: in English only at the start of a word (`seat` in "seats", not "venue" in "revenue"). */
function holds(language: Language, text: string, word: string): boolean {
  if (language !== 'en') return text.includes(word);
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z])${escaped}`).test(text);
}

/**
 * The words not to use that a text of `language` holds. A word not to use inside a word of the glossary (结算单, the
 * statement, holds 结算) or inside a text the SPEC fixes does not count. English is compared whatever the capitals.
 */
export function wordsNotToUse(glossary: Glossary, language: Language, text: string): string[] {
  const fold = language === 'en' ? (s: string) => s.toLowerCase() : (s: string) => s;
  const { use, notToUse } = glossary.words[language];
  const banned = [...new Set(notToUse.map(fold))];
  // Only the allowed words and texts that hold a word not to use need covering up; longest first.
  const covers = [...use, ...glossary.fixed]
    .map(fold)
    .filter((allowed) => banned.some((word) => allowed.includes(word)))
    .sort((a, b) => b.length - a.length);
  let shown = fold(shownText(text));
  for (const allowed of covers) shown = shown.split(allowed).join(' \u0000 ');
  return banned.filter((word) => holds(language, shown, word));
}
