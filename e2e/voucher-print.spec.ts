// Journey: a customer who bought a deal opens My Vouchers, then the voucher's printable page: the deal, code, PIN, QR
// image with its alt text, the merchant's address, and a Print button that opens the browser's print dialog.
import { signInAsNewCustomer } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { test, expect, expectAccessible } from './fixtures';
import { buyThroughApi } from './purchase-helpers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';

for (const viewport of [null, PHONE_VIEWPORT]) {
  const width = viewport ? 'phone' : 'desktop';

  test.describe(`the printable voucher (${width})`, () => {
    if (viewport) test.use({ viewport });

    test('opens from My Vouchers with code, PIN, QR, the merchant and Print', async ({ page, request }) => {
      const { sessionId } = await signInAsNewCustomer(page);
      await buyThroughApi(request, sessionId, [{ dealId: await dealIdByTitle(request, SUSHI.title), quantity: 1 }]);
      const [voucher] = (await (await request.get(pathOf(voucherEndpoints.list), { headers: { authorization: `Bearer ${sessionId}` } })).json()) as Array<{
        voucherCode: string;
        voucherPin: string;
      }>;
      if (!voucher) throw new Error('the purchase issued no voucher');

      await page.goto('/my/vouchers');
      await page.getByRole('link', { name: `Print voucher ${voucher.voucherCode}` }).click();
      await expect(page).toHaveURL(/\/my\/vouchers\/[0-9a-f-]{36}\/print$/);
      await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
      await expect(page.getByText(voucher.voucherCode, { exact: true })).toBeVisible();
      await expect(page.getByText(voucher.voucherPin, { exact: true })).toBeVisible();
      const qr = page.getByRole('img', { name: `QR code for voucher ${voucher.voucherCode}` });
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(page.getByText(SUSHI.address, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'How to redeem' })).toBeVisible();
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, `/my/vouchers/{id}/print (${width})`);

      // Printed, the header and the buttons drop away.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(page.getByText(voucher.voucherCode, { exact: true })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    });
  });
}
