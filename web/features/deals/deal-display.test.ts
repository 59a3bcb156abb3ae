// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { boughtLabel, dealImageSrc, placeholderImage, validityLabel } from './deal-display';

describe('dealImageSrc', () => {
  it("uses the deal's own image when it has one", () => {
    expect(dealImageSrc({ imageUrl: '/images/deals/omakase.svg', title: 'Omakase Lunch for 1' })).toBe('/images/deals/omakase.svg');
  });

  it('gives the three demo deals their bundled image when imageUrl is empty', () => {
    expect(dealImageSrc({ imageUrl: '', title: 'Premium Sushi Platter for 2' })).toBe('/images/deals/sushi-platter.svg');
    expect(dealImageSrc({ imageUrl: ' ', title: 'Luxury Spa Day Package' })).toBe('/images/deals/spa-day.svg');
    expect(dealImageSrc({ imageUrl: '', title: 'Fine Dining Experience' })).toBe('/images/deals/fine-dining.svg');
  });

  it('falls back to the placeholder of the asked size otherwise', () => {
    expect(dealImageSrc({ imageUrl: '', title: 'Something else' })).toBe('/api/placeholder/400/300');
    expect(dealImageSrc({ imageUrl: '', title: 'Something else' }, 'small')).toBe('/api/placeholder/200/200');
    expect(placeholderImage('card')).toBe('/api/placeholder/400/300');
  });
});

describe('labels', () => {
  it('states 30 days unless the deal has an end date', () => {
    expect(validityLabel({ validUntil: null })).toBe('Valid for 30 days');
    expect(validityLabel({ validUntil: '2026-12-31T12:00:00.000Z' })).toBe('Valid until Dec 31, 2026');
  });

  it('shows real sales, and introduces unsold deals as new', () => {
    expect(boughtLabel({ boughtCount: 0 })).toBe('New deal');
    expect(boughtLabel({ boughtCount: 12 })).toBe('12 bought');
    expect(boughtLabel({ boughtCount: 1234 })).toBe('1,234 bought');
  });
});
