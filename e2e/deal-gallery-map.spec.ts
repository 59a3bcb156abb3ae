// Journey: a shopper opens the demo sushi deal, which has a photo gallery, and moves through its photos with the
// thumbnails, the arrow keys and Previous/Next (on a phone also by swiping the photo); further down, the merchant's
// location shows its address and "Open in maps". The map's tiles cannot load here, so the map steps aside and only the
// address and its link remain (with a stand-in tile server the map shows, as a picture that is no keyboard stop); the
// printable voucher shows the address and the same link, and prints the address.
import type { Page } from '@playwright/test';
import { signInAsNewCustomer } from './accounts';
import { dealCard, PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible, MAP_TILES } from './fixtures';
import { buyThroughApi } from './purchase-helpers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';

/** The demo sushi merchant's position (server/db/demo-data.ts) and its place on OpenStreetMap. */
const SUSHI_MAP = 'https://www.openstreetmap.org/?mlat=37.7853&mlon=-122.4294#map=17/37.7853/-122.4294';
/** A 1 x 1 grey PNG. */
const GREY_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGM4AQAAygDJmcpdfgAAAABJRU5ErkJggg==';
/** The sushi platter's picture and its two gallery photos. */
const PHOTOS = 3;

const thumbnail = (page: Page, n: number) => page.getByRole('button', { name: `Photo ${n} of ${PHOTOS}`, exact: true });
const largePhoto = (page: Page, n: number) =>
  page.getByRole('group', { name: 'Photos' }).getByRole('img', { name: n === 1 ? SUSHI.title : `${SUSHI.title}, photo ${n} of ${PHOTOS}`, exact: true });

async function expectShowing(page: Page, n: number) {
  await expect(thumbnail(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(largePhoto(page, n)).toBeInViewport();
}

for (const viewport of [null, PHONE_VIEWPORT]) {
  const width = viewport ? 'phone' : 'desktop';

  test.describe(`the deal page's photos and location (${width})`, () => {
    if (viewport) test.use({ viewport });

    test('moves through the photos with the keyboard, and shows the address with Open in maps when the map cannot load', async ({ page }) => {
      await page.goto('/');
      await dealCard(page, SUSHI.title).getByRole('link', { name: SUSHI.title }).click();
      await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();

      // The first photo is the deal's picture, loaded at once; the others wait until they are wanted.
      await expectShowing(page, 1);
      await expect(largePhoto(page, 1)).not.toHaveAttribute('loading', 'lazy');
      await expect(page.getByRole('group', { name: 'Photos' }).locator('img[loading="lazy"]')).toHaveCount(PHOTOS - 1);

      // Thumbnails and the arrow keys, the focus following along the thumbnails.
      await thumbnail(page, 1).focus();
      await page.keyboard.press('ArrowRight');
      await expectShowing(page, 2);
      await expect(thumbnail(page, 2)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expectShowing(page, 3);
      await page.keyboard.press('ArrowRight');
      await expectShowing(page, 1);
      await page.keyboard.press('ArrowLeft');
      await expectShowing(page, 3);
      await expect(thumbnail(page, 3)).toBeFocused();

      // The large photo is a keyboard stop of its own, and Previous / Next step from either end.
      await page.getByRole('group', { name: 'Photos' }).focus();
      await page.keyboard.press('Home');
      await expectShowing(page, 1);
      await page.getByRole('button', { name: 'Previous photo' }).click();
      await expectShowing(page, 3);
      await page.getByRole('button', { name: 'Next photo' }).click();
      await expectShowing(page, 1);
      await thumbnail(page, 2).click();
      await expectShowing(page, 2);

      if (viewport) {
        // A swipe scrolls the photo strip; where it stops is the photo shown.
        await page.getByRole('group', { name: 'Photos' }).evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2, behavior: 'instant' }));
        await expect(thumbnail(page, 3)).toHaveAttribute('aria-current', 'true');
      }
      expect(await scrollsHorizontally(page)).toBe(false);

      // The location: the map asks for its tiles as it comes into view, they fail, and the address and its link remain.
      const tileAsked = page.waitForRequest(MAP_TILES);
      const location = page.getByRole('region', { name: 'Location' });
      await location.scrollIntoViewIfNeeded();
      await tileAsked;
      await expect(location.getByText(SUSHI.address, { exact: true })).toBeVisible();
      await expect(location.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', SUSHI_MAP);
      await expect(page.getByRole('img', { name: /^Map: / })).toHaveCount(0);
      await expect(location.locator('.leaflet-container')).toHaveCount(0);
      await expectAccessible(page, `/deal/{id} (gallery and location, ${width})`);
    });

    test('with tiles to be had, the map shows the place as a picture that takes no keyboard focus', async ({ page }) => {
      // A stand-in for the tile servers, which these journeys never reach: every tile is one grey pixel.
      await page.route(MAP_TILES, (route) => route.fulfill({ contentType: 'image/png', body: Buffer.from(GREY_PIXEL, 'base64') }));
      await page.goto('/');
      await dealCard(page, SUSHI.title).getByRole('link', { name: SUSHI.title }).click();
      const location = page.getByRole('region', { name: 'Location' });
      await location.scrollIntoViewIfNeeded();
      const map = location.getByRole('img', { name: `Map: ${SUSHI.address}` });
      await expect(map).toBeVisible();
      await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
      await expect(location.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
      await expect(location.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', SUSHI_MAP);
      // Leaflet's stylesheet came with it (its panes are positioned), and nothing in the map is a keyboard stop.
      expect(await map.evaluate((element) => getComputedStyle(element.querySelector('.leaflet-pane')!).position)).toBe('absolute');
      expect(await map.evaluate((element) => element.querySelectorAll('a, button, [tabindex]').length)).toBe(0);
      // Scrolled under the page's sticky header, the map stays beneath it (Leaflet gives its panes z-indexes of their own).
      await map.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 10));
      const header = page.getByRole('banner');
      const box = (await header.boundingBox())!;
      const underHeader = { x: box.x + box.width / 2, y: box.y + box.height - 4 };
      expect(await header.evaluate((banner, at) => banner.contains(document.elementFromPoint(at.x, at.y)), underHeader)).toBe(true);
      await expectAccessible(page, `/deal/{id} (map, ${width})`);
    });

    test('the printable voucher shows the address and Open in maps, and prints the address', async ({ page, request }) => {
      const { sessionId } = await signInAsNewCustomer(page);
      await buyThroughApi(request, sessionId, [{ dealId: await dealIdByTitle(request, SUSHI.title), quantity: 1 }]);
      const [voucher] = (await (await request.get(pathOf(voucherEndpoints.list), { headers: { authorization: `Bearer ${sessionId}` } })).json()) as Array<{
        id: string;
      }>;
      if (!voucher) throw new Error('the purchase issued no voucher');

      const tileAsked = page.waitForRequest(MAP_TILES);
      await page.goto(`/my/vouchers/${voucher.id}/print`);
      await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
      await page.getByRole('link', { name: 'Open in maps' }).scrollIntoViewIfNeeded();
      await tileAsked;
      await expect(page.getByText(SUSHI.address, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', SUSHI_MAP);
      await expect(page.getByRole('img', { name: /^Map: / })).toHaveCount(0);
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, `/my/vouchers/{id}/print (location, ${width})`);

      // Printed: the address stays, the link (of no use on paper) drops away.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByText(SUSHI.address, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open in maps' })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
    });
  });
}
