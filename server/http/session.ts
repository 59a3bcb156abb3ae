/** Resolves the caller from a bearer header or the HttpOnly cookie, and offers the role guards. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type Role } from '../../contract/auth';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/common';
import { SESSION_IDLE_DAYS } from '../../contract/constants';
import type { Db } from '../db/client';
import { resolveSession, type UserRow } from './session-lookup';
import { msg, type Message } from '../i18n';
import { forbidden, HttpError, unauthorized } from './errors';

/** Who is asking, as far as reads that depend on the role (the catalogue's) care. */
export interface Viewer {
  role: 'customer' | 'merchant' | 'superadmin';
  merchantId: string | null;
  /** A merchant account's standing: the owner sees its unpublished deals; staff, who only redeem, see what shoppers see. */
  merchantRole: 'owner' | 'staff' | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for guests. */
    user: UserRow | null;
    /** True for a write that carried the session cookie but did not come from this site's pages. */
    crossSiteCookie: boolean;
    /** Hash of the session the request came with. */
    sessionIdHash: string | null;
    viewer: Viewer | null;
  }
}

/** The session id a request carries, and whether it came as a bearer header or as the cookie. */
export function sessionFrom(request: FastifyRequest): { id: string; byCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token && token !== 'null' && token !== 'undefined') return { id: token, byCookie: false };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { id: cookie, byCookie: true } : null;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a state-changing request comes from the app's own pages: the browser says so
 * (`Sec-Fetch-Site: same-origin`) or its `Origin` is this server's. A cookie rides along with
 * requests that other sites make a browser send; a bearer header never does, so only
 * cookie-authenticated calls need this.
 */
function fromOwnPages(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  return origin !== undefined && (origin === publicOrigin || origin === `${request.protocol}://${request.host}`);
}

/**
 * What an account still on a password it did not choose (generated, or set by an admin) may do:
 * read who it is, set its own password, and log out. Everything else is refused until then.
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['GET /api/auth/user', 'PUT /api/auth/password', 'POST /api/auth/logout']);

const passwordChangeRequired = () =>
  new HttpError(403, msg('http.passwordChangeRequired'), { code: PASSWORD_CHANGE_REQUIRED });

export function registerSession(app: FastifyInstance, db: Db, options: { secureCookies: boolean; publicOrigin: string }): void {
  const { secureCookies, publicOrigin } = options;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionIdHash', null);
  app.decorateRequest('viewer', null);
  app.decorateRequest('crossSiteCookie', false);
  // Synchronous for guests (no cookie, no bearer header): most list and page reads touch no database here.
  app.addHook('onRequest', (request, _reply, done) => {
    const session = request.url.startsWith('/api/') ? sessionFrom(request) : null;
    if (!session) {
      done();
      return;
    }
    // Another site's page can make a browser send the cookie, so a write carrying only the cookie is
    // signed in by it only when it comes from this site's own pages; otherwise it runs as a guest's,
    // and anything that needs the account refuses it (requireUser).
    if (session.byCookie && !READ_METHODS.has(request.method) && !fromOwnPages(request, publicOrigin)) {
      request.crossSiteCookie = true;
      done();
      return;
    }
    resolveSession(db, session.id).then((resolved) => {
      if (resolved) {
        request.user = resolved.user;
        request.sessionIdHash = resolved.idHash;
        request.viewer = { role: resolved.user.role, merchantId: resolved.user.merchantId, merchantRole: resolved.user.merchantRole };
        if (resolved.user.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
          done(passwordChangeRequired());
          return;
        }
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
  if (!request.user) throw request.crossSiteCookie ? forbidden(msg('http.crossSite')) : unauthorized(msg('http.logInFirst'));
  return request.user;
}

/** The signed-in user with one of the roles, else 401 (guest) or 403 (wrong role). */
export function requireRole(request: FastifyRequest, roles: Role[], message?: Message): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden(message ?? msg('http.noPermission'));
  return user;
}

/** A merchant account and the merchant it acts for, always taken from the session (ADR 010, ADR 028). */
export interface MerchantActor {
  user: UserRow;
  merchantId: string;
  merchantRole: 'owner' | 'staff';
}

/**
 * The signed-in merchant account, else 401 (guest) or 403 (any other role, or a staff account asking
 * for what only the owner may do). Staff may redeem and read the log; everything else of the
 * merchant's workspace is the owner's.
 */
export function requireMerchant(request: FastifyRequest, needs: 'owner' | 'staff' = 'owner'): MerchantActor {
  const user = requireRole(request, ['merchant'], msg('http.merchantOnly'));
  if (!user.merchantId || !user.merchantRole) throw forbidden(msg('http.noMerchant'));
  if (needs === 'owner' && user.merchantRole !== 'owner') throw forbidden(msg('http.ownerOnly'));
  return { user, merchantId: user.merchantId, merchantRole: user.merchantRole };
}
