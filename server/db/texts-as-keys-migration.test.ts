/**
 * Migration 0019: the English the redemption log and the ledger stored becomes the keys and values it was rendered
 * from (server/i18n/texts.ts), so both read in their reader's language and in English exactly as before; and every
 * user has a language, English until they use the app in another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, messageOfText, render, renderText } from '../i18n';
import { databaseBefore, type MigrationTestDatabase } from '../test/database';

const TAG = '0019_texts_as_keys';

/** Every reason english() could have written to the redemption log (server/i18n/en.json). */
const REASONS = [
  'No merchantId bound to current account',
  'merchantId does not match your account',
  'Too many failed attempts. Please try again in 45 seconds.',
  'Too many failed attempts. Please try again in 1 minute.',
  'Too many failed attempts. Please try again in 12 minutes.',
  'Voucher not found',
  'This voucher belongs to another merchant',
  'Too many wrong PINs for this voucher. Try again in 1 minute.',
  'Too many wrong PINs for this voucher. Try again in 14 minutes.',
  'Incorrect PIN (1 attempt left)',
  'Incorrect PIN (4 attempts left)',
  'Incorrect PIN. This voucher is locked for 15 minutes.',
  'Voucher already redeemed on Dec 31, 2026',
  'Voucher was refunded',
  'Voucher expired on Mar 5, 2027',
];

/** Every note the ledger's writers stored: refund reasons, the lapsed order's pair, and a payout's week. */
const NOTES: [kind: string, amount: number, note: string][] = [
  ...['customer', 'expiry', 'goodwill', 'admin', 'group', 'sold_out', 'withdrawn', 'group_closed'].map((r): [string, number, string] => ['refund', -100, r]),
  ['reversal', 100, 'goodwill'],
  ['payment', 100, 'paid after the order lapsed'],
  ['refund', -100, 'whole payment returned: the order had lapsed'],
];

describe(`migration ${TAG}`, () => {
  let client: MigrationTestDatabase;

  beforeAll(async () => {
    client = await databaseBefore(TAG);

    const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
    const [merchant] = await client.query<{ id: string }>(`insert into merchants (name, phone) values ('Shop', '5550000100') returning id`);
    const [statement] = await client.query<{ id: string }>(`
      insert into statements (merchant_id, period_start, period_end, commission_bps, gross_cents, commission_cents, refunds_cents, net_cents, line_count)
      values ('${merchant!.id}', '2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z', 1000, 1000, 100, 0, 900, 1) returning id`);
    await client.exec(`
      insert into redemptions (voucher_code, success, reason) values
        ${REASONS.map((reason) => `('ABCD2345', false, ${quote(reason)})`).join(',\n        ')},
        ('ABCD2345', true, null), ('ABCD2345', false, 'Written by hand');
      insert into ledger_entries (kind, amount_cents, provider, note) values
        ${NOTES.map(([kind, amount, note]) => `(${quote(kind)}, ${amount}, 'test', ${quote(note)})`).join(',\n        ')},
        ('payment', 100, 'test', null);
      insert into ledger_entries (kind, amount_cents, provider, statement_id, merchant_id, note)
        values ('payout', -900, 'bank', '${statement!.id}', '${merchant!.id}', 'Statement of the week from 2026-11-16');
      insert into users (phone) values ('5550000101');
    `);
    await client.migrateRest();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('turns every reason of the redemption log into its key, which reads in English as it did', async () => {
    const rows = await client.query<{ reason: string | null }>(`select reason from redemptions order by created_at, id`);
    const stored = rows.map((r) => r.reason);
    expect(stored).toHaveLength(REASONS.length + 2);
    expect(stored).toContain(null);
    expect(stored).toContain('Written by hand');
    const keys = stored.filter((r): r is string => r !== null && r !== 'Written by hand');
    for (const text of keys) expect(messageOfText(text), text).not.toBeNull();
    expect(keys.map((text) => renderText('en', text)).sort()).toEqual([...REASONS].sort());
    expect(keys).toContain('{"key":"redemption.wrongPin","params":{"count":4}}');
    expect(keys).toContain('{"key":"redemption.alreadyRedeemed","params":{"date":{"day":"2026-12-31"}}}');
    expect(keys).toContain('{"key":"redemption.tooManyFailures","params":{"wait":{"key":"wait.seconds","params":{"n":45}}}}');
    // And in Chinese.
    expect(renderText('zh-CN', '{"key":"redemption.wrongPin","params":{"count":4}}')).toBe('PIN 码错误（还剩 4 次机会）');
  });

  it('turns every note of the ledger into its key, and keeps the ledger append-only', async () => {
    const rows = await client.query<{ kind: string; note: string | null }>(`select kind, note from ledger_entries order by seq`);
    const notes = rows.filter((r) => r.note !== null).map((r) => r.note!);
    for (const text of notes) expect(messageOfText(text), text).not.toBeNull();
    expect(notes.map((text) => renderText('en', text))).toEqual([...NOTES.map(([, , note]) => note), 'Statement of the week from 2026-11-16']);
    expect(notes).toContain('{"key":"ledger.refundReason.goodwill"}');
    expect(notes.at(-1)).toBe('{"key":"ledger.payout","params":{"from":"2026-11-16"}}');
    expect(render('zh-CN', messageOfText(notes.at(-1))!)).toBe('2026-11-16 起一周的结算单');
    expect(rows.filter((r) => r.note === null)).toHaveLength(1);
    await expect(client.query(`update ledger_entries set note = null`)).rejects.toThrow(/append-only/);
  });

  it('gives every user English until they use the app in another language', async () => {
    expect(await client.query(`select language from users`)).toEqual([{ language: 'en' }]);
    await expect(client.query(`update users set language = 'fr'`)).rejects.toThrow(/users_language_check/);
    expect(english(messageOfText('{"key":"ledger.refundReason.sold_out"}')!)).toBe('sold_out');
  });
});
