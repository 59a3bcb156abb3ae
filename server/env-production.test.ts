/** Production refuses development stand-ins and placeholder secrets, with a message naming each setting. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

const complete = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://dealmarket:secret@db.internal.example.com:5432/dealmarket',
  PUBLIC_ORIGIN: 'https://deals.example.com',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM: '+15550001111',
  SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
  EMAIL_FROM: 'DealMarket <no-reply@example.com>',
};

const problemsOf = (env: Record<string, string | undefined>): string => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('production configuration', () => {
  it('starts with real settings and picks Stripe', () => {
    const config = loadConfig(complete);
    expect(config.payments).toBe('stripe');
    expect(config.publicOrigin).toBe('https://deals.example.com');
  });

  it('names every missing setting at once', () => {
    const message = problemsOf({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Invalid configuration for production/);
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/PUBLIC_ORIGIN/);
    expect(message).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(message).toMatch(/SMS_PROVIDER/);
    expect(message).toMatch(/EMAIL_PROVIDER/);
  });

  it('chooses its storage explicitly: PostgreSQL, or a DATA_DIR set on purpose for one server alone', () => {
    const { DATABASE_URL: _url, ...noDatabase } = complete;
    // Without either, ./data would be used without anyone having chosen it.
    expect(problemsOf(noDatabase)).toMatch(/DATABASE_URL: set the PostgreSQL database the servers share \(or DATA_DIR explicitly/);
    expect(problemsOf({ ...noDatabase, DATA_DIR: '' })).toMatch(/DATABASE_URL: set the PostgreSQL database/);
    expect(loadConfig({ ...noDatabase, DATA_DIR: '/var/lib/dealmarket' }).DATA_DIR).toBe('/var/lib/dealmarket');
    expect(loadConfig(complete).DATABASE_URL).toBe(complete.DATABASE_URL);
    // Outside production the embedded database in ./data is still the default.
    expect(loadConfig({}).DATA_DIR).toBe('./data');
  });

  it('never loads the demo data: off by default, and refused when asked for', () => {
    expect(loadConfig(complete).SEED_DEMO_DATA).toBe(false);
    expect(problemsOf({ ...complete, SEED_DEMO_DATA: 'true' })).toMatch(/SEED_DEMO_DATA: demo data .* never loads in production/);
    expect(loadConfig({ ...complete, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    // Outside production a fresh install still starts with it.
    expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
  });

  it('wants https and real-looking Stripe keys', () => {
    expect(problemsOf({ ...complete, PUBLIC_ORIGIN: 'http://deals.example.com' })).toMatch(/PUBLIC_ORIGIN: must be an https/);
    expect(problemsOf({ ...complete, STRIPE_SECRET_KEY: 'hello' })).toMatch(/STRIPE_SECRET_KEY: does not look like/);
    expect(problemsOf({ ...complete, STRIPE_WEBHOOK_SECRET: 'hello' })).toMatch(/STRIPE_WEBHOOK_SECRET: does not look like/);
  });

  it('sends Stripe calls to a stand-in only over https', () => {
    expect(problemsOf({ ...complete, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toMatch(/STRIPE_API_BASE: must be an https/);
    expect(loadConfig({ ...complete, STRIPE_API_BASE: 'https://stripe-proxy.internal.example.com' }).STRIPE_API_BASE).toBe('https://stripe-proxy.internal.example.com');
    // Outside production a local stand-in over http is what tests use.
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
  });

  it('runs the test provider only when asked, and never with the development secret', () => {
    const withoutStripe = { ...complete, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    expect(problemsOf(withoutStripe)).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: required/);
    expect(problemsOf({ ...withoutStripe, PAYMENTS: 'test' })).toMatch(/TEST_PROVIDER_SECRET/);
    expect(loadConfig({ ...withoutStripe, PAYMENTS: 'test', TEST_PROVIDER_SECRET: 'a-secret-only-this-deployment-knows' }).payments).toBe('test');
  });

  it('prints SMS codes to the log only when that is chosen explicitly', () => {
    expect(loadConfig({ ...complete, SMS_PROVIDER: 'console' }).SMS_PROVIDER).toBe('console');
    const { SMS_PROVIDER: _ignored, ...noSms } = complete;
    expect(problemsOf(noSms)).toMatch(/SMS_PROVIDER: set twilio/);
  });

  it('prints email codes to the log only when that is chosen explicitly', () => {
    expect(loadConfig(complete).emailProvider).toBe('smtp');
    const { SMTP_URL: _url, EMAIL_FROM: _from, ...noSmtp } = complete;
    expect(problemsOf(noSmtp)).toMatch(/EMAIL_PROVIDER: set SMTP_URL and EMAIL_FROM/);
    expect(loadConfig({ ...noSmtp, EMAIL_PROVIDER: 'console' }).emailProvider).toBe('console');
  });

  it('is not demanded in development', () => {
    expect(loadConfig({}).payments).toBe('test');
  });
});
