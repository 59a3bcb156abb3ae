import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints } from '../../contract/notifications';
import { decodeCursor, type KeysetCursor } from '../db/keyset';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { badRequest, notFound } from '../http/errors';
import { requestLanguage } from '../http/language';
import { requireRole, requireUser } from '../http/session';
import { msg } from '../i18n';
import {
  listFailedSends,
  listNotifications,
  markRead,
  notificationSettings,
  retryFailedSend,
  unreadCount,
  updateNotificationSettings,
} from './notifications.service';

/** A cursor from the query, refused when this server did not make it. */
function cursorOf(raw: string | undefined): KeysetCursor | null {
  if (!raw) return null;
  const cursor = decodeCursor(raw);
  if (!cursor) throw badRequest(msg('http.cursorInvalid'));
  return cursor;
}

/** The bell and the channels, for every signed-in account; failed sends for superadmins (ADR 038). */
export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    handle(app, notificationEndpoints.list, async (request) =>
      listNotifications(db, requireUser(request).id, requestLanguage(request), { limit: request.query.limit, cursor: cursorOf(request.query.cursor) }),
    );

    handle(app, notificationEndpoints.unread, async (request) => ({ unread: await unreadCount(db, requireUser(request).id) }));

    handle(app, notificationEndpoints.read, async (request) => ({ unread: await markRead(db, requireUser(request).id, request.body.ids) }));

    handle(app, notificationEndpoints.settings, async (request) => notificationSettings(requireUser(request)));

    handle(app, notificationEndpoints.updateSettings, async (request) => updateNotificationSettings(db, requireUser(request), request.body));

    handle(app, notificationEndpoints.failed, async (request) => {
      requireRole(request, ['superadmin'], msg('http.superadminOnly'));
      return listFailedSends(db, { limit: request.query.limit, cursor: cursorOf(request.query.cursor) });
    });

    handle(app, notificationEndpoints.retryFailed, async (request) => {
      requireRole(request, ['superadmin'], msg('http.superadminOnly'));
      const send = await retryFailedSend(db, request.params.id);
      if (!send) throw notFound();
      return send;
    });
  };
