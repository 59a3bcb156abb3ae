import { describe, expect, it } from 'vitest';
import { dollarsToCents, homeHref, listParams, readFilters } from './deal-filters';

describe('the home page filters in the address', () => {
  it('reads category, prices in dollars, rating and order, and writes them back the same way', () => {
    const search = 'q=spa&category=spa-beauty&minPrice=10&maxPrice=49.5&minRating=4.5&sort=price_asc';
    const filters = readFilters(search);
    expect(filters).toEqual({ q: 'spa', category: 'spa-beauty', minPriceCents: 1000, maxPriceCents: 4950, minRating: 4.5, sort: 'price_asc' });
    expect(homeHref(filters)).toBe(`/?${search.replace('49.5', '49.50')}`);
  });

  it('drops what the list would refuse: a bad slug, an amount that is not dollars, a max below the min, an unknown order', () => {
    expect(readFilters('category=Not a slug&minPrice=-3&maxPrice=abc&minRating=2&sort=random')).toEqual({ q: '' });
    expect(readFilters('minPrice=50&maxPrice=20')).toEqual({ q: '', minPriceCents: 5000 });
  });

  it('keeps nearest only with a position, rounded to 3 decimals', () => {
    expect(readFilters('sort=nearest')).toEqual({ q: '' });
    const filters = readFilters('sort=nearest&lat=37.774929&lng=-122.419416');
    expect(filters).toMatchObject({ sort: 'nearest', lat: 37.774929, lng: -122.419416 });
    expect(homeHref(filters)).toBe('/?sort=nearest&lat=37.775&lng=-122.419');
    expect(listParams(filters)).toEqual({ sort: 'nearest', lat: '37.775', lng: '-122.419' });
    expect(listParams({ sort: 'nearest' })).toEqual({});
  });

  it('sends integer cents to the list and leaves newest out', () => {
    expect(listParams({ category: 'food', minPriceCents: 999, maxPriceCents: 2500, minRating: 3, sort: 'newest' })).toEqual({
      category: 'food',
      minPriceCents: '999',
      maxPriceCents: '2500',
      minRating: '3',
    });
    expect(homeHref({ q: '' })).toBe('/');
  });

  it('turns dollars into whole cents', () => {
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents('9.99')).toBe(999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('19.999')).toBeUndefined();
    expect(dollarsToCents('')).toBeUndefined();
  });
});
