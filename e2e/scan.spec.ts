// Journey: the merchant scans a customer's voucher QR code, with a real (fake-device) camera or by typing what the
// code holds; a voucher link is checked at once and waits on the confirm step, and the merchant redeems it from there.
import type { Page } from '@playwright/test';
import { signInAsDemoMerchant } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { test, expect, expectAccessible } from './fixtures';
import { launchWithQrCamera, readQrImage } from './fixtures-camera/qr-video';
import { buyVoucher, qrImageDataUrl, voucherLink } from './fixtures-camera/vouchers';

const SCANNED = 'QR Code scanned successfully! Voucher validated.';
const INVALID = 'Invalid QR Code format. Please try again.';

const qrTextField = (page: Page) => page.getByLabel('QR code text');
const scanButton = (page: Page) => page.getByRole('button', { name: 'Scan', exact: true });

async function openScan(page: Page) {
  await signInAsDemoMerchant(page);
  await page.goto('/merchant/scan');
  await expect(page.getByRole('heading', { level: 1, name: 'Scan QR Code' })).toBeVisible();
}

/** Makes getUserMedia fail the way a browser does when the camera is refused or missing. */
async function cameraFailsWith(page: Page, errorName: string) {
  await page.addInitScript((name) => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('camera unavailable', name)) },
    });
  }, errorName);
}

test.describe('scanning by typing the QR text', () => {
  test('text must be there, be long enough, and then opens the redeem form with the code', async ({ page }) => {
    test.slow();
    await openScan(page);
    await expect(page.getByRole('button', { name: /^Back$/ }).or(page.getByRole('link', { name: /^Back$/ }))).toBeVisible();
    await expect(page.getByRole('link', { name: /Enter code and PIN manually/ })).toHaveAttribute('href', '/merchant/redeem');
    await expectAccessible(page);

    await scanButton(page).click();
    await expect(page.getByText('Please enter the QR code text')).toBeVisible();

    await qrTextField(page).fill('ABC123');
    await scanButton(page).click();
    await expect(page.getByText('Scanning...')).toBeVisible();
    await expect(page.getByText(INVALID)).toBeVisible();
    await expectAccessible(page, '/merchant/scan (invalid)');

    await qrTextField(page).fill('abcd2345');
    const startedAt = Date.now();
    await scanButton(page).click();
    await expect(page).toHaveURL(/\/merchant\/redeem\?code=ABCD2345$/);
    // docs/product/constants.md: the simulated scan takes 1500 ms.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_400);
    await expect(page.getByText(SCANNED)).toBeVisible();
    await expect(page.getByLabel('Voucher Code')).toHaveValue('ABCD2345');
    await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('');
  });

  test('a pasted voucher link is checked at once, and the voucher redeems once confirmed', async ({ page, request, baseURL }) => {
    const voucher = await buyVoucher(request, SUSHI.title);
    await openScan(page);
    await qrTextField(page).fill(voucherLink(baseURL ?? '', voucher));
    await scanButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/merchant/redeem\\?code=${voucher.code}&pin=${voucher.pin}$`));
    await expect(page.getByRole('heading', { name: 'Confirm redemption' })).toBeVisible();
    await expect(page.getByText(SUSHI.title, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Confirm redemption' }).click();
    await expect(page.getByText('Voucher redeemed successfully!')).toBeVisible();
    // Ready for the next customer.
    await expect(page.getByLabel('Voucher Code')).toHaveValue('');
  });
});

test.describe('camera problems', () => {
  test('a refused permission is explained', async ({ page }) => {
    await cameraFailsWith(page, 'NotAllowedError');
    await openScan(page);
    await page.getByRole('button', { name: 'Start Scanning' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Camera permission denied' })).toBeVisible();
    await expectAccessible(page, '/merchant/scan (permission denied)');
  });

  test('a missing camera is explained', async ({ page }) => {
    await cameraFailsWith(page, 'NotFoundError');
    await openScan(page);
    await page.getByRole('button', { name: 'Start Scanning' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No camera found on this device' })).toBeVisible();
  });
});

test('guests are asked to log in as a merchant', async ({ page }) => {
  await page.goto('/merchant/scan');
  await expect(page.getByText('Please log in as a merchant to redeem vouchers.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Merchant Login' })).toHaveAttribute('href', '/merchant/login');
  await expectAccessible(page);
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test('the scan screen fits and stays accessible', async ({ page }) => {
    await openScan(page);
    await qrTextField(page).fill('short');
    await scanButton(page).click();
    await expect(page.getByText(INVALID)).toBeVisible();
    expect(await scrollsHorizontally(page)).toBe(false);
    await expectAccessible(page);
  });
});

test.describe('scanning with the camera', () => {
  test("the customer's voucher QR code in front of the camera opens the confirm step", async ({ page, request, baseURL }) => {
    test.slow();
    const voucher = await buyVoucher(request, SUSHI.title);
    // What the customer's QR image really says (ADR 014), read from the image the server sends the buyer.
    await page.goto('/');
    const payload = await readQrImage(page, await qrImageDataUrl(request, voucher));
    expect(payload).toMatch(new RegExp(`/merchant/redeem\\?code=${voucher.code}&pin=${voucher.pin}$`));

    const camera = await launchWithQrCamera(payload);
    try {
      const context = await camera.browser.newContext({ baseURL, viewport: PHONE_VIEWPORT });
      const phone = await context.newPage();
      const problems: string[] = [];
      phone.on('console', (message) => {
        // The guest session probe before the session is set is the one 401 every page may log.
        if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
      });
      phone.on('pageerror', (error) => problems.push(error.message));
      // Keep every camera stream the page opens, to check they are all stopped once the page is left.
      await phone.addInitScript(() => {
        const streams: MediaStream[] = [];
        (window as unknown as { openedStreams: MediaStream[] }).openedStreams = streams;
        const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await original(constraints);
          streams.push(stream);
          return stream;
        };
      });

      await openScan(phone);
      await expectAccessible(phone);
      await phone.getByRole('button', { name: 'Start Scanning' }).click();
      await expect(phone).toHaveURL(new RegExp(`/merchant/redeem\\?code=${voucher.code}&pin=${voucher.pin}$`), { timeout: 15_000 });
      await expect(phone.getByText(SCANNED)).toBeVisible();
      await expect(phone.getByRole('heading', { name: 'Confirm redemption' })).toBeVisible();
      await expect(phone.getByText(voucher.code, { exact: true }).first()).toBeVisible();

      const tracks = await phone.evaluate(() =>
        (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((s) => s.getTracks().map((t) => t.readyState)),
      );
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.every((state) => state === 'ended')).toBe(true);

      await phone.getByRole('button', { name: 'Confirm redemption' }).click();
      await expect(phone.getByText('Voucher redeemed successfully!')).toBeVisible();
      // The screen stays, ready for the next customer, and its recent list offers to take the redemption back.
      await expect(phone.getByLabel('Voucher Code')).toHaveValue('');
      await expect(phone.getByRole('region', { name: 'Recent Redemptions' }).getByRole('button', { name: `Undo ${voucher.code}` })).toBeVisible();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await camera.close();
    }
  });
});
