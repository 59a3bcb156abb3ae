import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { isWellFormedRequestId, securityHeaders } from './headers';

describe('securityHeaders', () => {
  it('asks for HTTPS only in production', () => {
    const dev = securityHeaders(false);
    const prod = securityHeaders(true);
    expect(dev['strict-transport-security']).toBeUndefined();
    expect(dev['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(prod['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(prod['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    const { ['strict-transport-security']: _hsts, ['content-security-policy']: prodCsp, ...prodRest } = prod;
    const { ['content-security-policy']: devCsp, ...devRest } = dev;
    expect(prodRest).toEqual(devRest);
    expect(prodCsp).toBe(`${devCsp};upgrade-insecure-requests`);
  });

  it('sends HSTS and the upgrade directive from a production app, on API and error answers alike', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/api/health', '/api/nope']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
        expect(res.headers['permissions-policy'], url).toBe('camera=(self), microphone=(), geolocation=(self), payment=()');
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    } finally {
      await t.close();
    }
  });
});

describe('isWellFormedRequestId', () => {
  it('takes 1-64 letters, digits, _ and -', () => {
    for (const ok of ['a', 'trace-abc_123', 'X'.repeat(64), '0-9_AZaz']) expect(isWellFormedRequestId(ok), ok).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'has spaces', '<script>', 'a\\b', 'é', 'a.b', 'a/b', 'a:b', '`', '[', '@']) {
      expect(isWellFormedRequestId(bad), bad).toBe(false);
    }
  });
});
