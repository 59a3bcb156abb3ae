/** Configuration from the environment, validated once at start-up; a bad setting stops the server with a clear message. */
import { parseStorageUrl } from './integrations/storage/storage-url';
import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * How long a request waits for a database connection (a new one, or a free one from the pool) before it
   * is answered 503; also bounds start-up against a database that accepts connections but never answers.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How long one query may wait for the database's answer before the connection is dropped and the request answered 503; 0 = no limit. */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Load the demo data when the database has no merchants yet; on by default outside production, and refused in it. */
  SEED_DEMO_DATA: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address shoppers reach the app at, used in QR codes and payment redirects. */
  PUBLIC_ORIGIN: z.url().optional(),
  /**
   * How many proxies in front of the server to trust for the client address (X-Forwarded-For).
   * 0 trusts none; set 1 behind one load balancer. Per-address rate limits depend on it.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Write requests (POST, PUT, PATCH, DELETE) one client address may make per minute; 0 turns the budget off. */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** How long the public deal list may be served from memory (ms); 0 reads the database for every request. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** SMS codes one client address may request per hour, across phones. */
  SMS_CODES_PER_ADDRESS_HOURLY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Password-login attempts one client address may make per 15 minutes, across accounts. */
  LOGINS_PER_ADDRESS_15_MIN: z.coerce.number().int().min(1).max(1_000_000).default(50),
  /** When set, the per-address budget of write requests lives in Redis instead of PostgreSQL. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://').optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(256 * 1024),
  /** Where the built web app lives; served from the same port as the API. */
  WEB_DIST_DIR: z.string().optional(),
  /** Enables POST /api/admin/bootstrap outside production (ADR 018). */
  BOOTSTRAP_SECRET: z.string().min(12, 'BOOTSTRAP_SECRET must be at least 12 characters').optional(),
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** A Twilio number (+1...) or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z.url().optional(),
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; when set, email codes go out through it. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/?#]+/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465').optional(),
  /** The sender of every email, e.g. `DealMarket <no-reply@example.com>`; required with SMTP_URL. */
  EMAIL_FROM: z.string().max(320).optional(),
  /** console prints emails to the log; smtp needs SMTP_URL. Chosen from SMTP_URL when unset. */
  EMAIL_PROVIDER: z.enum(['console', 'smtp']).optional(),
  /** test = the built-in provider; stripe needs both Stripe keys. Chosen from the keys when unset. */
  PAYMENTS: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Signs the built-in test provider's webhooks; servers sharing a database must share it. */
  TEST_PROVIDER_SECRET: z.string().min(16).default('dev-only-test-provider-secret'),
  /**
   * The expiry sweep (reminders, expiry, auto-refunds) every server runs every minute; false turns it
   * off on this server (at least one server sharing the database should keep it on).
   */
  EXPIRY_SWEEP: boolish.default(true),
  /** Where the Stripe client connects instead of Stripe's own API (a local stand-in); https only in production. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * Where uploaded photos are kept (ADR 041): unset, in the database (`stored_files`); else an S3-compatible bucket,
   * `s3://[ACCESS_KEY:SECRET_KEY@]BUCKET[/PREFIX]?region=REGION[&endpoint=URL][&forcePathStyle=true|false]`.
   */
  STORAGE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseStorageUrl(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .optional(),
});

export type AppConfig = Omit<z.infer<typeof envSchema>, 'SEED_DEMO_DATA'> & {
  SEED_DEMO_DATA: boolean;
  publicOrigin: string;
  payments: 'test' | 'stripe';
  emailProvider: 'console' | 'smtp';
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty value (`PORT=` in a settings file) means "not set", for every setting alike.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.SMS_PROVIDER === 'twilio' && !(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM)) {
    throw new Error('Invalid configuration:\n  SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  const emailProvider = c.EMAIL_PROVIDER ?? (c.SMTP_URL ? 'smtp' : 'console');
  if (emailProvider === 'smtp' && !(c.SMTP_URL && c.EMAIL_FROM)) {
    throw new Error('Invalid configuration:\n  EMAIL_PROVIDER=smtp (or SMTP_URL) needs SMTP_URL and EMAIL_FROM');
  }
  const shownHost = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  const stripeKeys = Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET);
  const payments = c.PAYMENTS ?? (stripeKeys ? 'stripe' : 'test');
  if (payments === 'stripe' && !stripeKeys) {
    throw new Error('Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (c.NODE_ENV === 'production') {
    const problems = productionProblems(c, payments, emailProvider, env);
    if (problems.length > 0) throw new Error(`Invalid configuration for production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return { ...c, SEED_DEMO_DATA: c.SEED_DEMO_DATA ?? c.NODE_ENV !== 'production', payments, emailProvider, publicOrigin: c.PUBLIC_ORIGIN ?? `http://${shownHost}:${c.PORT}` };
}

/**
 * Production refuses the development stand-ins unless asked for explicitly, and demands the
 * settings whose defaults only make sense on a developer's machine.
 */
function productionProblems(
  c: z.infer<typeof envSchema>,
  payments: 'test' | 'stripe',
  emailProvider: 'console' | 'smtp',
  env: NodeJS.ProcessEnv,
): string[] {
  const problems: string[] = [];
  // Storage is chosen, never fallen into: a server that quietly kept its data in ./data would lose it with
  // the container, and a second server beside it would keep a database of its own.
  if (!c.DATABASE_URL && !env.DATA_DIR) {
    problems.push('DATABASE_URL: set the PostgreSQL database the servers share (or DATA_DIR explicitly, for an embedded database kept by one server alone)');
  }
  if (c.SEED_DEMO_DATA) problems.push('SEED_DEMO_DATA: demo data (with its published demo logins) never loads in production; unset it');
  if (!c.PUBLIC_ORIGIN) problems.push('PUBLIC_ORIGIN: set the https address shoppers use (it goes into QR codes and payment redirects)');
  else if (!c.PUBLIC_ORIGIN.startsWith('https://')) problems.push('PUBLIC_ORIGIN: must be an https:// address in production');
  if (payments === 'test') {
    if (c.PAYMENTS !== 'test') problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required in production (or set PAYMENTS=test to run the built-in test provider on purpose)');
    else if (c.TEST_PROVIDER_SECRET === 'dev-only-test-provider-secret') problems.push('TEST_PROVIDER_SECRET: PAYMENTS=test in production needs its own secret');
  } else if (c.STRIPE_SECRET_KEY && !/^(sk|rk)_(live|test)_/.test(c.STRIPE_SECRET_KEY)) {
    problems.push('STRIPE_SECRET_KEY: does not look like a Stripe secret key');
  }
  if (c.STRIPE_API_BASE && !c.STRIPE_API_BASE.startsWith('https://')) {
    problems.push('STRIPE_API_BASE: must be an https:// address in production (unset it to reach Stripe itself)');
  }
  if (c.STRIPE_WEBHOOK_SECRET && !c.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) problems.push('STRIPE_WEBHOOK_SECRET: does not look like a Stripe webhook secret (whsec_...)');
  if (c.SMS_PROVIDER === 'console' && env.SMS_PROVIDER !== 'console') {
    problems.push('SMS_PROVIDER: set twilio (with TWILIO_*) in production, or console explicitly to print codes to the log');
  }
  if (emailProvider === 'console' && env.EMAIL_PROVIDER !== 'console') {
    problems.push('EMAIL_PROVIDER: set SMTP_URL and EMAIL_FROM in production, or EMAIL_PROVIDER=console explicitly to print email codes to the log');
  }
  return problems;
}
