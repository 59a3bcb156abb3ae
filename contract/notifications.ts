/**
 * What users are told (ADR 038, docs/product/api.md#notifications): the bell's list and its unread count, the
 * channels each user chose per topic, and, for superadmins, the sends that failed after every retry.
 */
import { z } from 'zod';
import {
  NOTIFICATION_CHANNEL_VALUES,
  NOTIFICATION_KIND_VALUES,
  NOTIFICATION_PAGE_DEFAULT_LIMIT,
  NOTIFICATION_PAGE_MAX_LIMIT,
  NOTIFICATION_TOPIC_VALUES,
} from './constants';
import { idParams, isoDateTime, pageQuery } from './common';
import { endpoint } from './endpoint';
import { guards } from './refusals';
import { reason } from './reasons';

export const notificationKind = z.enum(NOTIFICATION_KIND_VALUES);
export const notificationTopic = z.enum(NOTIFICATION_TOPIC_VALUES);
export const notificationChannel = z.enum(NOTIFICATION_CHANNEL_VALUES);

/** One notification as the bell shows it, in the caller's language. */
export const notification = z.object({
  id: z.uuid(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** Where in the app it leads (a path such as `/my-vouchers`), or null. */
  link: z.string().nullable(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = z.object({
  items: z.array(notification),
  /** Unread notifications in all, not only on this page. */
  unread: z.number().int(),
  /** The next (older) page's cursor, or null on the last. */
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationQuery = pageQuery(NOTIFICATION_PAGE_MAX_LIMIT, NOTIFICATION_PAGE_DEFAULT_LIMIT);

export const unreadAnswer = z.object({ unread: z.number().int() });

/** POST /api/notifications/read: the ones named, or with no `ids` every one the caller has. */
export const readBody = z.object({ ids: z.array(z.uuid({ message: reason('validation.uuid') })).max(NOTIFICATION_PAGE_MAX_LIMIT).optional() });

/** Per channel, per topic: on or off. */
const topicSwitches = z.object(Object.fromEntries(NOTIFICATION_TOPIC_VALUES.map((t) => [t, z.boolean()])) as Record<(typeof NOTIFICATION_TOPIC_VALUES)[number], z.ZodBoolean>);

export const notificationSettings = z.object({
  sms: topicSwitches,
  email: topicSwitches,
  /** The topics that reach this account (`merchant` only for merchant owners). */
  topics: z.array(notificationTopic),
  /** The phone texts go to, and the verified email, or null: email is sent only to a verified address. */
  phone: z.string(),
  verifiedEmail: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** PUT /api/notifications/settings: the switches to change; those left out stay as they are. */
export const notificationSettingsBody = z.object({
  sms: topicSwitches.partial().optional(),
  email: topicSwitches.partial().optional(),
});
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBody>;

/** A send that failed after every try, as a superadmin sees it. */
export const failedSend = z.object({
  id: z.uuid(),
  notificationId: z.uuid(),
  kind: notificationKind,
  channel: notificationChannel,
  address: z.string(),
  userId: z.uuid(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  /** When it was last tried. */
  updatedAt: isoDateTime,
});
export type FailedSend = z.infer<typeof failedSend>;
export const failedSendPage = z.object({ items: z.array(failedSend), nextCursor: z.string().nullable() });

/** A send after a retry was asked for. */
export const sendState = failedSend.extend({ status: z.enum(['pending', 'sending', 'sent', 'failed']) });

export const failedSendQuery = pageQuery(NOTIFICATION_PAGE_MAX_LIMIT, 50);

export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'The bell: the account\'s notifications, newest first, with the unread count',
    description: 'Signed in, any role. Each in the caller\'s language, with a link into the app. `limit` 1 to 100 (20 unless asked); `cursor` is the previous page\'s `nextCursor`.',
    query: notificationQuery,
    ok: { status: 200, schema: notificationPage, description: 'A page of notifications and the unread count.' },
    refusals: { ...guards(), 400: 'The cursor is not one the server made.' },
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/notifications/unread',
    tag: 'Notifications',
    summary: 'How many of the account\'s notifications are unread',
    description: 'Signed in, any role: the number on the bell.',
    ok: { status: 200, schema: unreadAnswer, description: '`{unread}`.' },
    refusals: guards(),
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    tag: 'Notifications',
    summary: 'Marks notifications read',
    description: 'Signed in. The `ids` given (others\' are ignored), or every notification of the account when none are given. Marking one twice changes nothing.',
    body: readBody,
    ok: { status: 200, schema: unreadAnswer, description: 'The unread count after.' },
    refusals: guards({ write: true }),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/notifications/settings',
    tag: 'Notifications',
    summary: 'What the account receives by SMS and by email, per topic',
    description: 'Signed in. Everything is on until switched off; the bell lists everything whatever the switches.',
    ok: { status: 200, schema: notificationSettings, description: 'The switches and the addresses.' },
    refusals: guards(),
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/notifications/settings',
    tag: 'Notifications',
    summary: 'Switches topics on or off per channel',
    description: 'Signed in. Applies to what happens from then on; messages already on their way are sent.',
    body: notificationSettingsBody,
    ok: { status: 200, schema: notificationSettings, description: 'The switches as they now are.' },
    refusals: guards({ write: true }),
  }),
  failed: endpoint({
    method: 'GET',
    path: '/api/admin/notifications/failed',
    tag: 'Admin: notifications',
    summary: 'Sends that failed after every retry, newest first',
    description: `Superadmins. A send is tried up to five times with a growing wait; the ones still refused are listed here with the last error.`,
    query: failedSendQuery,
    ok: { status: 200, schema: failedSendPage, description: 'A page of failed sends.' },
    refusals: { ...guards({ account: 'a superadmin' }), 400: 'The cursor is not one the server made.' },
  }),
  retryFailed: endpoint({
    method: 'POST',
    path: '/api/admin/notifications/failed/:id/retry',
    tag: 'Admin: notifications',
    summary: 'Sends a failed message again',
    description: 'Superadmins. The send goes back to the outbox and is tried at once; one that is not failed (sent meanwhile, or retried already) is left as it is.',
    params: idParams,
    ok: { status: 200, schema: sendState, description: 'The send as it now stands.' },
    refusals: { ...guards({ account: 'a superadmin', write: true }), 404: 'No send with this id.' },
  }),
};
