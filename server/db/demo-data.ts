/** The demo catalogue of ADR 020, loaded into an empty database. */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { merchants } from './schema';
import { buildDeal, buildMerchant, buildMerchantAccount, buildReview, buildUser } from './factories';

export const DEMO_CUSTOMER = { phone: '5550000001', password: 'demo1234' } as const;
export const DEMO_MERCHANT = { phone: '5550100001', password: 'merchant-5550100001' } as const;
/** Staff of the demo merchant (ADR 028): redeems at the counter, nothing else. */
export const DEMO_STAFF = { phone: '5550100009', password: 'staff-5550100009', name: 'Kenji Sato' } as const;

interface DemoDeal {
  title: string;
  priceCents: number;
  image: string;
  inventory: number;
  maxPerUser: number;
  description: string;
  instructions: string;
  terms: string;
}

/** A deal the merchant proposed and a superadmin has not published: waiting for review, or turned down. */
type DemoProposal = DemoDeal & ({ status: 'pending_review' } | { status: 'rejected'; rejectionReason: string });

interface DemoMerchant {
  name: string;
  phone: string;
  address: string;
  description: string;
  hours: Record<string, string>;
  deals: DemoDeal[];
  /** Shown on the merchant's own deal screens and the review queue, never in the shop. */
  proposals?: DemoProposal[];
}

const standardTerms =
  '<ul><li>Valid for 30 days after purchase unless stated otherwise.</li><li>Not valid with other offers.</li><li>No cash value; no change given.</li></ul>';

export const DEMO_MERCHANTS: DemoMerchant[] = [
  {
    name: 'Sakura Sushi House',
    phone: DEMO_MERCHANT.phone,
    address: '128 Cherry Blossom Ave, San Francisco, CA',
    description: 'Family-run sushi bar serving fish flown in daily since 2009.',
    hours: { afternoon: '11:30-14:30', evening: '17:00-22:00' },
    deals: [
      {
        title: 'Premium Sushi Platter for 2',
        priceCents: 1999,
        image: 'sushi-platter.svg',
        inventory: 200,
        maxPerUser: 4,
        description:
          '<p>A chef-selected platter of <strong>24 pieces</strong>: salmon and tuna nigiri, dragon roll, spicy tuna roll and seasonal sashimi.</p><ul><li>Miso soup for two</li><li>Edamame to share</li></ul>',
        instructions: '<p>Show your voucher code and PIN to your server before ordering. Dine-in only.</p>',
        terms: `${standardTerms}<p>Reservation recommended on weekends.</p>`,
      },
      {
        title: 'Omakase Lunch for 1',
        priceCents: 3499,
        image: 'omakase.svg',
        inventory: 40,
        maxPerUser: 2,
        description: '<p>Ten courses chosen by the chef at the counter, served at lunch on weekdays.</p>',
        instructions: '<p>Book the counter by phone and mention your voucher.</p>',
        terms: `${standardTerms}<p>Weekdays only, 11:30 to 14:30.</p>`,
      },
    ],
    proposals: [
      {
        status: 'pending_review',
        title: "Chef's Nigiri Tasting for 2",
        priceCents: 4499,
        image: 'omakase.svg',
        inventory: 60,
        maxPerUser: 2,
        description: '<p>Twelve pieces of nigiri each, made one at a time at the counter, with a cup of green tea.</p>',
        instructions: '<p>Book the counter by phone and show your voucher code and PIN when you arrive.</p>',
        terms: `${standardTerms}<p>Counter seats only.</p>`,
      },
      {
        status: 'rejected',
        rejectionReason: 'Please say which drinks are included and add a photo of the pairing.',
        title: 'Sake Pairing Night',
        priceCents: 2999,
        image: 'sushi-platter.svg',
        inventory: 30,
        maxPerUser: 2,
        description: '<p>Five small plates, each with a sake chosen to go with it.</p>',
        instructions: '<p>Thursdays from 19:00; reserve by phone.</p>',
        terms: `${standardTerms}<p>Guests must be 21 or older.</p>`,
      },
    ],
  },
  {
    name: 'Serenity Day Spa',
    phone: '5550100002',
    address: '45 Willow Lane, Oakland, CA',
    description: 'A calm retreat offering massages, facials and a thermal suite.',
    hours: { morning: '09:00-12:00', afternoon: '12:00-19:00' },
    deals: [
      {
        title: 'Luxury Spa Day Package',
        priceCents: 3999,
        image: 'spa-day.svg',
        inventory: 50,
        maxPerUser: 2,
        description:
          '<p>Unwind with a <strong>60-minute massage</strong>, a hydrating facial and all-day access to the sauna and steam room.</p>',
        instructions: '<p>Call ahead to book your treatments and arrive 15 minutes early.</p>',
        terms: `${standardTerms}<p>Guests must be 18 or older.</p>`,
      },
    ],
  },
  {
    name: 'Le Jardin Bistro',
    phone: '5550100003',
    address: '9 Garden Court, San Francisco, CA',
    description: 'French bistro with a garden terrace and a seasonal tasting menu.',
    hours: { evening: '18:00-23:00' },
    deals: [
      {
        title: 'Fine Dining Experience',
        priceCents: 5999,
        image: 'fine-dining.svg',
        inventory: 0,
        maxPerUser: 2,
        description:
          '<p>A <strong>four-course tasting menu</strong> for two with a glass of champagne each, served on the garden terrace.</p>',
        instructions: '<p>Reserve a table online or by phone and quote your voucher code.</p>',
        terms: `${standardTerms}<p>Dinner service only.</p>`,
      },
    ],
  },
  {
    name: 'Lotus Flow Yoga',
    phone: '5550100004',
    address: '300 Harmony St, Berkeley, CA',
    description: 'Vinyasa, yin and beginner classes in a light-filled studio.',
    hours: { morning: '07:00-11:00', evening: '17:30-21:00' },
    deals: [
      {
        title: '10 Yoga Classes Pass',
        priceCents: 4900,
        image: 'yoga.svg',
        inventory: 0,
        maxPerUser: 1,
        description: '<p>Ten drop-in classes of any style, mats and towels included.</p>',
        instructions: '<p>Sign up for a class online and show your voucher at the front desk.</p>',
        terms: `${standardTerms}<p>Classes must be used within 90 days of the first visit.</p>`,
      },
    ],
  },
  {
    name: 'Puzzle Vault Escape Rooms',
    phone: '5550100005',
    address: '77 Mystery Rd, San Jose, CA',
    description: 'Five themed escape rooms for groups of 2 to 8.',
    hours: { afternoon: '12:00-18:00', evening: '18:00-23:00' },
    deals: [
      {
        title: 'Escape Room Adventure for 4',
        priceCents: 6999,
        image: 'escape-room.svg',
        inventory: 30,
        maxPerUser: 1,
        description: '<p>Sixty minutes to break out of one of five themed rooms, for up to four players.</p>',
        instructions: '<p>Book a time slot online and enter your voucher code at checkout.</p>',
        terms: `${standardTerms}<p>Players under 14 must be accompanied by an adult.</p>`,
      },
    ],
  },
  {
    name: 'Roast & Co. Coffee',
    phone: '5550100006',
    address: '12 Bean Street, Palo Alto, CA',
    description: 'Small-batch roastery and café.',
    hours: { morning: '07:00-12:00', afternoon: '12:00-16:00' },
    deals: [
      {
        title: 'Coffee Tasting Flight for 2',
        priceCents: 1499,
        image: 'coffee.svg',
        inventory: 0,
        maxPerUser: 3,
        description: '<p>Taste four single-origin coffees side by side, with a pastry each.</p>',
        instructions: '<p>Show your voucher at the counter.</p>',
        terms: standardTerms,
      },
    ],
  },
  {
    name: 'Forno Kitchen School',
    phone: '5550100007',
    address: '58 Olive Way, San Mateo, CA',
    description: 'Hands-on cooking classes for every level.',
    hours: { evening: '18:00-21:00' },
    deals: [
      {
        title: 'Pizza-Making Class for 2',
        priceCents: 3499,
        image: 'pizza-class.svg',
        inventory: 24,
        maxPerUser: 2,
        description: '<p>Make dough from scratch, top and bake two Neapolitan pizzas in a wood-fired oven.</p>',
        instructions: '<p>Book a class date by email and bring your voucher code.</p>',
        terms: `${standardTerms}<p>Aprons provided; closed-toe shoes required.</p>`,
      },
    ],
  },
];

export const FEATURED_TITLES = ['Premium Sushi Platter for 2', 'Luxury Spa Day Package', 'Fine Dining Experience'];

const REVIEWERS = ['Emily Rogers', 'James Kim', 'Sofia Martinez', 'Liam Chen', 'Olivia Brown', 'Noah Patel', 'Ava Johnson', 'Lucas Nguyen'];
const REVIEW_TEXTS: [number, string][] = [
  [5, 'Fantastic value. Everything was exactly as described and the staff were lovely.'],
  [5, 'Booking was easy and redeeming the voucher took seconds. Will buy again.'],
  [4, 'Really good experience overall; it got busy, so book ahead.'],
  [5, 'One of the best deals I have bought. Highly recommended.'],
  [4, 'Great quality for the price. Small wait on arrival but worth it.'],
  [5, 'We went for a birthday and it made the day. Thank you!'],
  [4, 'Very good. I would have liked a little more time, but no complaints.'],
  [5, 'Friendly, professional and exactly what we hoped for.'],
];

/** Loads the demo catalogue when there are no merchants; returns whether it did. */
export async function loadDemoData(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(merchants);
  if (existing && Number(existing.n) > 0) return false;

  const reviewers = [];
  for (const [i, name] of REVIEWERS.entries()) {
    reviewers.push(await buildUser(db, { phone: `55500009${String(i).padStart(2, '0')}`, displayName: name }));
  }
  await buildUser(db, { phone: DEMO_CUSTOMER.phone, password: DEMO_CUSTOMER.password, displayName: 'Demo Customer' });

  // The three deals docs/product/rules.md#demo-data names are the newest, so they lead the newest-first list; the rest follow in order.
  const allTitles = DEMO_MERCHANTS.flatMap((m) => m.deals.map((d) => d.title));
  const ordered = [...FEATURED_TITLES, ...allTitles.filter((t) => !FEATURED_TITLES.includes(t))];
  for (const m of DEMO_MERCHANTS) {
    const merchant = await buildMerchant(db, {
      name: m.name,
      phone: m.phone,
      address: m.address,
      description: m.description,
      businessHours: m.hours,
      status: 'active',
    });
    if (m.phone === DEMO_MERCHANT.phone) {
      await buildMerchantAccount(db, merchant.id, { phone: m.phone, password: DEMO_MERCHANT.password, mustChangePassword: false });
      await buildMerchantAccount(db, merchant.id, {
        phone: DEMO_STAFF.phone,
        password: DEMO_STAFF.password,
        displayName: DEMO_STAFF.name,
        merchantRole: 'staff',
        mustChangePassword: false,
      });
    }
    for (const d of m.deals) {
      const deal = await buildDeal(db, {
        ...dealFields(merchant.id, d),
        status: 'published',
        active: true,
        createdAt: new Date(now.getTime() - ordered.indexOf(d.title) * 60_000),
      });
      for (const [i, [rating, comment]] of REVIEW_TEXTS.entries()) {
        const reviewer = reviewers[i]!;
        await buildReview(db, {
          dealId: deal.id,
          userId: reviewer.id,
          authorName: REVIEWERS[i]!,
          rating,
          comment,
          createdAt: new Date(now.getTime() - (i + 1) * 3 * 86_400_000),
        });
      }
    }
    // Handed in two days ago; the rejected one was looked at since.
    for (const p of m.proposals ?? []) {
      await buildDeal(db, {
        ...dealFields(merchant.id, p),
        status: p.status,
        rejectionReason: p.status === 'rejected' ? p.rejectionReason : null,
        submittedAt: new Date(now.getTime() - 2 * 86_400_000),
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      });
    }
  }
  return true;
}

/**
 * A demo deal's stored fields. The rich text is written as the sanitiser (server/content/html.ts)
 * would leave it, and demo-data.test.ts holds it so; the database layer stores it as it is.
 */
function dealFields(merchantId: string, d: DemoDeal) {
  return {
    merchantId,
    title: d.title,
    description: d.description,
    priceCents: d.priceCents,
    originalPriceCents: Math.round(d.priceCents * 1.5),
    imageUrl: `/images/deals/${d.image}`,
    inventory: d.inventory,
    maxPerUser: d.maxPerUser,
    redemptionInstructions: d.instructions,
    termsConditions: d.terms,
  };
}
