import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOTSTRAP_SECRET_HEADER } from '../../contract/constants';
import { adminAccountEndpoints } from '../../contract/admin';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { forbidden, HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rate-limit';
import { requireRole, requireUser } from '../http/session';
import { bootstrapSuperadmin, promoteByEmail, secretsMatch } from './accounts.service';
import { msg } from '../i18n';
import { say } from '../http/language';

export const adminAccountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const { config } = deps;

    // Outside production only: in production the route does not exist at all (ADR 018).
    if (config.NODE_ENV !== 'production') handle(app, adminAccountEndpoints.bootstrap, async (request, reply) => {
      if (!config.BOOTSTRAP_SECRET) throw forbidden(msg('admin.bootstrapDisabled'));
      await enforceRateLimit(db, `bootstrap:ip:${request.ip}`, 10, 15 * 60);
      const given = request.headers[BOOTSTRAP_SECRET_HEADER];
      if (typeof given !== 'string' || !secretsMatch(given, config.BOOTSTRAP_SECRET)) {
        throw new HttpError(403, msg('admin.bootstrapSecretInvalid'));
      }
      const result = await bootstrapSuperadmin(db, request.body.phone);
      reply.setSessionCookie(result.sessionId);
      return result;
    });

    handle(app, adminAccountEndpoints.checkRole, async (request) => ({
      isSuperAdmin: requireUser(request).role === 'superadmin',
    }));

    handle(
      app,
      adminAccountEndpoints.promote,
      async (request, reply) => {
        const promoted = await promoteByEmail(db, requireUser(request), request.body.email);
        return {
          message: say(reply, msg('admin.promoted')),
          user: { id: promoted.id, phone: promoted.phone, email: promoted.email, role: promoted.role },
        };
      },
      {
        // The role is checked before the body, so nobody but a superadmin learns anything from this route.
        preValidation: async (request) => {
          requireRole(request, ['superadmin'], msg('admin.promoteSuperadminOnly'));
        },
      },
    );
  };
