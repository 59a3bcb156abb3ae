/** Development-only helpers; never registered in production. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { email, emailOutboxAnswer, phone, smsOutboxAnswer } from '../../contract/auth';
import { notFound } from '../http/errors';
import type { ConsoleEmailSender } from '../integrations/email/console-email-sender';
import type { ConsoleSmsSender } from '../integrations/sms/console-sms-sender';

/** GET /api/dev/sms-outbox?phone=P: the latest code the console sender sent to P (ADR 016). */
export const devRoutes =
  (sms: ConsoleSmsSender): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dev/sms-outbox', { schema: { querystring: z.object({ phone }), response: { 200: smsOutboxAnswer } } }, async (request) => {
      const sent = sms.lastSentTo(request.query.phone);
      const code = sent?.body.match(/\b(\d{6})\b/)?.[1];
      if (!sent || !code) throw notFound('No code has been sent to that phone');
      return { phone: sent.to, code, sentAt: sent.sentAt.toISOString() };
    });
  };

/** GET /api/dev/email-outbox?email=E: the latest code the console email sender sent to E. */
export const devEmailRoutes =
  (sender: ConsoleEmailSender): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dev/email-outbox', { schema: { querystring: z.object({ email }), response: { 200: emailOutboxAnswer } } }, async (request) => {
      const sent = sender.lastSentTo(request.query.email);
      const code = sent?.text.match(/\b(\d{6})\b/)?.[1];
      if (!sent || !code) throw notFound('No code has been sent to that email');
      return { email: sent.to, code, sentAt: sent.sentAt.toISOString() };
    });
  };
