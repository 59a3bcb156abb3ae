/**
 * The API benchmark's catalogue: four merchants in one city and twenty published deals, filled in
 * the way a merchant would (HTML description, terms, an image and a gallery, a price cut, a
 * category, some with limited units, some sold to groups, most with reviews), so the list body has
 * a realistic size and every field of a listed deal carries a value.
 */
import type { Db } from '../../server/db/client';
import { buildCategory, buildDeal, buildMerchant } from '../../server/db/factories';

export const DEAL_COUNT = 20;

const MERCHANTS = ['Harbor Sushi House', 'Maple Day Spa', 'Riverside Climbing Gym', 'Golden Noodle Bar'];
const ITEMS = ['Sushi Platter for Two', 'Hot Stone Massage', 'Climbing Session with Gear', 'Ramen Bowl Set', 'Tasting Menu Dinner'];
const CATEGORIES = [
  { slug: 'food', name: 'Food & Drink', icon: 'utensils' },
  { slug: 'beauty', name: 'Beauty & Spas', icon: 'sparkles' },
  { slug: 'activities', name: 'Things to Do', icon: 'ticket' },
];

export async function seedCatalog(db: Db): Promise<void> {
  const categoryIds: string[] = [];
  for (const [position, category] of CATEGORIES.entries()) categoryIds.push((await buildCategory(db, { ...category, position })).id);
  const merchantIds: string[] = [];
  for (const [i, name] of MERCHANTS.entries()) {
    const description = `<p>${name} has served the neighbourhood since 2009.</p>`;
    merchantIds.push((await buildMerchant(db, { name, description, city: 'San Francisco', latitude: 37.77 + i / 100, longitude: -122.42 + i / 100 })).id);
  }
  const start = Date.now() - DEAL_COUNT * 60_000;
  for (let i = 0; i < DEAL_COUNT; i++) {
    const price = 1500 + ((i * 737) % 6000);
    await buildDeal(db, {
      merchantId: merchantIds[i % merchantIds.length]!,
      title: `${['Weekend', 'Classic', 'Deluxe', 'Family'][i % 4]} ${ITEMS[i % ITEMS.length]}`,
      description:
        '<p>Enjoy a relaxing afternoon with friends. <strong>Fresh ingredients prepared daily.</strong></p>' +
        '<ul><li>Valid for new and returning guests</li><li>Includes a complimentary drink</li></ul>',
      priceCents: price,
      originalPriceCents: Math.round(price * 1.6),
      imageUrl: `/api/placeholder/400/300?deal=${i}`,
      galleryUrls: i % 2 === 0 ? [`/api/placeholder/400/300?deal=${i}&view=2`, `/api/placeholder/400/300?deal=${i}&view=3`] : [],
      categoryId: categoryIds[i % categoryIds.length]!,
      ...(i % 5 === 0 ? { groupSize: 3, groupPriceCents: price - 300, groupWindowHours: 48 } : {}),
      reviewCount: i % 4 === 3 ? 0 : 3 + i,
      ratingSum: i % 4 === 3 ? 0 : Math.round((3 + i) * (3.6 + (i % 5) / 4)),
      inventory: i % 3 === 0 ? 0 : 200,
      maxPerUser: 1 + (i % 4),
      validUntil: new Date(Date.now() + 90 * 86_400_000),
      redemptionInstructions: 'Show the voucher code and PIN at the counter.',
      termsConditions: 'One voucher per visit. Not valid with other offers. Booking required on weekends.',
      createdAt: new Date(start + i * 60_000),
    });
  }
}
