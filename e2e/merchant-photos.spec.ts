// Journey: photos from the phone. On a 390 px screen the demo merchant owner starts a new deal, uploads two photos
// from files, moves the second to be the cover, fills in the rest and hands the deal in; a superadmin approves it from
// the review queue, and the deal page shows the cover photo with its widths (srcset).
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { apiLogin, DEMO_MERCHANT, signInAsAdmin, signInAsDemoMerchant } from './accounts';
import { scrollsHorizontally } from './catalog';
import { test, expect, expectAccessible } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { PHOTO_WIDTHS, photoIdOf, photoSources, photoUrl } from '../contract/photos';
import { paths } from '../contract/routes';
import { workspaceEndpoints } from '../contract/workspace';

/** A small picture of one colour, written as a JPEG or a PNG. */
async function pictureFile(dir: string, name: string, color: { r: number; g: number; b: number }, format: 'jpeg' | 'png'): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })[format]().toFile(file);
  return file;
}

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('a merchant owner uploads photos from the phone, picks the cover, and the approved deal shows it with a srcset', async ({ page, request, browser }) => {
  const dir = test.info().outputPath('photos');
  mkdirSync(dir, { recursive: true });
  const red = await pictureFile(dir, 'red-bowl.jpg', { r: 200, g: 30, b: 30 }, 'jpeg');
  const blue = await pictureFile(dir, 'blue-plate.png', { r: 30, g: 60, b: 200 }, 'png');

  await signInAsDemoMerchant(page);
  const title = `Photo platter ${Date.now().toString(36)}`;
  await page.goto('/merchant/deals/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('spinbutton', { name: 'Price (USD)', exact: true }).fill('25.00');

  // Two photos from files, uploaded one after the other.
  const photos = page.getByRole('group', { name: 'Photos' });
  await photos.locator('input[type="file"][multiple]').setInputFiles([red, blue]);
  const first = photos.getByRole('img', { name: 'Photo 1', exact: true });
  const second = photos.getByRole('img', { name: 'Photo 2', exact: true });
  await expect(second).toBeVisible();
  await expect(first).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}\/800\.webp$/);
  const firstUrl = (await first.getAttribute('src'))!;
  const secondUrl = (await second.getAttribute('src'))!;
  expect(secondUrl).not.toBe(firstUrl);
  await expect(photos.getByText('Cover', { exact: true })).toHaveCount(1);

  // The second becomes the cover.
  await photos.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await expect(first).toHaveAttribute('src', secondUrl);
  await expect(second).toHaveAttribute('src', firstUrl);
  await expect(page.getByText('Photo 2 is now the cover.')).toBeAttached();
  await expectAccessible(page, '/merchant/deals/new (photos)');
  expect(await scrollsHorizontally(page)).toBe(false);

  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await description.click();
  await page.keyboard.type('A platter for two, photographed at the counter.');
  // A list, made with the editor's button.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).first().click();
  await page.keyboard.type('Twelve pieces of nigiri');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Miso soup');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.getByRole('alertdialog', { name: 'Submit for review?' }).getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/merchant\/deals$/);
  await expect(page.getByRole('article', { name: title, exact: true })).toContainText('Pending review');

  // Stored with the chosen cover first.
  const owner = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
  const mine = await request.get(pathOf(workspaceEndpoints.listDeals), { headers: { authorization: `Bearer ${owner}` } });
  const deal = ((await mine.json()) as Array<{ id: string; title: string; imageUrl: string; galleryUrls: string[]; description: string }>).find((d) => d.title === title);
  expect(deal).toMatchObject({ imageUrl: secondUrl, galleryUrls: [firstUrl] });
  expect(deal?.description).toContain('<ul><li><p>Twelve pieces of nigiri</p></li><li><p>Miso soup</p></li></ul>');

  // The superadmin, on a phone of their own, approves it from the review queue.
  const adminContext = await browser.newContext({ viewport: PHONE, baseURL: test.info().project.use.baseURL });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/deals');
  const entry = admin.getByRole('region', { name: '审核队列' }).getByRole('article', { name: title, exact: true });
  await entry.getByRole('button', { name: /^通过/ }).click();
  await expect(entry).toBeHidden();
  await adminContext.close();

  // The deal page shows the cover at the width it needs.
  await page.goto(paths.deal(deal!.id));
  const cover = page.getByRole('img', { name: title, exact: true }).first();
  await expect(cover).toHaveAttribute('src', secondUrl);
  const id = photoIdOf(secondUrl)!;
  await expect(cover).toHaveAttribute('srcset', photoSources(secondUrl).srcSet!);
  expect(photoSources(secondUrl).srcSet).toContain('1600w');
  await expect(cover).toHaveAttribute('sizes', /100vw/);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const chosen = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  expect(PHOTO_WIDTHS.map((width) => photoUrl(id, width))).toContain(chosen);
  expect(await scrollsHorizontally(page)).toBe(false);
});

test('a merchant owner adds a photo to its store page from the phone, and the store page shows it as the cover with a srcset', async ({ page }) => {
  const dir = test.info().outputPath('store-photos');
  mkdirSync(dir, { recursive: true });
  const green = await pictureFile(dir, 'shop-front.jpg', { r: 30, g: 160, b: 60 }, 'jpeg');

  await signInAsDemoMerchant(page);
  await page.goto(paths.merchantStore);
  await expect(page.getByRole('heading', { level: 1, name: 'Your store page' })).toBeVisible();
  const description = page.getByRole('textbox', { name: 'About your store' });
  await expect(description).toBeVisible();

  // One photo from a file; it becomes the cover when others were there before.
  const photos = page.getByRole('group', { name: 'Store photos' });
  const before = await photos.getByRole('img', { name: /^Photo \d+$/ }).count();
  await photos.locator('input[type="file"][multiple]').setInputFiles(green);
  const added = photos.getByRole('img', { name: `Photo ${before + 1}`, exact: true });
  await expect(added).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}\/800\.webp$/);
  const url = (await added.getAttribute('src'))!;
  if (before > 0) await photos.getByRole('button', { name: `Make photo ${before + 1} the cover` }).click();
  await expect(photos.getByRole('img', { name: 'Photo 1', exact: true })).toHaveAttribute('src', url);

  const words = `Fresh fish every morning ${Date.now().toString(36)}`;
  await description.fill(`  ${words}  `);
  await expectAccessible(page, '/merchant/store');
  expect(await scrollsHorizontally(page)).toBe(false);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Store page saved', { exact: true })).toBeVisible();
  await expect(description).toHaveValue(words);

  // The store page shows the photo as its cover, at the width it needs.
  const view = page.getByRole('link', { name: 'View your store page' });
  const storePath = (await view.getAttribute('href'))!;
  expect(storePath).toMatch(/^\/store\/[0-9a-f-]{36}$/);
  await view.click();
  await expect(page).toHaveURL(new RegExp(`${storePath}$`));
  const cover = page.getByRole('region', { name: 'Photos' }).getByRole('img').first();
  await expect(cover).toHaveAttribute('src', url);
  await expect(cover).toHaveAttribute('srcset', photoSources(url).srcSet!);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByText(words)).toBeVisible();
  expect(await scrollsHorizontally(page)).toBe(false);
});
