/** Plain answers of the API for web tests: a deal, a merchant, a signed-in user, a voucher and a group, each with the fields a test cares about overridden. */
import { voucherEndpoints } from '../../contract/addresses';
import type { CurrentUser } from '../../contract/auth';
import type { Voucher } from '../../contract/checkout';
import type { Deal } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import type { Group } from '../../contract/groups';
import type { Merchant } from '../../contract/merchants';

/** A published, buyable deal of the demo sushi merchant. */
export function aDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: '592483c2-9f60-4fb7-b253-6afba1684388',
    merchantId: 'm1',
    merchantName: 'Sakura Sushi House',
    title: 'Premium Sushi Platter for 2',
    description: '',
    priceCents: 1999,
    originalPriceCents: 2999,
    discountPercent: 33,
    imageUrl: '',
    active: true,
    status: 'published',
    inventory: 200,
    maxPerUser: 4,
    validFrom: null,
    validUntil: null,
    redemptionInstructions: '',
    termsConditions: '',
    boughtCount: 0,
    soldTodayCount: 0,
    remaining: 200,
    soldOut: false,
    refundAnytime: true,
    autoRefundOnExpiry: true,
    groupSize: null,
    groupPriceCents: null,
    groupWindowHours: 24,
    openGroupCount: 0,
    category: null,
    galleryUrls: [],
    rating: 0,
    reviewCount: 0,
    soldCount: 0,
    city: null,
    latitude: null,
    longitude: null,
    distanceKm: null,
    createdAt: '2026-11-22T02:02:23.798Z',
    ...overrides,
  };
}

/** A signed-in customer with a password and nothing pending. */
export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    phone: '5550000001',
    phoneVerified: true,
    email: null,
    pendingEmail: null,
    role: 'customer',
    merchantId: null,
    merchantRole: null,
    hasPassword: true,
    mustChangePassword: false,
    ...overrides,
  };
}

/** An unused voucher of the demo spa deal, valid for 20 more days. */
export function aVoucher(overrides: Partial<Voucher> = {}): Voucher {
  const id = overrides.id ?? 'v1';
  return {
    id,
    orderId: '5fb239e9-aea5-4729-9a4e-6d7ff15099d5',
    dealId: 'd-spa',
    voucherCode: `CODE${id.toUpperCase().padStart(4, 'X')}`,
    voucherPin: '493117',
    qrCodeUrl: pathOf(voucherEndpoints.qr, { id }),
    status: 'active',
    redeemed: false,
    redeemedAt: null,
    redeemedBy: null,
    validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    expired: false,
    createdAt: new Date().toISOString(),
    dealTitle: 'Luxury Spa Day Package',
    priceCents: 3999,
    originalPriceCents: 5999,
    dealDescription: '',
    dealImage: '/images/deals/spa-day.svg',
    redemptionInstructions: '',
    termsConditions: '',
    merchantId: 'm-spa',
    merchantName: 'Serenity Day Spa',
    merchantAddress: '88 Willow Lane, Springfield',
    merchantPhone: '5550100002',
    merchantHours: '{"morning":"09:00-12:00","afternoon":"13:00-19:00"}',
    merchantLatitude: null,
    merchantLongitude: null,
    reviewed: false,
    refundAnytime: true,
    autoRefundOnExpiry: true,
    refund: null,
    ...overrides,
  };
}

/** An open group of three for the sushi deal at $14.99 each: one member has paid, two places are open, five hours to go. */
export function aGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: '7d4a1c2e-5b6f-4e3a-9c8d-1f2e3a4b5c6d',
    status: 'open',
    size: 3,
    priceCents: 1499,
    seatsLeft: 2,
    paidCount: 1,
    members: [{ initials: 'AL' }],
    createdAt: new Date(Date.now() - 19 * 3_600_000).toISOString(),
    deadline: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    formedAt: null,
    mine: null,
    deal: aDeal({ groupSize: 3, groupPriceCents: 1499, groupWindowHours: 24 }),
    ...overrides,
  };
}

/** The demo sushi merchant, at its place in San Francisco. */
export function aMerchant(overrides: Partial<Merchant> = {}): Merchant {
  return {
    id: 'm1',
    name: 'Sakura',
    phone: '',
    address: '128 Cherry Blossom Ave',
    description: '',
    status: 'active',
    businessHours: null,
    city: null,
    latitude: 37.7853,
    longitude: -122.4294,
    createdAt: '2026-01-01T00:00:00.000Z',
    photoUrls: [],
    ...overrides,
  };
}
