import type { FastifyInstance } from 'fastify';
import { msg } from '../i18n';
import { requireRole } from './session';

/**
 * Every route of the plugin this is called in needs a superadmin: 401 for guests, 403 for anyone
 * else, checked before the body is even looked at.
 */
export function superadminOnly(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    requireRole(request, ['superadmin'], msg('http.superadminOnly'));
  });
}
