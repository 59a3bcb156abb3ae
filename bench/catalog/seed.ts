/**
 * Bulk catalogue for the benchmark: 500 merchants per 100,000 deals and N deals written by INSERT ...
 * SELECT over generate_series, so 100,000 deals take seconds and 1,000,000 a few minutes. The words
 * are chosen so the benchmark has a common word, a rare word and a merchant name to search for.
 */

/** In about one deal title in five. */
export const COMMON_WORD = 'dinner';
/** In one deal description in 10,000. */
export const RARE_WORD = 'zanzibar';
/** One merchant (always active) has this name; it appears in no title or description. */
export const MERCHANT_NAME = 'Golden Noodle Bar';

const PREFIXES = [
  'Golden', 'Harbor', 'Silver', 'Maple', 'Cedar', 'Blue', 'Red', 'Urban', 'Old Town', 'Riverside',
  'Sunset', 'Northern', 'Lucky', 'Royal', 'Green', 'Velvet', 'Copper', 'Little', 'Grand', 'Happy',
  'Coastal', 'Bright', 'Iron', 'Crystal', 'Wild',
];
const KINDS = [
  'Noodle Bar', 'Sushi House', 'Day Spa', 'Bakery', 'Bistro', 'Yoga Studio', 'Fitness Club', 'Cinema',
  'Barber', 'Nail Salon', 'Steakhouse', 'Taqueria', 'Coffee Roasters', 'Escape Room', 'Bowling',
  'Kayak Tours', 'Wine Bar', 'Dim Sum', 'Pizzeria', 'Climbing Gym',
];
/** A merchant past the first 500 is named PREFIX DISTRICT KIND, so MERCHANT_NAME stays one merchant's. */
const DISTRICTS = ['Mission', 'Marina', 'Excelsior', 'Richmond', 'Castro', 'Nob Hill', 'SoMa', 'Presidio', 'Dogpatch', 'Bayview'];
const NAMES_PER_DISTRICT = PREFIXES.length * KINDS.length;

/** Merchants for a catalogue of `deals`: 500 per 100,000 deals (about 200 deals each), from 500 to 5,500. */
export function merchantCount(deals: number): number {
  const hundreds = Math.min(DISTRICTS.length + 1, Math.max(1, Math.round(deals / 100_000)));
  return hundreds * NAMES_PER_DISTRICT;
}

const ADJECTIVES = ['Premium', 'Luxury', 'Classic', 'Deluxe', 'Weekend', 'Family', 'Express', 'Signature', 'Seasonal', 'Ultimate', 'Cozy', 'Gourmet'];
/** Eight of forty contain COMMON_WORD, so one title in five does. */
const ITEMS = [
  'Sushi Platter', 'Spa Day Package', 'Dinner Experience', 'Massage Session', 'Yoga Class Pass', 'Haircut and Style',
  'Pizza Night', 'Steak Dinner', 'Wine Tasting', 'Movie Tickets', 'Bowling Lanes', 'Kayak Rental', 'Coffee Flight',
  'Escape Room Game', 'Manicure', 'Climbing Session', 'Dinner Cruise', 'Brunch Buffet', 'Dim Sum Feast', 'Taco Tuesday',
  'Facial Treatment', 'Personal Training', 'Cooking Class', 'Seafood Dinner', 'Bakery Box', 'Afternoon Tea',
  'Karaoke Room', 'Dinner and a Show', 'Hot Stone Massage', 'Pilates Pass', 'Tasting Menu Dinner', 'Ramen Bowl Set',
  'Craft Beer Flight', 'Barbecue Dinner', 'Photo Session', 'Paddle Board Lesson', 'Candlelit Dinner', 'Ice Cream Social',
  'Family Dinner Box', 'Museum Pass',
];
const PHRASES = [
  'Enjoy a relaxing afternoon with friends.', 'Perfect for a special occasion.', 'Fresh ingredients prepared daily.',
  'Book ahead on weekends.', 'Includes a complimentary drink.', 'Valid for new and returning guests.',
  'A favourite of locals for years.', 'Free parking nearby.', 'Great for groups and families.',
  'Our chefs use seasonal produce.', 'Professional and friendly staff.', 'Treat yourself today.',
];

const quoted = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]`;

/** The categories every deal is spread over, one in five each (the first is the one the benchmark filters by). */
export const CATEGORY_SLUGS = ['food', 'spa-beauty', 'fitness', 'activities', 'classes'];

export function categoriesSql(): string {
  return `
insert into categories (slug, name, icon, position)
select s, initcap(replace(s, '-', ' ')), 'tag', n from unnest(${quoted(CATEGORY_SLUGS)}) with ordinality as c(s, n)`;
}

/** Where the benchmark's shopper stands for the nearest order: the middle of the merchants' square. */
export const CENTRE = { lat: 37.7749, lng: -122.4194 };

/**
 * Merchants: PREFIX x KIND, one in twenty inactive (never the first, which is MERCHANT_NAME); each
 * placed on a grid about 20 km wide round CENTRE, one in ten without a position.
 */
export function merchantsSql(count: number): string {
  return `
insert into merchants (name, phone, address, description, status, created_at, city, latitude, longitude)
select
  (${quoted(PREFIXES)})[1 + g % ${PREFIXES.length}]
    || case when g >= ${NAMES_PER_DISTRICT} then ' ' || (${quoted(DISTRICTS)})[g / ${NAMES_PER_DISTRICT}] else '' end
    || ' ' || (${quoted(KINDS)})[1 + (g / ${PREFIXES.length}) % ${KINDS.length}],
  '+1555' || lpad(g::text, 7, '0'),
  g || ' Market Street',
  '',
  case when g % 20 = 19 then 'inactive' else 'active' end,
  now() - interval '400 days',
  'San Francisco',
  case when g % 10 = 3 then null else ${CENTRE.lat} + ((g * 7) % 23 - 11) * 0.008 end,
  case when g % 10 = 3 then null else ${CENTRE.lng} + ((g * 11) % 23 - 11) * 0.01 end
from generate_series(0, ${count - 1}) g`;
}

/**
 * Deals spread evenly over the merchants, one every 30 seconds back from now: 90% published (one
 * in fifty of those paused), 7% drafts, 3% archived. Each carries its merchant's name in lower case,
 * as the trigger deals_copy_merchant_name writes it, so the load may run with triggers off.
 */
export function dealsSql(count: number, merchants: number): string {
  return `
with m as (select id, lower(name) as search_name, row_number() over (order by name) - 1 as n from merchants)
insert into deals (merchant_id, title, description, price_cents, original_price_cents, image_url, status, active,
                   inventory, max_per_user, redemption_instructions, terms_conditions, created_at, updated_at,
                   category_id, valid_until, sold_count, review_count, rating_sum, search_merchant_name)
select
  m.id,
  (${quoted(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${quoted(ITEMS)})[1 + (g / 7) % ${ITEMS.length}] || ' for ' || (1 + g % 4),
  '<p>' || (${quoted(PHRASES)})[1 + g % ${PHRASES.length}] || ' <strong>' || (${quoted(PHRASES)})[1 + (g / 5) % ${PHRASES.length}] || '</strong></p>'
    || case when g % 10000 = 0 then '<p>Now with ${RARE_WORD} spice tasting.</p>' else '' end,
  500 + (g * 37) % 20000,
  (500 + (g * 37) % 20000) * 3 / 2,
  '/api/placeholder/400/300',
  case when g % 100 < 90 then 'published' when g % 100 < 97 then 'draft' else 'archived' end,
  g % 100 < 90 and g % 50 <> 7,
  case when g % 3 = 0 then 0 else 100 end,
  1 + g % 3,
  '<p>Show your voucher code at the counter.</p>',
  '<p>One voucher per visit.</p>',
  now() - g * interval '30 seconds',
  now() - g * interval '30 seconds',
  c.id,
  -- Seven in ten end within the next 60 days (an hour apart, over and over), the rest never.
  case when g % 10 < 7 then now() + ((g * 13) % 1440) * interval '1 hour' end,
  (g::bigint * 7919 % 997)::int,
  g % 21,
  -- Averages from 1 to 5, about a third of rated deals at 4 or more.
  (g % 21) * (1 + (g / 3) % 5) - case when g % 21 > 0 and (g / 3) % 5 > 0 then g % 2 else 0 end,
  m.search_name
from generate_series(1, ${count}) g
join m on m.n = g % ${merchants}
join categories c on c.position = 1 + g % ${CATEGORY_SLUGS.length}`;
}

/** Every deal's 16 stock buckets, as the trigger deal_stock_create writes them (ADR 004), for a load with triggers off. */
// Each deal's sixteen rows one after the other, as its insert trigger writes them, so a deal's units are read from a page or two.
export const DEAL_STOCK_SQL = `
insert into deal_stock (deal_id, bucket, units)
select d.id, b, case when d.inventory = 0 then null else deal_stock_share(d.inventory, b) end
from deals d cross join lateral generate_series(0, 15) b`;
