// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { boughtLabel, dealImageSrc, distanceLabel, endsInLabel, fewLeftLabel, hasReviews, msUntilEnd, placeholderImage, ratingSpoken, validityLabel } from './deal-display';

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

describe('trust on the cards', () => {
  const HOUR = 3_600_000;
  const now = Date.parse('2026-11-27T10:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('says "Only N left" from 10 units down to 1, and nothing for more, none or an unlimited offer', () => {
    expect(fewLeftLabel({ remaining: 10, soldOut: false })).toBe('Only 10 left');
    expect(fewLeftLabel({ remaining: 1, soldOut: false })).toBe('Only 1 left');
    expect(fewLeftLabel({ remaining: 11, soldOut: false })).toBeNull();
    expect(fewLeftLabel({ remaining: 0, soldOut: true })).toBeNull();
    expect(fewLeftLabel({ remaining: null, soldOut: false })).toBeNull();
  });

  it('counts down only within 72 hours of the end, and not after it', () => {
    expect(msUntilEnd({ validUntil: at(72 * HOUR) }, now)).toBe(72 * HOUR);
    expect(msUntilEnd({ validUntil: at(72 * HOUR + 60_000) }, now)).toBeNull();
    expect(msUntilEnd({ validUntil: at(-1) }, now)).toBeNull();
    expect(msUntilEnd({ validUntil: null }, now)).toBeNull();
  });

  it('words the time left as days and hours, hours and minutes, or minutes', () => {
    expect(endsInLabel(2 * 24 * HOUR + 4 * HOUR + 59 * 60_000)).toBe('Ends in 2d 4h');
    expect(endsInLabel(3 * HOUR + 12 * 60_000 + 30_000)).toBe('Ends in 3h 12m');
    expect(endsInLabel(5 * 60_000)).toBe('Ends in 5m');
    expect(endsInLabel(20_000)).toBe('Ends in 1m');
  });

  it('shows distances in metres below a kilometre', () => {
    expect(distanceLabel(0.35)).toBe('350 m');
    expect(distanceLabel(0.999)).toBe('1.0 km');
    expect(distanceLabel(1.24)).toBe('1.2 km');
    expect(distanceLabel(12.6)).toBe('13 km');
  });

  it('shows stars only for a deal with reviews', () => {
    expect(hasReviews({ reviewCount: 0 })).toBe(false);
    expect(ratingSpoken({ rating: 4.6, reviewCount: 12 })).toBe('Rated 4.6 out of 5 from 12 reviews');
  });
});
