/**
 * The bell, the channels each user chose, and the failed sends (ADR 038). The notifications themselves are
 * written by triggers in the events' transactions (server/notifications/sql/) and sent by sender.ts.
 */
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_CHANNEL_VALUES,
  NOTIFICATION_TOPIC_VALUES,
  type NotificationChannel,
  type NotificationTopic,
} from '../../contract/constants';
import type { FailedSend, Notification, NotificationPage, NotificationSettings, NotificationSettingsBody } from '../../contract/notifications';
import type { Db } from '../db/client';
import { afterNewest, cursorTime, encodeCursor, pageOf, type KeysetCursor } from '../db/keyset';
import { notificationDeliveries, notifications, users } from '../db/schema';
import type { UserRow } from '../http/session-lookup';
import type { Language } from '../i18n';
import { wordsOf } from './texts';

/** The outbox's sender, for the servers' job (server/jobs/). */
export { sendAllDueNotifications, sendDueNotifications } from './sender';

/** One page of a user's notifications, newest first, in `language`, with the unread count. */
export async function listNotifications(
  db: Db,
  userId: string,
  language: Language,
  params: { limit: number; cursor: KeysetCursor | null },
): Promise<NotificationPage> {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (params.cursor) conditions.push(afterNewest(notifications.createdAt, notifications.id, params.cursor));
  const rows = await db
    .select({ n: notifications, cursorTime: cursorTime(notifications.createdAt) })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit + 1);
  const page = pageOf(rows, params.limit, (last) => encodeCursor({ createdAt: last.cursorTime, id: last.n.id }));
  return {
    items: page.rows.map(({ n }): Notification => ({
      id: n.id,
      kind: n.kind,
      ...wordsOf(n, language),
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    unread: await unreadCount(db, userId),
    nextCursor: page.nextCursor,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the user's notifications read: those of `ids` (anyone else's are left alone), or all. */
export async function markRead(db: Db, userId: string, ids: string[] | undefined): Promise<number> {
  const conditions: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) {
    if (ids.length === 0) return unreadCount(db, userId);
    conditions.push(inArray(notifications.id, ids));
  }
  await db.update(notifications).set({ readAt: sql`now()` }).where(and(...conditions));
  return unreadCount(db, userId);
}

/** The topics that reach an account: the merchant's only its owners. */
function topicsOf(user: UserRow): NotificationTopic[] {
  return NOTIFICATION_TOPIC_VALUES.filter((t) => t !== 'merchant' || user.merchantRole === 'owner');
}

function settingsOf(user: UserRow): NotificationSettings {
  const switches = (channel: NotificationChannel) =>
    Object.fromEntries(NOTIFICATION_TOPIC_VALUES.map((t) => [t, !user.notificationOptOuts.includes(`${channel}:${t}`)])) as Record<NotificationTopic, boolean>;
  return { sms: switches('sms'), email: switches('email'), topics: topicsOf(user), phone: user.phone, verifiedEmail: user.email };
}

export function notificationSettings(user: UserRow): NotificationSettings {
  return settingsOf(user);
}

/** Switches topics per channel; the ones not named stay as they were. */
export async function updateNotificationSettings(db: Db, user: UserRow, body: NotificationSettingsBody): Promise<NotificationSettings> {
  const optOuts = new Set(user.notificationOptOuts);
  for (const channel of NOTIFICATION_CHANNEL_VALUES) {
    for (const [topic, on] of Object.entries(body[channel] ?? {})) {
      if (on) optOuts.delete(`${channel}:${topic}`);
      else optOuts.add(`${channel}:${topic}`);
    }
  }
  const [updated] = await db
    .update(users)
    .set({ notificationOptOuts: [...optOuts].sort(), updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return settingsOf(updated ?? user);
}

const failedColumns = {
  id: notificationDeliveries.id,
  notificationId: notificationDeliveries.notificationId,
  kind: notifications.kind,
  channel: notificationDeliveries.channel,
  address: notificationDeliveries.address,
  userId: notifications.userId,
  attempts: notificationDeliveries.attempts,
  lastError: notificationDeliveries.lastError,
  createdAt: notificationDeliveries.createdAt,
  updatedAt: notificationDeliveries.updatedAt,
  status: notificationDeliveries.status,
};

type FailedRow = { createdAt: Date; updatedAt: Date } & Omit<FailedSend, 'createdAt' | 'updatedAt'>;

function presentFailed<T extends FailedRow>(row: T): Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string } {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The sends that failed after every try, newest first. */
export async function listFailedSends(db: Db, params: { limit: number; cursor: KeysetCursor | null }): Promise<{ items: FailedSend[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(notificationDeliveries.status, 'failed')];
  if (params.cursor) conditions.push(afterNewest(notificationDeliveries.createdAt, notificationDeliveries.id, params.cursor));
  const rows = await db
    .select({ ...failedColumns, cursorTime: cursorTime(notificationDeliveries.createdAt) })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(and(...conditions))
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(params.limit + 1);
  const page = pageOf(rows, params.limit, (last) => encodeCursor({ createdAt: last.cursorTime, id: last.id }));
  return { items: page.rows.map(({ cursorTime: _, status: __, ...row }) => presentFailed(row)), nextCursor: page.nextCursor };
}

/** Puts a failed send back in the outbox, due now; anything not failed is answered as it stands. Null: no such send. */
export async function retryFailedSend(db: Db, id: string) {
  await db
    .update(notificationDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(notificationDeliveries.id, id), eq(notificationDeliveries.status, 'failed')));
  const [row] = await db
    .select(failedColumns)
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notificationDeliveries.id, id));
  return row ? presentFailed(row) : null;
}
