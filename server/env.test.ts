import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

/** The message loadConfig fails with, or a failure of the test when it does not. */
function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig', () => {
  it('runs on a fresh machine with no settings at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO_DATA: true,
      payments: 'test',
      publicOrigin: 'http://127.0.0.1:3000',
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads settings given as environment strings', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/deals',
      DATA_DIR: '/var/lib/deals',
      SEED_DEMO_DATA: 'false',
      BODY_LIMIT_BYTES: '4096',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://app:pw@db.internal:5432/deals',
      DATA_DIR: '/var/lib/deals',
      SEED_DEMO_DATA: false,
      BODY_LIMIT_BYTES: 4096,
    });
    // A wildcard bind address is not somewhere a browser can go.
    expect(c.publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://deals.example.com' }).publicOrigin).toBe('https://deals.example.com');
  });

  it.each(['mysql://root@localhost/deals', 'not a url', 'localhost:5432'])('refuses DATABASE_URL=%s naming the setting', (url) => {
    const message = failure({ DATABASE_URL: url });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('DATABASE_URL');
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s naming the setting', (port) => {
    expect(failure({ PORT: port })).toMatch(/^Invalid configuration:\n\s+PORT: /);
  });

  it('never reads an empty PORT as port 0 (a random port)', () => {
    // `PORT= npm start`, or `PORT=` in a settings file, must mean the default or be refused by name.
    let port: number | undefined;
    try {
      port = loadConfig({ PORT: '' }).PORT;
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      return;
    }
    expect(port).toBe(3000);
  });

  it('names every bad setting at once', () => {
    const message = failure({ PORT: 'abc', NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'NODE_ENV', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('refuses a body limit outside its bounds and a malformed public origin', () => {
    expect(failure({ BODY_LIMIT_BYTES: '10' })).toContain('BODY_LIMIT_BYTES');
    expect(failure({ PUBLIC_ORIGIN: 'deals.example.com' })).toContain('PUBLIC_ORIGIN');
    expect(failure({ SEED_DEMO_DATA: 'maybe' })).toContain('SEED_DEMO_DATA');
  });
});
