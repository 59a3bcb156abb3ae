/** Resolves the caller from a bearer header or the HttpOnly cookie, and offers the role guards. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type Role } from '../../contract/auth';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import type { Viewer } from '../catalog/catalog.service';
import type { Db } from '../db/client';
import { resolveSession, type UserRow } from '../auth/sessions';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for guests. */
    user: UserRow | null;
    /** Hash of the session the request came with. */
    sessionIdHash: string | null;
    viewer: Viewer | null;
  }
}

export function sessionIdFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token && token !== 'null' && token !== 'undefined') return token;
  }
  return request.cookies[SESSION_COOKIE] ?? null;
}

export function registerSession(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('viewer', null);
  // Synchronous for guests (no cookie, no bearer header): most list and page reads touch no database here.
  app.addHook('onRequest', (request, _reply, done) => {
    const sessionId = request.url.startsWith('/api/') ? sessionIdFrom(request) : null;
    if (!sessionId) {
      done();
      return;
    }
    resolveSession(db, sessionId).then((resolved) => {
      if (resolved) {
        request.user = resolved.user;
        request.sessionIdHash = resolved.idHash;
        request.viewer = { role: resolved.user.role, merchantId: resolved.user.merchantId };
      }
      done();
    }, done);
  });
  app.decorateReply('setSessionCookie', function (this: FastifyReply, sessionId: string) {
    this.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: SESSION_IDLE_DAYS * 86_400,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
}

declare module 'fastify' {
  interface FastifyReply {
    setSessionCookie(sessionId: string): void;
    clearSessionCookie(): void;
  }
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Please log in first');
  return request.user;
}

/** The signed-in user with one of the roles, else 401 (guest) or 403 (wrong role). */
export function requireRole(request: FastifyRequest, roles: Role[], message?: string): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden(message ?? 'You do not have permission to do that');
  return user;
}
