/**
 * The API benchmark's catalogue: four merchants and twenty published deals, filled in the way a
 * merchant would (HTML description, terms, an image, a price cut, some with limited units), so the
 * list body has a realistic size.
 */
import type { Db } from '../../server/db/client';
import { buildDeal, buildMerchant } from '../../server/db/factories';

export const DEAL_COUNT = 20;

const MERCHANTS = ['Harbor Sushi House', 'Maple Day Spa', 'Riverside Climbing Gym', 'Golden Noodle Bar'];
const ITEMS = ['Sushi Platter for Two', 'Hot Stone Massage', 'Climbing Session with Gear', 'Ramen Bowl Set', 'Tasting Menu Dinner'];

export async function seedCatalog(db: Db): Promise<void> {
  const merchantIds: string[] = [];
  for (const name of MERCHANTS) merchantIds.push((await buildMerchant(db, { name, description: `<p>${name} has served the neighbourhood since 2009.</p>` })).id);
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
      inventory: i % 3 === 0 ? 0 : 200,
      maxPerUser: 1 + (i % 4),
      validUntil: new Date(Date.now() + 90 * 86_400_000),
      redemptionInstructions: 'Show the voucher code and PIN at the counter.',
      termsConditions: 'One voucher per visit. Not valid with other offers. Booking required on weekends.',
      createdAt: new Date(start + i * 60_000),
    });
  }
}
