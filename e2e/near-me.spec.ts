// Journeys: a shopper whose browser shares a position in San Francisco chooses Nearest and sees the nearest deals first,
// each card with its distance; a shopper whose browser gives no position keeps the previous order and is told why.
import { test, expect } from './fixtures';
import { dealCards, PHONE_VIEWPORT } from './catalog';
import { adminSetup, cardDistanceKm, SAN_FRANCISCO, uniqueTag } from './discovery';

for (const [width, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE_VIEWPORT],
] as const) {
  test.describe(`near me at ${width} width`, () => {
    test.use({ geolocation: SAN_FRANCISCO, permissions: ['geolocation'], ...(viewport ? { viewport } : {}) });

    test('Nearest lists deals by distance from the browser position, with the distance on each card', async ({ page }) => {
      const tag = uniqueTag();
      const admin = await adminSetup(page.request);
      // About 4 km, 300 m and 1.5 km north of the shopper, created out of order.
      for (const [name, dLat] of [
        ['Far Bakery', 0.036],
        ['Next Door Cafe', 0.0027],
        ['Midway Gym', 0.0135],
      ] as const) {
        const merchant = await admin.createMerchant(`${name} ${tag}`, { city: 'San Francisco', latitude: SAN_FRANCISCO.latitude + dLat, longitude: SAN_FRANCISCO.longitude });
        await admin.createDeal(merchant.id, `${name} Voucher ${tag}`);
      }

      await page.goto('/');
      await expect(dealCards(page).first()).toBeVisible();
      await page.getByRole('button', { name: 'Filter' }).click();
      const panel = page.getByRole('dialog', { name: 'Filter deals' });
      await panel.getByLabel('Sort by').selectOption({ label: 'Nearest' });
      await panel.getByRole('button', { name: 'Apply filters' }).click();

      await expect(page).toHaveURL(/\/\?sort=nearest&lat=37\.779&lng=-122\.419$/);
      await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'true');
      await expect(dealCards(page).filter({ hasText: `Next Door Cafe Voucher ${tag}` })).toContainText('300 m');
      const distances: number[] = [];
      for (const card of await dealCards(page).all()) {
        const km = await cardDistanceKm(card);
        if (km !== null) distances.push(km);
      }
      expect(distances.length).toBeGreaterThanOrEqual(3);
      expect(distances).toEqual(distances.toSorted((a, b) => a - b));
      const ours = await Promise.all(
        ['Next Door Cafe', 'Midway Gym', 'Far Bakery'].map((name) => cardDistanceKm(dealCards(page).filter({ hasText: `${name} Voucher ${tag}` }))),
      );
      expect(ours).toEqual(ours.toSorted((a, b) => (a ?? 0) - (b ?? 0)));
    });
  });
}

test.describe('near me without a position', () => {
  // The browser logs the blocked request; the page itself must stay calm.
  test.use({ allowedConsoleErrors: [/Permissions policy violation: Geolocation/] });

  test('keeps the previous order and says politely why', async ({ page }) => {
    await page.goto('/?sort=price_asc');
    await expect(dealCards(page).first()).toBeVisible();
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('status').filter({ hasText: /so the deals keep their previous order/ })).toBeVisible();
    await expect(page).toHaveURL('/?sort=price_asc');
    await expect(page.getByRole('button', { name: 'Near me' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).toHaveText(['Sorted: Price low to high(remove filter)']);
  });
});
