import { describe, expect, it } from 'vitest';
import { favoriteIds } from './favorite-ids';

describe('favoriteIds', () => {
  it('is the server list when nothing is pending', () => {
    expect([...favoriteIds(['a', 'b'], new Map())]).toEqual(['a', 'b']);
  });

  it('shows a pending add and hides a pending removal before the server confirms them', () => {
    const ids = favoriteIds(['a', 'b'], new Map([['c', true], ['a', false]]));
    expect(ids.has('c')).toBe(true);
    expect(ids.has('a')).toBe(false);
    expect(ids.size).toBe(2);
  });

  it('does not count an add twice when the server list already holds it', () => {
    expect(favoriteIds(['a'], new Map([['a', true]])).size).toBe(1);
  });
});
