// Journey: My Vouchers. A customer with one valid and one redeemed voucher sees the post-payment banner for 5 s,
// filters, copies a code, enlarges a QR code, unfolds a used voucher's QR, and reviews the deal they used, which then shows
// on the deal page as a verified visit.
// Guests get the login prompt (/my/vouchers) or the login gate (/account/vouchers).
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, DEMO_MERCHANT, signInAsNewCustomer } from './accounts';
import { PHONE_VIEWPORT, scrollsHorizontally, SPEC_DEALS, SUSHI } from './catalog';
import { test, expect, expectAccessible, failedRequest } from './fixtures';
import { buyThroughApi, expectPurchaseToast } from './purchase-helpers';
import { readQrImage } from './fixtures-camera/qr-video';
import { dealIdByTitle } from './fixtures-camera/vouchers';
import { pathOf } from '../contract/endpoint';
import { voucherEndpoints } from '../contract/checkout';
import { redemptionEndpoints } from '../contract/redemption';
import { pathPattern } from './api-paths';

const SPA = SPEC_DEALS[1];

interface ApiVoucher {
  voucherCode: string;
  voucherPin: string;
  dealTitle: string;
}

/**
 * The customer buys one sushi platter and one spa day through the API (the same calls as the cart and the payment
 * page), then the sushi platter's merchant (the demo merchant) redeems that voucher.
 */
async function customerWithVouchers(page: Page, request: APIRequestContext): Promise<{ valid: ApiVoucher; redeemed: ApiVoucher }> {
  const { sessionId } = await signInAsNewCustomer(page);
  const headers = { authorization: `Bearer ${sessionId}` };
  await buyThroughApi(request, sessionId, [
    { dealId: await dealIdByTitle(request, SUSHI.title), quantity: 1 },
    { dealId: await dealIdByTitle(request, SPA.title), quantity: 1 },
  ]);
  const vouchers = (await (await request.get(pathOf(voucherEndpoints.list), { headers })).json()) as ApiVoucher[];
  const sushi = vouchers.find((v) => v.dealTitle === SUSHI.title);
  const spa = vouchers.find((v) => v.dealTitle === SPA.title);
  if (!sushi || !spa) throw new Error('the purchase did not issue both vouchers');

  const merchant = await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password);
  const redeemed = await request.post(pathOf(redemptionEndpoints.redeem), {
    headers: { authorization: `Bearer ${merchant}` },
    data: { code: sushi.voucherCode, pin: sushi.voucherPin },
  });
  expect(redeemed.ok(), await redeemed.text()).toBe(true);
  return { valid: spa, redeemed: sushi };
}

const voucherCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('My Vouchers', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('banner, filters, states, copy and QR', async ({ page, request }) => {
    // Two purchases, a redemption, the 5 s banner and the 2 s copy confirmation take longer than the default.
    const { valid, redeemed } = await customerWithVouchers(page, request);

    await page.goto('/my/vouchers?payment_success=true&session_id=cs_test_banner');
    const banner = page.getByText('Payment Successful! Your voucher has been added to your account.');
    await expect(banner).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filter vouchers' });
    await expect(filters.getByRole('button', { name: 'All 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByRole('button', { name: 'Valid 1' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Redeemed 1' })).toBeVisible();

    const spaCard = voucherCard(page, SPA.title);
    const sushiCard = voucherCard(page, SUSHI.title);
    await expect(spaCard.getByText('Valid', { exact: true })).toBeVisible();
    await expect(spaCard.getByText(valid.voucherCode, { exact: true })).toBeVisible();
    await expect(spaCard.getByText(valid.voucherPin, { exact: true })).toBeVisible();
    await expect(spaCard.getByText(/^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(sushiCard.getByText('Redeemed', { exact: true })).toBeVisible();
    await expect(sushiCard.getByText(/^Redeemed on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(sushiCard.getByText(redeemed.voucherCode, { exact: true })).toBeVisible();
    await expectAccessible(page, '/my/vouchers (banner)');

    // The banner stays 5 s, then the query string goes.
    await expect(banner).toBeHidden({ timeout: 8_000 });
    await expect(page).toHaveURL(/\/my\/vouchers$/);

    await filters.getByRole('button', { name: 'Valid 1' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(spaCard).toBeVisible();
    await filters.getByRole('button', { name: 'Redeemed 1' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(sushiCard).toBeVisible();
    await filters.getByRole('button', { name: 'All 2' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);

    // Copy: the code lands on the clipboard and a confirmation shows for 2 s.
    await spaCard.getByRole('button', { name: `Copy code ${valid.voucherCode}` }).click();
    const copied = page.getByRole('status').filter({ hasText: `Code ${valid.voucherCode} copied` });
    await expect(copied).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(valid.voucherCode);
    await expect(copied).not.toBeAttached({ timeout: 4_000 });

    // The QR thumbnail opens large in a dialog; Escape closes it.
    await spaCard.getByRole('button', { name: `Enlarge QR code for voucher ${valid.voucherCode}` }).click();
    const qr = page.getByRole('dialog', { name: SPA.title });
    const qrImage = qr.getByRole('img', { name: `QR code for voucher ${valid.voucherCode}` });
    await expect(qrImage).toBeVisible();
    // The image comes from its own address with the customer's session cookie, and reads as the redeem link.
    await expect.poll(() => qrImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = await qrImage.getAttribute('src');
    expect(src).toMatch(/^\/api\/vouchers\/[0-9a-f-]{36}\/qr\.svg$/);
    expect(await readQrImage(page, src ?? '')).toMatch(new RegExp(`/merchant/redeem\\?code=${valid.voucherCode}&pin=${valid.voucherPin}$`));
    await expectAccessible(page, '/my/vouchers (QR dialog)');
    await page.keyboard.press('Escape');
    await expect(qr).toBeHidden();
  });

  test('a review of the deal the customer used shows on the deal page as a verified visit', async ({ page, request }) => {
    const { redeemed } = await customerWithVouchers(page, request);
    await page.goto('/my/vouchers');
    // Only a used deal can be reviewed: the unused spa voucher offers no review.
    await expect(voucherCard(page, SPA.title).getByRole('button', { name: /^Write a review/ })).toHaveCount(0);
    const sushiCard = voucherCard(page, SUSHI.title);
    // The used voucher's QR is folded away until asked for.
    const showQr = sushiCard.getByRole('button', { name: `Show QR for voucher ${redeemed.voucherCode}` });
    await expect(showQr).toHaveAttribute('aria-expanded', 'false');
    await showQr.click();
    await expect(sushiCard.getByRole('img', { name: `QR code for voucher ${redeemed.voucherCode} (already used)` })).toBeVisible();

    await sushiCard.getByRole('button', { name: `Write a review of ${SUSHI.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${SUSHI.title}` });
    await expect(dialog).toBeVisible();

    // Both fields are required.
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
    await expect(dialog.getByText('Please write a few words about the deal.')).toBeVisible();
    await expectAccessible(page, '/my/vouchers (review dialog)');

    // The stars are a radio group: arrow keys move the rating.
    await dialog.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const comment = `Fresh fish and friendly chefs ${Date.now()}`;
    await dialog.getByLabel('Your review').fill(comment);
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expectPurchaseToast(page, 'Review posted', 'Thank you for your review');
    await expect(dialog).toBeHidden();
    await expect(sushiCard.getByRole('button', { name: /^Write a review/ })).toHaveCount(0);

    await sushiCard.getByRole('link', { name: SUSHI.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUSHI.title })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews', exact: true });
    const mine = reviews.getByRole('listitem').filter({ hasText: comment });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(mine.getByText('Verified visit')).toBeVisible();
  });

  test.describe('when the list cannot be read', () => {
    test.use({ allowedConsoleErrors: [failedRequest(500, pathPattern(voucherEndpoints.list))] });

    test('shows Error Loading Vouchers, and Try Again reads it again', async ({ page }) => {
      await signInAsNewCustomer(page);
      let failing = true;
      await page.route(`**${pathOf(voucherEndpoints.list)}`, (route) =>
        failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue(),
      );
      await page.goto('/my/vouchers');
      await expect(page.getByRole('heading', { name: 'Error Loading Vouchers' })).toBeVisible();
      await expectAccessible(page, '/my/vouchers (error)');
      failing = false;
      await page.getByRole('button', { name: 'Try Again' }).click();
      await expect(page.getByRole('heading', { name: 'No vouchers found' })).toBeVisible();
    });
  });

  test('guests are asked to log in on /my/vouchers and sent to the login gate from /account/vouchers', async ({ page }) => {
    await page.goto('/my/vouchers');
    await expect(page.getByText('Please log in to view your vouchers')).toBeVisible();
    await expectAccessible(page, '/my/vouchers (guest)');

    await page.goto('/account/vouchers');
    await expect(page).toHaveURL(/\/login\?next=\/account\/vouchers$/);
  });

  test.describe('at phone width', () => {
    test.use({ viewport: PHONE_VIEWPORT });

    test('the voucher list and the review dialog fit and stay accessible', async ({ page, request }) => {
      await customerWithVouchers(page, request);
      await page.goto('/my/vouchers');
      await expect(page.getByRole('article')).toHaveCount(2);
      expect(await scrollsHorizontally(page)).toBe(false);
      await expectAccessible(page, '/my/vouchers (phone)');
      await voucherCard(page, SUSHI.title).getByRole('button', { name: `Write a review of ${SUSHI.title}` }).click();
      await expect(page.getByRole('dialog', { name: `Review ${SUSHI.title}` })).toBeVisible();
      await expectAccessible(page, '/my/vouchers review dialog (phone)');
    });
  });
});
