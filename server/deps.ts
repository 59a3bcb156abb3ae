/**
 * What the app is built from. The route modules read their dependencies from here, not from app.ts,
 * so no feature imports the module that assembles the features.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './env';
import type { Database } from './db/client';
import type { RequestLimiter } from './http/request-limiter';
import type { Clock } from './http/clock';
import type { SmsSender } from './integrations/sms/sms-sender';
import type { EmailSender } from './integrations/email/email-sender';
import type { PaymentProvider } from './integrations/payments/payment-provider';
import type { PhotoStorage } from './integrations/storage/photo-storage';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Pino logger; tests pass none and get a silent one. */
  logger?: FastifyBaseLogger;
  /** The SMS vendor; by default chosen from the configuration. */
  sms?: SmsSender;
  /** The email vendor; by default SMTP with SMTP_URL, else the console. */
  email?: EmailSender;
  /** The payment provider; by default chosen from the configuration (ADR 013). */
  payments?: PaymentProvider;
  /** The per-address write budget; by default Redis with REDIS_URL, else PostgreSQL. */
  requestLimiter?: RequestLimiter;
  /** Periodic clean-up (expired holds); on for a real server, off in tests that drive it themselves. */
  backgroundJobs?: boolean;
  /** What the merchant's home counts "today" from (ADR 039); by default the system's time, settable outside production. */
  clock?: Clock;
  /** Where uploaded photos' files are kept (ADR 041); by default an S3 bucket with STORAGE_URL, else the database. */
  photoStorage?: PhotoStorage;
}
