/** Builds the Fastify app from its dependencies; main.ts listens with it, tests inject into it. */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { AppConfig } from './env';
import type { AppDeps } from './deps';
import { frameworkErrorHandler, HttpError, registerErrorHandling } from './http/errors';
import { msg } from './i18n';
import { registerSession } from './http/session';
import { registerResponseHeaders, requestIdFor, securityHeaders } from './http/headers';
import { RequestLog } from './http/request-log';
import { registerWeb } from './http/web';
import { SettableClock, systemClock } from './http/clock';
import { registerOpenApi } from './http/openapi';
import { catalogRoutes } from './catalog/catalog.routes';
import { ListCache } from './catalog/list-cache';
import { systemRoutes } from './system/system.routes';
import { authRoutes } from './auth/auth.routes';
import { adminAccountRoutes } from './admin/accounts.routes';
import { devClockRoutes, devEmailRoutes, devGroupRoutes, devRoutes, devTestProviderRoutes } from './dev/dev.routes';
import type { SmsSender } from './integrations/sms/sms-sender';
import { ConsoleSmsSender } from './integrations/sms/console-sms-sender';
import { TwilioSmsSender } from './integrations/sms/twilio-sms-sender';
import type { EmailSender } from './integrations/email/email-sender';
import { ConsoleEmailSender } from './integrations/email/console-email-sender';
import { SmtpEmailSender } from './integrations/email/smtp-email-sender';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import { TestPaymentProvider } from './integrations/payments/test-provider';
import { StripePaymentProvider } from './integrations/payments/stripe-provider';
import { adminMerchantRoutes } from './admin/merchants.routes';
import { adminCategoryRoutes } from './admin/categories.routes';
import { adminDealRoutes } from './admin/deals.routes';
import { favoritesRoutes } from './favorites/favorites.routes';
import { checkoutRoutes } from './orders/orders.routes';
import { paymentRoutes } from './orders/payments.routes';
import { groupRoutes } from './orders/groups/groups.routes';
import { groupPagePreview } from './orders/orders.service';
import { dealPagePreview } from './catalog/deals.service';
import { storePagePreview } from './catalog/merchants.service';
import { refundRoutes } from './orders/refunds.routes';
import { voucherRoutes } from './vouchers/vouchers.routes';
import { redemptionRoutes } from './redemption/redemption.routes';
import { orderHistoryRoutes } from './orders/order-history.routes';
import { adminOrderRoutes } from './admin/orders.routes';
import { moneyRoutes } from './money/money.routes';
import { statementRoutes } from './settlement/statements.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { merchantClockRoutes, workspaceRoutes } from './workspace/workspace.routes';
import { PostgresRequestLimiter, registerRequestLimiter } from './http/request-limiter';
import { RedisRequestLimiter } from './integrations/cache/redis-request-limiter';
import { startBackgroundJobs } from './jobs/background-jobs';
import { photoRoutes } from './photos/photos.routes';
import type { PhotoStorage } from './integrations/storage/photo-storage';
import { DatabaseStorage } from './integrations/storage/database-storage';
import { parseStorageUrl } from './integrations/storage/storage-url';

function paymentProviderFor(config: AppConfig, db: AppDeps['database']['db']): PaymentProvider {
  if (config.payments === 'stripe') {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
    });
  }
  return new TestPaymentProvider(config.TEST_PROVIDER_SECRET, config.publicOrigin, db);
}

/** Body-less calls (logout, say) that still carry a JSON content type are treated as having no body. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** PostgreSQL text cannot hold U+0000, so input carrying one is refused up front, for every route alike. */
function refuseNulCharacters(app: FastifyInstance): void {
  const hasNul = (value: unknown, depth = 0): boolean => {
    if (typeof value === 'string') return value.includes('\u0000');
    if (depth > 20 || value === null || typeof value !== 'object') return false;
    for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
    return false;
  };
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.query) || hasNul(request.params) || (!Buffer.isBuffer(request.body) && hasNul(request.body))) {
      done(new HttpError(400, msg('http.nulCharacters')));
      return;
    }
    done();
  });
}

/** Where photos are kept (ADR 041): the bucket STORAGE_URL names (its SDK loaded only then), else the database. */
async function photoStorageFor(config: AppConfig, db: AppDeps['database']['db']): Promise<PhotoStorage> {
  if (!config.STORAGE_URL) return new DatabaseStorage(db);
  const { S3Storage } = await import('./integrations/storage/s3-storage');
  return new S3Storage(parseStorageUrl(config.STORAGE_URL));
}

function smsSenderFor(config: AppConfig, logger: FastifyBaseLogger): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return new TwilioSmsSender({
      accountSid: config.TWILIO_ACCOUNT_SID!,
      authToken: config.TWILIO_AUTH_TOKEN!,
      from: config.TWILIO_FROM!,
      ...(config.TWILIO_API_BASE ? { apiBase: config.TWILIO_API_BASE } : {}),
    });
  }
  return new ConsoleSmsSender(logger);
}

function emailSenderFor(config: AppConfig, logger: FastifyBaseLogger): EmailSender {
  if (config.emailProvider === 'smtp') return new SmtpEmailSender({ url: config.SMTP_URL!, from: config.EMAIL_FROM! });
  return new ConsoleEmailSender(logger);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const production = deps.config.NODE_ENV === 'production';
  const logger = deps.logger ?? (pino({ level: 'silent' }) as FastifyBaseLogger);
  const listCache = new ListCache(deps.config.CATALOG_CACHE_MS);
  const app = Fastify({
    loggerInstance: logger,
    logController: new RequestLog(),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // Trust exactly the configured number of proxy hops, so clients cannot pick their own address.
    trustProxy: deps.config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < deps.config.TRUST_PROXY : false,
    genReqId: requestIdFor,
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler(securityHeaders(production)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  refuseNulCharacters(app);
  const sms = deps.sms ?? smsSenderFor(deps.config, app.log);
  const email = deps.email ?? emailSenderFor(deps.config, app.log);
  if (!deps.email && email instanceof SmtpEmailSender) app.addHook('onClose', async () => email.close());
  const payments = deps.payments ?? paymentProviderFor(deps.config, deps.database.db);
  if (payments instanceof TestPaymentProvider) payments.keepBooksIn(deps.database.db);

  registerResponseHeaders(app, production);

  await app.register(cookie);
  await registerOpenApi(app);
  registerSession(app, deps.database.db, { secureCookies: production, publicOrigin: deps.config.publicOrigin });
  registerRequestLimiter(
    app,
    deps.requestLimiter ??
      (deps.config.REDIS_URL ? new RedisRequestLimiter(deps.config.REDIS_URL) : new PostgresRequestLimiter(deps.database.db)),
    { requests: deps.config.WRITE_RATE_LIMIT, windowSeconds: 60 },
  );
  await app.register(systemRoutes(deps));
  // The merchant's clock (ADR 039): the system's, or outside production one the development endpoint can fix.
  const clock = deps.clock ?? (production ? systemClock : new SettableClock());
  await app.register(catalogRoutes({ ...deps, listCache, clock }));
  await app.register(authRoutes({ ...deps, sms, email }));
  await app.register(adminAccountRoutes(deps));
  await app.register(adminMerchantRoutes(deps));
  await app.register(adminCategoryRoutes(deps));
  await app.register(adminDealRoutes({ ...deps, payments }));
  await app.register(favoritesRoutes(deps));
  await app.register(checkoutRoutes({ ...deps, payments }));
  await app.register(groupRoutes({ ...deps, payments }));
  await app.register(paymentRoutes({ ...deps, payments }));
  await app.register(voucherRoutes({ ...deps, payments }));
  await app.register(refundRoutes({ ...deps, payments }));
  await app.register(redemptionRoutes(deps));
  await app.register(orderHistoryRoutes(deps));
  await app.register(adminOrderRoutes(deps));
  await app.register(moneyRoutes({ ...deps, payments }));
  await app.register(statementRoutes(deps));
  await app.register(workspaceRoutes({ ...deps, clock }));
  await app.register(merchantClockRoutes({ ...deps, clock }));
  await app.register(notificationRoutes(deps));
  const photoStorage = deps.photoStorage ?? (await photoStorageFor(deps.config, deps.database.db));
  if (!deps.photoStorage && photoStorage.close) app.addHook('onClose', async () => photoStorage.close?.());
  await app.register(photoRoutes({ ...deps, photoStorage }));
  if (deps.backgroundJobs) startBackgroundJobs(app, deps, { payments, sms, email });
  if (deps.config.NODE_ENV !== 'production' && sms instanceof ConsoleSmsSender) await app.register(devRoutes(sms));
  if (deps.config.NODE_ENV !== 'production' && email instanceof ConsoleEmailSender) await app.register(devEmailRoutes(email));
  if (deps.config.NODE_ENV !== 'production') await app.register(devGroupRoutes({ db: deps.database.db, payments }));
  if (deps.config.NODE_ENV !== 'production' && clock instanceof SettableClock) await app.register(devClockRoutes(clock));
  if (deps.config.NODE_ENV !== 'production' && payments instanceof TestPaymentProvider) await app.register(devTestProviderRoutes(payments));
  await registerWeb(
    app,
    deps.config.WEB_DIST_DIR,
    async (pathname, language) =>
      (await dealPagePreview(deps.database.db, deps.config.publicOrigin, pathname, language)) ??
      (await groupPagePreview(deps.database.db, deps.config.publicOrigin, pathname, language)) ??
      (await storePagePreview(deps.database.db, deps.config.publicOrigin, pathname, language)),
  );

  return app;
}
