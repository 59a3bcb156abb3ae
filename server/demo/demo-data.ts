/** The demo catalogue of ADR 020, with a little past business, loaded into an empty database. */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  CHECKOUT_HOLD_MINUTES,
  GROUP_WINDOW_HOURS_DEFAULT,
  STATEMENT_CLOSE_DELAY_MINUTES,
  VOUCHER_VALID_DAYS,
} from '../../contract/constants';
import type { Db, Tx } from '../db/client';
import { dealGroups, deals, groupMembers, holds, merchants, orderItems, orders, redemptions, userDealUnits, vouchers } from '../db/schema';
import { unitsTakenOf } from '../db/stock-reads';
import { buildCategory, buildDeal, buildMerchant, buildMerchantAccount, buildReview, buildUser, setUnitsTaken } from '../db/factories';
import { drawVoucherCode } from '../orders/orders.service';
import { zonedWeekStart } from '../../contract/time-zones';

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
  /** A group offer (ADR 029): this many people each pay this price. */
  group?: { size: number; priceCents: number };
  /** More photos after the main picture, from the same folder. */
  gallery?: string[];
}

/** A deal the merchant proposed and a superadmin has not published: waiting for review, or turned down. */
type DemoProposal = DemoDeal & ({ status: 'pending_review' } | { status: 'rejected'; rejectionReason: string });

interface DemoMerchant {
  name: string;
  phone: string;
  address: string;
  /** The slug of DEMO_CATEGORIES every deal of the merchant is in. */
  category: string;
  /** In San Francisco, a few km apart, so the nearest order has something to sort. */
  place: { latitude: number; longitude: number };
  description: string;
  hours: Record<string, string>;
  deals: DemoDeal[];
  /** Shown on the merchant's own deal screens and the review queue, never in the shop. */
  proposals?: DemoProposal[];
}

/** The demo's categories, in their order, each named in English and Chinese (docs/product/rules.md#demo-data). */
export const DEMO_CATEGORIES = [
  { slug: 'food', name: 'Food', nameZh: '美食', icon: 'utensils' },
  { slug: 'spa-beauty', name: 'Spa & Beauty', nameZh: '水疗美容', icon: 'sparkles' },
  { slug: 'fitness', name: 'Fitness', nameZh: '健身', icon: 'dumbbell' },
  { slug: 'activities', name: 'Activities', nameZh: '休闲活动', icon: 'compass' },
  { slug: 'classes', name: 'Classes', nameZh: '课程', icon: 'graduation-cap' },
] as const;

/** Every demo merchant's city. */
export const DEMO_CITY = 'San Francisco';
/** Every demo merchant's clock (ADR 039): the zone its place lies in. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

const standardTerms =
  '<ul><li>Valid for 30 days after purchase unless stated otherwise.</li><li>Not valid with other offers.</li><li>No cash value; no change given.</li></ul>';

export const DEMO_MERCHANTS: DemoMerchant[] = [
  {
    name: 'Sakura Sushi House',
    category: 'food',
    place: { latitude: 37.7853, longitude: -122.4294 },
    phone: DEMO_MERCHANT.phone,
    address: '128 Cherry Blossom Ave, San Francisco, CA',
    description: 'Family-run sushi bar serving fish flown in daily since 2009.',
    hours: { afternoon: '11:30-14:30', evening: '17:00-22:00' },
    deals: [
      {
        title: 'Premium Sushi Platter for 2',
        priceCents: 1999,
        image: 'sushi-platter.svg',
        gallery: ['omakase.svg', 'fine-dining.svg'],
        inventory: 200,
        // The demo customer has three already (DEMO_PAST_ORDERS): room left for each way of buying the README shows.
        maxPerUser: 8,
        group: { size: 3, priceCents: 1499 },
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
    category: 'spa-beauty',
    place: { latitude: 37.7502, longitude: -122.4337 },
    phone: '5550100002',
    address: '45 Willow Lane, San Francisco, CA',
    description: 'A calm retreat offering massages, facials and a thermal suite.',
    hours: { morning: '09:00-12:00', afternoon: '12:00-19:00' },
    deals: [
      {
        title: 'Luxury Spa Day Package',
        priceCents: 3999,
        image: 'spa-day.svg',
        gallery: ['yoga.svg'],
        inventory: 50,
        maxPerUser: 2,
        group: { size: 2, priceCents: 2999 },
        description:
          '<p>Unwind with a <strong>60-minute massage</strong>, a hydrating facial and all-day access to the sauna and steam room.</p>',
        instructions: '<p>Call ahead to book your treatments and arrive 15 minutes early.</p>',
        terms: `${standardTerms}<p>Guests must be 18 or older.</p>`,
      },
    ],
  },
  {
    name: 'Le Jardin Bistro',
    category: 'food',
    place: { latitude: 37.8003, longitude: -122.4101 },
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
    category: 'fitness',
    place: { latitude: 37.7599, longitude: -122.4148 },
    phone: '5550100004',
    address: '300 Harmony St, San Francisco, CA',
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
    category: 'activities',
    place: { latitude: 37.7785, longitude: -122.4056 },
    phone: '5550100005',
    address: '77 Mystery Rd, San Francisco, CA',
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
    category: 'food',
    place: { latitude: 37.7764, longitude: -122.4241 },
    phone: '5550100006',
    address: '12 Bean Street, San Francisco, CA',
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
    category: 'classes',
    place: { latitude: 37.8030, longitude: -122.4370 },
    phone: '5550100007',
    address: '58 Olive Way, San Francisco, CA',
    description: 'Hands-on cooking classes for every level.',
    hours: { evening: '18:00-21:00' },
    deals: [
      {
        title: 'Pizza-Making Class for 2',
        priceCents: 3499,
        image: 'pizza-class.svg',
        gallery: ['fine-dining.svg', 'coffee.svg'],
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long before `now` the demo merchants opened on the marketplace: before every review and order. */
const OPENED_DAYS_AGO = 30;

const PLATTER = 'Premium Sushi Platter for 2';
const OMAKASE = 'Omakase Lunch for 1';

/** A moment of a week: days after its Monday, then the time of day (in the demo merchants' zone, bar a change of clocks in the week). */
const weekday = (days: number, hours: number, minutes: number) => days * DAY + hours * HOUR + minutes * MINUTE;

interface PastOrder {
  paidDaysAgo: number;
  /** One entry per unit: when in the last closed week it was redeemed, or null when it is still to use. */
  lines: { title: string; units: (number | null)[] }[];
}

/**
 * The demo customer's past business with Sakura Sushi House (ADR 020): three orders paid 13, 11 and 9
 * days before `now`, five units in all, within each deal's limit per customer. Three platters of eight
 * leave room for every example the README gives (Buy alone, Start a group, Join the open group, and more);
 * the two omakase lunches are the deal's limit, so its page shows a customer who may buy no more. Four
 * were redeemed at the counter during the last closed week, so its statement holds four lines; the last
 * platter is still valid (and refundable). A redemption planned before its order was paid (the week
 * began after it) happens a day after the payment instead, still within the week.
 */
export const DEMO_PAST_ORDERS: readonly PastOrder[] = [
  { paidDaysAgo: 13, lines: [{ title: PLATTER, units: [weekday(1, 19, 10), weekday(1, 19, 10)] }] },
  { paidDaysAgo: 11, lines: [{ title: OMAKASE, units: [weekday(3, 12, 5)] }] },
  {
    paidDaysAgo: 9,
    lines: [
      { title: PLATTER, units: [null] },
      { title: OMAKASE, units: [weekday(5, 12, 30)] },
    ],
  },
];

/** Monday 00:00 in the demo merchants' zone of the week `time` falls in, as statements count their weeks (ADR 028, 039). */
function mondayOf(time: number): number {
  return zonedWeekStart(new Date(time), DEMO_TIME_ZONE).getTime();
}

/** When each past order was paid and each of its units redeemed (null: not yet), for a given `now`. */
export function pastOrderTimes(now: Date): { paidAt: Date; lines: { title: string; redeemedAt: (Date | null)[] }[] }[] {
  // The last week a statement may be drawn up for at `now` (server/settlement: lastClosedWeekEnd).
  const weekStart = mondayOf(now.getTime() - STATEMENT_CLOSE_DELAY_MINUTES * MINUTE) - 7 * DAY;
  return DEMO_PAST_ORDERS.map((order) => {
    const paidAt = now.getTime() - order.paidDaysAgo * DAY;
    return {
      paidAt: new Date(paidAt),
      lines: order.lines.map((line) => ({
        title: line.title,
        // Two units redeemed at one visit are two minutes apart, as a counter would take them.
        redeemedAt: line.units.map((planned, unit) => (planned === null ? null : new Date(Math.max(weekStart + planned, paidAt + DAY) + unit * 2 * MINUTE))),
      })),
    };
  });
}

/** An arbitrary constant key for the advisory lock under which the demo data is loaded. */
const DEMO_DATA_LOCK_KEY = 7_340_113;

/**
 * Loads the demo catalogue and its past business when there are no merchants, in one transaction, so
 * a start that fails half-way leaves the database empty for the next; returns whether it did. Loads
 * take turns under an advisory lock, so of servers started together on an empty database one loads
 * and the others find the merchants there (the server's start also loads it under the migrations' lock).
 */
export async function loadDemoData(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Waiting for another server's load may take longer than the pool lets a statement wait or run.
    await tx.execute(sql`select set_config('lock_timeout', '0', true), set_config('statement_timeout', '0', true)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_DATA_LOCK_KEY})`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(merchants);
    if (existing && Number(existing.n) > 0) return false;
    await loadCatalogue(tx, now);
    return true;
  });
}

async function loadCatalogue(tx: Tx, now: Date): Promise<void> {
  const opened = new Date(now.getTime() - OPENED_DAYS_AGO * DAY);
  const reviewers = [];
  for (const [i, name] of REVIEWERS.entries()) {
    reviewers.push(await buildUser(tx, { phone: `55500009${String(i).padStart(2, '0')}`, displayName: name, createdAt: opened }));
  }
  const customer = await buildUser(tx, { phone: DEMO_CUSTOMER.phone, password: DEMO_CUSTOMER.password, displayName: 'Demo Customer', createdAt: opened });

  // The three deals docs/product/rules.md#demo-data names are the newest, so they lead the newest-first list; the rest follow in order.
  const allTitles = DEMO_MERCHANTS.flatMap((m) => m.deals.map((d) => d.title));
  const ordered = [...FEATURED_TITLES, ...allTitles.filter((t) => !FEATURED_TITLES.includes(t))];
  const categoryIds = new Map<string, string>();
  for (const [position, c] of DEMO_CATEGORIES.entries()) categoryIds.set(c.slug, (await buildCategory(tx, { ...c, position, createdAt: opened })).id);
  for (const m of DEMO_MERCHANTS) {
    const merchant = await buildMerchant(tx, {
      name: m.name,
      phone: m.phone,
      address: m.address,
      city: DEMO_CITY,
      latitude: m.place.latitude,
      longitude: m.place.longitude,
      timeZone: DEMO_TIME_ZONE,
      description: m.description,
      businessHours: m.hours,
      status: 'active',
      createdAt: opened,
    });
    let owner: { id: string } | null = null;
    if (m.phone === DEMO_MERCHANT.phone) {
      owner = await buildMerchantAccount(tx, merchant.id, { phone: m.phone, password: DEMO_MERCHANT.password, mustChangePassword: false, createdAt: opened });
      await buildMerchantAccount(tx, merchant.id, {
        phone: DEMO_STAFF.phone,
        password: DEMO_STAFF.password,
        displayName: DEMO_STAFF.name,
        merchantRole: 'staff',
        mustChangePassword: false,
        createdAt: opened,
      });
    }
    const dealsByTitle = new Map<string, DealSold>();
    for (const d of m.deals) {
      const deal = await buildDeal(tx, {
        ...dealFields(merchant.id, d),
        categoryId: categoryIds.get(m.category)!,
        status: 'published',
        active: true,
        createdAt: new Date(opened.getTime() - ordered.indexOf(d.title) * MINUTE),
      });
      dealsByTitle.set(d.title, deal);
      for (const [i, [rating, comment]] of REVIEW_TEXTS.entries()) {
        const reviewer = reviewers[i]!;
        await buildReview(tx, {
          dealId: deal.id,
          userId: reviewer.id,
          authorName: REVIEWERS[i]!,
          rating,
          comment,
          createdAt: new Date(now.getTime() - (i + 1) * 3 * DAY),
        });
      }
    }
    // Handed in two days ago; the rejected one was looked at since.
    for (const p of m.proposals ?? []) {
      await buildDeal(tx, {
        ...dealFields(merchant.id, p),
        categoryId: categoryIds.get(m.category)!,
        status: p.status,
        rejectionReason: p.status === 'rejected' ? p.rejectionReason : null,
        submittedAt: new Date(now.getTime() - 2 * DAY),
        createdAt: new Date(now.getTime() - 3 * DAY),
      });
    }
    if (owner) await loadPastBusiness(tx, { customerId: customer.id, ownerId: owner.id, merchantId: merchant.id, deals: dealsByTitle }, now);
    for (const d of m.deals) if (d.group) await loadOpenGroup(tx, { starterId: reviewers[0]!.id, deal: dealsByTitle.get(d.title)!, group: d.group }, now);
  }
  // The past business's vouchers counted into the popular order's key, as the minute job would.
  await tx.update(deals).set({ soldCount: sql`(select count(*)::int from "vouchers" v where v."deal_id" = "deals"."id")` });
}

/**
 * An open group of each deal with a group offer (ADR 029), started two hours ago by a demo reviewer
 * who has paid, so that the deal's page has a group to join: written as the group checkout and its
 * payment leave it (the order placed with its hold and its place, then paid; the ledger's trigger
 * writes the payment), the unit taken from the offer and counted against the starter's allowance.
 */
async function loadOpenGroup(tx: Tx, at: { starterId: string; deal: DealSold; group: { size: number; priceCents: number } }, now: Date): Promise<void> {
  const startedAt = new Date(now.getTime() - 2 * 60 * MINUTE);
  const paidAt = new Date(startedAt.getTime() + 3 * MINUTE);
  const expiresAt = new Date(startedAt.getTime() + (CHECKOUT_HOLD_MINUTES + 5) * MINUTE);
  const [order] = await tx
    .insert(orders)
    .values({
      userId: at.starterId,
      provider: 'test',
      providerSessionId: `cs_test_${randomBytes(18).toString('base64url')}`,
      totalCents: at.group.priceCents,
      status: 'pending',
      createdAt: startedAt,
      expiresAt,
    })
    .returning({ id: orders.id });
  const [item] = await tx
    .insert(orderItems)
    .values({ orderId: order!.id, dealId: at.deal.id, quantity: 1, unitPriceCents: at.group.priceCents, title: at.deal.title })
    .returning({ id: orderItems.id });
  await tx.insert(holds).values({ orderItemId: item!.id, dealId: at.deal.id, userId: at.starterId, quantity: 1, status: 'converted', expiresAt, createdAt: startedAt });
  const [group] = await tx
    .insert(dealGroups)
    .values({
      dealId: at.deal.id,
      startedBy: at.starterId,
      size: at.group.size,
      priceCents: at.group.priceCents,
      seatsTaken: 1,
      paidCount: 1,
      createdAt: startedAt,
      deadline: new Date(startedAt.getTime() + GROUP_WINDOW_HOURS_DEFAULT * 60 * MINUTE),
    })
    .returning({ id: dealGroups.id });
  await tx.insert(groupMembers).values({ groupId: group!.id, userId: at.starterId, orderId: order!.id, status: 'paid', createdAt: startedAt, paidAt });
  await tx.update(orders).set({ status: 'paid', paidAt, paymentRef: `pi_test_${randomUUID()}` }).where(eq(orders.id, order!.id));
  await tx
    .insert(userDealUnits)
    .values({ userId: at.starterId, dealId: at.deal.id, units: 1 })
    .onConflictDoUpdate({ target: [userDealUnits.userId, userDealUnits.dealId], set: { units: sql`${userDealUnits.units} + 1` } });
  await setUnitsTaken(tx, at.deal.id, (await unitsTakenOf(tx, at.deal.id)) + 1);
}

type DealSold = { id: string; title: string; priceCents: number };

/**
 * The demo customer's past orders (DEMO_PAST_ORDERS), written as the purchase path leaves them: each
 * order placed with its items and holds, then paid and fulfilled (the database's trigger writes its
 * payment into the ledger) with one voucher per unit; the customer's units per deal and the deals'
 * stock taken; and the redemptions by the merchant's owner, logged with their price. The first sweep
 * draws up the last closed week's statement from them (server/settlement).
 */
async function loadPastBusiness(
  tx: Tx,
  at: { customerId: string; ownerId: string; merchantId: string; deals: ReadonlyMap<string, DealSold> },
  now: Date,
): Promise<void> {
  const unitsOf = new Map<string, number>();
  for (const order of pastOrderTimes(now)) {
    const lines = order.lines.map((line) => ({ ...line, deal: at.deals.get(line.title)! }));
    const placedAt = new Date(order.paidAt.getTime() - 4 * MINUTE);
    // The holds' lifetime at checkout: the payment page's, plus five minutes.
    const expiresAt = new Date(placedAt.getTime() + (CHECKOUT_HOLD_MINUTES + 5) * MINUTE);
    const [placed] = await tx
      .insert(orders)
      .values({
        userId: at.customerId,
        provider: 'test',
        providerSessionId: `cs_test_${randomBytes(18).toString('base64url')}`,
        totalCents: lines.reduce((sum, l) => sum + l.redeemedAt.length * l.deal.priceCents, 0),
        status: 'pending',
        createdAt: placedAt,
        expiresAt,
      })
      .returning({ id: orders.id });
    const orderId = placed!.id;
    const items = await tx
      .insert(orderItems)
      .values(lines.map((l) => ({ orderId, dealId: l.deal.id, quantity: l.redeemedAt.length, unitPriceCents: l.deal.priceCents, title: l.deal.title })))
      .returning({ id: orderItems.id, dealId: orderItems.dealId });
    const itemOf = new Map(items.map((i) => [i.dealId, i.id]));
    await tx.insert(holds).values(
      lines.map((l) => ({
        orderItemId: itemOf.get(l.deal.id)!,
        dealId: l.deal.id,
        userId: at.customerId,
        quantity: l.redeemedAt.length,
        status: 'converted' as const,
        expiresAt,
        createdAt: placedAt,
      })),
    );
    await tx
      .update(orders)
      .set({ status: 'paid', paidAt: order.paidAt, fulfilledAt: order.paidAt, paymentRef: `pi_test_${randomUUID()}` })
      .where(eq(orders.id, orderId));

    for (const line of lines) {
      unitsOf.set(line.deal.id, (unitsOf.get(line.deal.id) ?? 0) + line.redeemedAt.length);
      for (const [unitIndex, redeemedAt] of line.redeemedAt.entries()) {
        const { code, pin } = drawVoucherCode();
        const [voucher] = await tx
          .insert(vouchers)
          .values({
            orderId,
            orderItemId: itemOf.get(line.deal.id)!,
            unitIndex,
            dealId: line.deal.id,
            userId: at.customerId,
            code,
            pin,
            validUntil: new Date(order.paidAt.getTime() + VOUCHER_VALID_DAYS * DAY),
            createdAt: order.paidAt,
            ...(redeemedAt ? { status: 'redeemed' as const, redeemed: true, redeemedAt, redeemedBy: at.ownerId } : {}),
          })
          .returning({ id: vouchers.id });
        if (!redeemedAt) continue;
        await tx.insert(redemptions).values({
          voucherId: voucher!.id,
          voucherCode: code,
          dealId: line.deal.id,
          merchantId: at.merchantId,
          actorUserId: at.ownerId,
          success: true,
          reason: null,
          priceCents: line.deal.priceCents,
          createdAt: redeemedAt,
        });
      }
    }
  }
  // Deals in id order, as every writer of stock touches them.
  for (const [dealId, units] of [...unitsOf].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.insert(userDealUnits).values({ userId: at.customerId, dealId, units });
    await setUnitsTaken(tx, dealId, units);
  }
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
    galleryUrls: (d.gallery ?? []).map((image) => `/images/deals/${image}`),
    inventory: d.inventory,
    maxPerUser: d.maxPerUser,
    redemptionInstructions: d.instructions,
    termsConditions: d.terms,
    groupSize: d.group?.size ?? null,
    groupPriceCents: d.group?.priceCents ?? null,
  };
}
