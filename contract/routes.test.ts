import { describe, expect, it } from 'vitest';
import { isKnownPagePath, paths, routePatterns } from './routes';

describe('the route table', () => {
  it('knows every fixed path it hands out', () => {
    for (const p of Object.values(paths)) {
      const path = typeof p === 'string' ? p : p('abc');
      expect(isKnownPagePath(path), path).toBe(true);
    }
  });

  it('builds every link from its pattern', () => {
    for (const [name, pattern] of Object.entries(routePatterns)) {
      const p = paths[name as keyof typeof paths];
      expect(typeof p === 'string' ? p : p('abc')).toBe(pattern.replace(':id', 'abc'));
    }
  });

  it('encodes a deal id so it stays one path segment', () => {
    expect(paths.deal('a/b?c')).toBe('/deal/a%2Fb%3Fc');
    expect(isKnownPagePath(paths.deal('a/b?c'))).toBe(true);
  });

  it('knows the orders, customer service and ledger screens', () => {
    expect(paths.orders).toBe('/orders');
    expect(paths.adminOrders).toBe('/admin/orders');
    expect(paths.adminLedger).toBe('/admin/ledger');
    for (const p of ['/orders', '/orders/', '/admin/orders', '/admin/ledger']) expect(isKnownPagePath(p), p).toBe(true);
    for (const p of ['/orders/x', '/admin/ledger/x', '/admin/orderss']) expect(isKnownPagePath(p), p).toBe(false);
  });

  it('accepts a trailing slash and refuses unknown or deeper paths', () => {
    expect(isKnownPagePath('/favorites/')).toBe(true);
    for (const p of ['/nope', '/deal', '/deal/', '/deal/x/y', '/admin', '/admin/unknown', '/api/deals', '/favoritesx']) {
      expect(isKnownPagePath(p), p).toBe(false);
    }
  });
});
