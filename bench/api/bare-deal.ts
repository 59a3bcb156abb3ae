/**
 * The bare yardstick's own shaping of a row of our first-page query (listedPage in
 * server/catalog/deal-list.ts, read with rowMode 'array') into the contract's deal: what a
 * hand-written server would do, without the query builder's mapping or the response schema. Its
 * output must be byte for byte what our server sends; bare-deal.postgres.test.ts holds it to that,
 * so a field added to the list shows here before a benchmark run does.
 */

/** The columns in the order the query selects them. */
export type Row = [
  id: string, merchantId: string, title: string, description: string, priceCents: number, originalPriceCents: number | null,
  imageUrl: string, active: boolean, status: string, inventory: number, maxPerUser: number, validFrom: Date | null,
  validUntil: Date | null, redemptionInstructions: string, termsConditions: string, refundAnytime: boolean, autoRefundOnExpiry: boolean,
  groupSize: number | null, groupPriceCents: number | null, groupWindowHours: number | null, galleryUrls: string[], rating: string,
  reviewCount: number, createdAt: Date, merchantName: string, city: string | null, latitude: number | null, longitude: number | null,
  categorySlug: string | null, categoryName: string | null, categoryNameZh: string | null, categoryIcon: string | null,
  cursorKey: string, distanceKm: number | null, unitsTaken: number, boughtCount: number, soldTodayCount: number, openGroupCount: number,
];

/** A row as the contract's deal, with its fields in the contract's order, for a reader of English (the category's Chinese name goes unused). */
export function presentRow(r: Row) {
  const [
    id, merchantId, title, description, priceCents, originalPriceCents, imageUrl, active, status, inventory, maxPerUser, validFrom, validUntil,
    redemptionInstructions, termsConditions, refundAnytime, autoRefundOnExpiry, groupSize, groupPriceCents, groupWindowHours, galleryUrls,
    rating, reviewCount, createdAt, merchantName, city, latitude, longitude, categorySlug, categoryName, , categoryIcon, , , taken, boughtCount,
    soldTodayCount, openGroupCount,
  ] = r;
  const limited = inventory > 0;
  return {
    id,
    merchantId,
    merchantName,
    title,
    description,
    priceCents,
    originalPriceCents,
    discountPercent: originalPriceCents !== null && originalPriceCents > 0 && originalPriceCents > priceCents ? Math.round((1 - priceCents / originalPriceCents) * 100) : null,
    imageUrl,
    active,
    status,
    inventory,
    maxPerUser,
    validFrom: validFrom?.toISOString() ?? null,
    validUntil: validUntil?.toISOString() ?? null,
    redemptionInstructions,
    termsConditions,
    boughtCount,
    soldTodayCount,
    remaining: limited ? Math.max(0, inventory - taken) : null,
    soldOut: limited && taken >= inventory,
    refundAnytime,
    autoRefundOnExpiry,
    groupSize,
    groupPriceCents,
    groupWindowHours,
    openGroupCount,
    category: categorySlug === null ? null : { slug: categorySlug, name: categoryName, icon: categoryIcon },
    galleryUrls,
    rating: Number(rating),
    reviewCount,
    soldCount: boughtCount,
    city,
    latitude,
    longitude,
    distanceKm: null,
    createdAt: createdAt.toISOString(),
  };
}
