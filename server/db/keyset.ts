/**
 * Keyset paging, for every paged list of the server (ADR 017, 030): a page is the rows past a position
 * in a fixed order with a unique last key (the id), read with one row more than the page holds, so a
 * page costs the same however far down it is and a row added meanwhile neither repeats nor hides one.
 * A position travels as an opaque cursor; the wire formats are written here, and never change, so a
 * cursor a client holds stays good:
 * - a time and an id (most lists): base64url of `<time>|<uuid>`, the time in UTC with microseconds;
 * - a list's own parts (the deal list's orders, server/catalog/deal-list.ts): base64url of the parts
 *   joined by `|`, read back with `decodeParts`;
 * - a sequence number (the money ledger): its decimal text.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A position by time and id: the time the page is ordered by as PostgreSQL keeps it (microseconds,
 * which a JS Date would lose, so rows within one millisecond still page correctly) and the id. The
 * time is the creation time, or another the list is ordered by (the review queue's submission time).
 */
export interface KeysetCursor {
  createdAt: string;
  id: string;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{1,6}Z$/;

/** A time of a row as cursor text, in UTC with microseconds. */
export const cursorTime = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Whether the text is a time as `cursorTime` writes it, within years 1970-9999. */
export function isCursorTime(text: string): boolean {
  const match = CURSOR_TIME.exec(text);
  const year = match ? Number(match[1]) : 0;
  return year >= 1970 && year <= 9999 && !Number.isNaN(Date.parse(text));
}

/** A cursor of several parts: base64url of the parts joined by `|`. */
export function encodeParts(parts: readonly string[]): string {
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/** The parts of a cursor `encodeParts` made (anything else reads as parts that the caller's checks refuse). */
export function decodeParts(raw: string): string[] {
  return Buffer.from(raw, 'base64url').toString('utf8').split('|');
}

export function encodeCursor(c: KeysetCursor): string {
  return encodeParts([c.createdAt, c.id]);
}

/** Null for anything that is not a cursor this server made. */
export function decodeCursor(raw: string): KeysetCursor | null {
  const [createdAt, id, ...rest] = decodeParts(raw);
  if (rest.length > 0 || !createdAt || !id || !UUID.test(id)) return null;
  return isCursorTime(createdAt) ? { createdAt, id } : null;
}

/** A position by time and id, or a prepared statement's placeholders for one. */
type Position = { createdAt: string | Placeholder; id: string | Placeholder };

/** The rows past a position in a newest-first order on (time, id). */
export function afterNewest(time: SQL | AnyPgColumn, id: AnyPgColumn, c: Position): SQL {
  return sql`(${time}, ${id}) < (${c.createdAt}::timestamptz, ${c.id}::uuid)`;
}

/** The rows past a position in an oldest-first order on (time, id). */
export function afterOldest(time: SQL | AnyPgColumn, id: AnyPgColumn, c: Position): SQL {
  return sql`(${time}, ${id}) > (${c.createdAt}::timestamptz, ${c.id}::uuid)`;
}

/** A position by a sequence number (the ledger's `seq`): its decimal text. */
export const encodeSeqCursor = (seq: number): string => String(seq);

/** Null for anything that is not a sequence number's cursor. */
export function decodeSeqCursor(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/**
 * Cuts a page from rows read with one more than `limit`: the first `limit` rows, and the cursor of
 * the last of them when the extra row came (there is a next page), else null.
 */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { rows: T[]; nextCursor: string | null } {
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
