import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SMS_CODE_TTL_MINUTES } from '../../contract/constants';
import { authEndpoints } from '../../contract/auth';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { HttpError } from '../http/errors';
import { requireUser } from '../http/session';
import {
  changePassword,
  loginWithPassword,
  loginWithSmsCode,
  presentUser,
  register,
  requestSmsCode,
  updateEmail,
  verifyEmail,
} from './auth.service';
import { endSession } from './sessions';
import { SMS_CHALLENGE_COOKIE } from './sms-codes';
import { msg } from '../i18n';
import { requestLanguage, say } from '../http/language';

/** The folder of the code-checking endpoint: the challenge cookie goes back to it and nowhere else. */
const CHALLENGE_COOKIE_PATH = authEndpoints.verifySmsCode.path.slice(0, authEndpoints.verifySmsCode.path.lastIndexOf('/'));

export const authRoutes =
  (deps: AppDeps & { sms: NonNullable<AppDeps['sms']>; email: NonNullable<AppDeps['email']> }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;

    handle(app, authEndpoints.currentUser, async (request) => presentUser(requireUser(request)));

    handle(app, authEndpoints.sendSmsCode, async (request, reply) => {
      const challenge = await requestSmsCode(db, deps.sms, request.body.phone, request.ip, deps.config.SMS_CODES_PER_ADDRESS_HOURLY, requestLanguage(request));
      // The browser keeps the code's challenge, so only its own guesses count against the code it asked for.
      reply.setCookie(SMS_CHALLENGE_COOKIE, challenge, {
        // Sent back only to the endpoint that checks the code (and its neighbours under the same folder).
        path: CHALLENGE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.config.NODE_ENV === 'production',
        maxAge: SMS_CODE_TTL_MINUTES * 60,
      });
      return { message: say(reply, msg('auth.smsCodeSent')) };
    });

    const holderOf = (request: FastifyRequest) => ({ challenge: request.cookies[SMS_CHALLENGE_COOKIE] ?? null, from: request.ip });

    handle(app, authEndpoints.verifySmsCode, async (request, reply) => {
      const result = await loginWithSmsCode(db, request.body.phone, request.body.code, holderOf(request), requestLanguage(request));
      reply.setSessionCookie(result.sessionId);
      return result;
    });

    handle(app, authEndpoints.register, async (request, reply) => {
      const result = await register(db, request.body, holderOf(request), requestLanguage(request));
      reply.setSessionCookie(result.sessionId);
      return result;
    });

    handle(app, authEndpoints.passwordLogin, async (request, reply) => {
      const result = await loginWithPassword(
        db,
        request.body.identifier,
        request.body.password,
        request.ip,
        deps.config.LOGINS_PER_ADDRESS_15_MIN,
        requestLanguage(request),
      );
      reply.setSessionCookie(result.sessionId);
      return result;
    });

    handle(app, authEndpoints.changePassword, async (request, reply) => {
      const sessionId = await changePassword(db, requireUser(request), request.body, requestLanguage(request));
      reply.setSessionCookie(sessionId);
      return { message: say(reply, msg('auth.passwordUpdated')), sessionId };
    });

    // A new email is only pending until the code sent to it comes back through /api/auth/verify-email.
    handle(app, authEndpoints.updateUser, async (request) => {
      try {
        return await updateEmail(db, deps.email, requireUser(request), request.body.email, requestLanguage(request));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 502) request.log.warn({ err: err.cause }, `the ${deps.email.name} email sender failed`);
        throw err;
      }
    });

    handle(app, authEndpoints.verifyEmail, async (request) => verifyEmail(db, requireUser(request), request.body.code, requestLanguage(request)));

    handle(app, authEndpoints.logout, async (request, reply) => {
      if (request.sessionIdHash) await endSession(db, request.sessionIdHash);
      reply.clearSessionCookie();
      return { message: say(reply, msg('auth.loggedOut')) };
    });
  };
