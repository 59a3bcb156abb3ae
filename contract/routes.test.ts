import { describe, expect, it } from 'vitest';
import { isKnownPagePath, pageIdOf, paths, routePatterns } from './routes';

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

  it('reads the id of a page path when it is a UUID', () => {
    const id = '0b7e5a36-2f0e-4c55-9a53-1b2c3d4e5f60';
    expect(pageIdOf(routePatterns.deal, `/deal/${id}`)).toBe(id);
    expect(pageIdOf(routePatterns.deal, `/deal/${id.toUpperCase()}/`)).toBe(id.toUpperCase());
    expect(pageIdOf(routePatterns.group, `/group/${id}`)).toBe(id);
    for (const path of [`/group/${id}`, '/deal/not-a-deal', `/deal/${id}/more`, `/x/deal/${id}`, '/deal/']) {
      expect(pageIdOf(routePatterns.deal, path), path).toBeNull();
    }
  });
});
