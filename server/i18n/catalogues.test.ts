/**
 * The server's catalogues are complete (ADR 031): both languages hold the same keys (plural forms aside) with the
 * same placeholders, a `field: ` prefix stays the same, every key the code names exists and every text is named,
 * the schemas give their reasons as keys (contract/reasons.ts), and texts kept as messages come back as they were.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reason } from '../../contract/reasons';
import { CATALOGUES, english, msg, render, type Catalogue, type MessageKey } from './index';
import { messageOfText, renderText, textOfMessage } from './texts';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const FIELD = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*: /;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The placeholders of a text with their formats, e.g. `max, money`. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(CATALOGUES.en);
const zh = flatten(CATALOGUES['zh-CN']);
const base = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL, '')))].sort();

describe('the catalogues', () => {
  it('hold the same keys in both languages, Chinese plurals as _other only', () => {
    expect(base(zh.keys())).toEqual(base(en.keys()));
    for (const key of zh.keys()) if (PLURAL.test(key)) expect(key.endsWith('_other'), `zh-CN ${key}: Chinese has only _other`).toBe(true);
    for (const key of en.keys()) if (PLURAL.test(key)) expect(en.has(key.replace(PLURAL, '_one')) && en.has(key.replace(PLURAL, '_other')), `en ${key}`).toBe(true);
  });

  it('give every text in both languages, with the same placeholders and the same field prefix', () => {
    for (const [key, text] of en) {
      expect(text.trim(), `en ${key}`).not.toBe('');
      const chinese = zh.get(key) ?? zh.get(key.replace(PLURAL, '_other'));
      expect(chinese?.trim(), `zh-CN ${key}`).toBeTruthy();
      expect(placeholders(chinese ?? ''), `placeholders of ${key}`).toEqual(placeholders(text));
      // The app shows a `field: reason` answer under the field it names (web/lib/api-client.ts fieldRefusal).
      expect(FIELD.exec(chinese ?? '')?.[0], `field prefix of ${key}`).toBe(FIELD.exec(text)?.[0]);
    }
  });
});

/** The server's sources, tests included (they name messages too), and contract/'s; or their SQL files. */
function sources(dir: string, extension = '.ts'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' || name === 'migrations' ? [] : sources(file, extension);
    return name.endsWith(extension) ? [file] : [];
  });
}

const root = path.resolve(import.meta.dirname, '../..');
const serverFiles = sources(path.join(root, 'server')).filter((file) => !file.startsWith(path.join(root, 'server/i18n/')));
const contractFiles = sources(path.join(root, 'contract')).filter((file) => !file.endsWith('.test.ts'));
/** The server's own sources, less its tests: they and contract/ give the schemas' reasons. */
const schemaFiles = serverFiles.filter((f) => !/\.(test|suite)\.ts$/.test(f) && !f.startsWith(path.join(root, 'server/test/')));
/**
 * The keys the database writes itself, as the SQL spells them: the ledger triggers' notes (server/orders/sql/), and
 * the stored English a migration turned into keys (server/db/migrations/0019); whole, or a prefix the SQL completes
 * with a value (`"key":"ledger.refundReason.` || reason).
 */
const migrations = path.join(root, 'server/db/migrations');
const sqlKeys = [...sources(path.join(root, 'server'), '.sql'), ...readdirSync(migrations).map((name) => path.join(migrations, name))]
  .filter((file) => file.endsWith('.sql'))
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/"key":"([\w.]+)/g)].map((m) => m[1] ?? ''));
const writtenBySql = (key: string) => sqlKeys.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k));

describe('the keys the code names', () => {
  /** Every key written in a `msg(...)` call (both keys of a `msg(a ? 'x' : 'y')`), and every schema's `reason('...')`. */
  const named = new Map<string, string>();
  for (const file of serverFiles) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\bmsg\(([^(),{]*)/g)) {
      for (const key of (call[1] ?? '').matchAll(/'([\w.]+)'/g)) named.set(key[1] ?? '', path.relative(root, file));
    }
  }
  for (const file of [...contractFiles, ...schemaFiles]) {
    for (const call of readFileSync(file, 'utf8').matchAll(/\breason\('([\w.]+)'/g)) named.set(call[1] ?? '', path.relative(root, file));
  }
  const exists = (key: string) => en.has(key) || en.has(`${key}_one`) || en.has(`${key}_other`);

  it('exist in the catalogues', () => {
    expect([...named].filter(([key]) => !exists(key)).map(([key, file]) => `${file}: ${key}`)).toEqual([]);
  });

  it('name every text of the catalogues (ledger notes by the SQL that writes them)', () => {
    const unnamed = base(en.keys()).filter((key) => !named.has(key) && !writtenBySql(key));
    expect(unnamed).toEqual([]);
  });
});

describe('the reasons the schemas give', () => {
  it('are keys of the validation texts with their values, never English', () => {
    const english: string[] = [];
    let keys = 0;
    for (const file of [...contractFiles, ...schemaFiles]) {
      const text = readFileSync(file, 'utf8');
      keys += [...text.matchAll(/\breason\('validation\./g)].length;
      for (const m of text.matchAll(/\bmessage: ['`]/g)) english.push(`${path.relative(root, file)} at ${m.index}`);
    }
    expect(keys).toBeGreaterThan(50);
    expect(english).toEqual([]);
  });

  it('read in English as they did when they were written there', () => {
    const cases: [string, string][] = [
      [reason('validation.atMostCharacters', { max: 500 }), 'must be at most 500 characters'],
      [reason('validation.between', { max: 90 }), 'must be between -90 and 90'],
      [reason('validation.passwordTooLong', { max: 200 }), 'Password must be at most 200 characters'],
      [reason('validation.smsCode', { length: 6 }), 'Please enter the 6-digit verification code'],
      [reason('validation.required'), 'is required'],
    ];
    for (const [text, expected] of cases) expect(english(messageOfText(text)!)).toBe(expected);
    expect(render('zh-CN', messageOfText(reason('validation.atMostCharacters', { max: 500 }))!)).toBe('最多 500 个字符');
  });
});

describe('texts kept as messages', () => {
  it('come back as the message they were, dates by their day and nested messages in place', () => {
    const day = new Date(2026, 11, 31, 23, 30);
    const wait = msg('redemption.tooManyFailures', { wait: msg('wait.minutes', { n: 3 }) });
    expect(textOfMessage(msg('redemption.wrongPin', { count: 4 }))).toBe('{"key":"redemption.wrongPin","params":{"count":4}}');
    expect(textOfMessage(msg('redemption.refunded'))).toBe('{"key":"redemption.refunded"}');
    expect(renderText('en', textOfMessage(wait))).toBe(english(wait));
    expect(renderText('zh-CN', textOfMessage(wait))).toBe(render('zh-CN', wait));
    expect(renderText('en', textOfMessage(msg('redemption.expired', { date: day })))).toBe('Voucher expired on Dec 31, 2026');
    expect(renderText('zh-CN', textOfMessage(msg('redemption.expired', { date: day })))).toBe('该券已于 2026年12月31日过期');
  });

  it('leave any other text as it is', () => {
    for (const text of ['customer', 'Incorrect PIN (4 attempts left)', '{"key":"no.such.key"}', '{"key":"redemption.refunded","extra":1}', '{"key":']) {
      expect(renderText('zh-CN', text)).toBe(text);
    }
    expect(renderText('en', null)).toBeNull();
  });
});

describe('rendering', () => {
  it('puts values, plurals, money, days and nested messages in place in each language', () => {
    expect(english(msg('checkout.soldOut', { title: 'Kayak Tour' }))).toBe('"Kayak Tour" is sold out');
    expect(render('zh-CN', msg('checkout.soldOut', { title: 'Kayak Tour' }))).toBe('“Kayak Tour”已售罄');
    expect(english(msg('redemption.wrongPin', { count: 1 }))).toBe('Incorrect PIN (1 attempt left)');
    expect(english(msg('redemption.wrongPin', { count: 2 }))).toBe('Incorrect PIN (2 attempts left)');
    expect(render('zh-CN', msg('redemption.wrongPin', { count: 1 }))).toBe('PIN 码错误（还剩 1 次机会）');
    expect(english(msg('checkout.overMaxTotal', { max: 99_999_999 }))).toBe('A checkout can total at most $999,999.99');
    expect(render('zh-CN', msg('checkout.overMaxTotal', { max: 99_999_999 }))).toBe('一次结账的总额最多为 US$999,999.99');
    expect(english(msg('story.paid', { total: 123_450, provider: 'test' }))).toBe('Paid $1234.50 through the test provider.');
    const day = new Date(2026, 11, 31, 12);
    expect(english(msg('redemption.expired', { date: day }))).toBe('Voucher expired on Dec 31, 2026');
    expect(render('zh-CN', msg('redemption.expired', { date: day }))).toBe('该券已于 2026年12月31日过期');
    const wait = msg('http.tooManyAttempts', { wait: msg('wait.minutes', { n: 3 }) });
    expect(english(wait)).toBe('Too many attempts. Please try again in 3 minutes.');
    expect(render('zh-CN', wait)).toBe('尝试次数过多，请在 3 分钟后重试。');
  });

  it('takes a value as it is, never as more placeholders or keys', () => {
    for (const title of ['{{title}}', '$t(http.notFound)', '<b>&amp;</b>']) {
      expect(english(msg('checkout.soldOut', { title }))).toBe(`"${title}" is sold out`);
    }
  });

  it('knows every key it is asked for by type', () => {
    // A key outside the catalogue does not compile; at run time it would come back as itself.
    const key: MessageKey = 'http.notFound';
    expect(english(msg(key))).toBe('Not found');
  });
});
