// Vouchers to redeem and scan in the journeys: bought through the API by a brand-new customer with the test card,
// exactly as the checkout screen would (checkoutEndpoints.checkout, then the built-in provider's Confirm Payment).
import type { APIRequestContext } from '@playwright/test';
import { apiNewCustomer } from '../accounts';
import { pathOf, urlOf } from '../../contract/endpoint';
import { authEndpoints } from '../../contract/auth';
import { checkoutEndpoints, voucherEndpoints } from '../../contract/checkout';
import { dealEndpoints } from '../../contract/deals';
import { devEndpoints } from '../../contract/dev';

export interface BoughtVoucher {
  code: string;
  pin: string;
  dealTitle: string;
  priceCents: number;
  /** The address of the QR image the customer shows (voucherEndpoints.qr, readable with the buyer's session). */
  qrCodeUrl: string;
  /** The buyer, whose email the redemption log shows. */
  customer: { phone: string; email: string; sessionId: string };
}

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** A card expiry a year from now, as MM/YY. */
function futureExpiry(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

async function ok<T>(what: string, response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The id of a published deal, found by its exact title. */
export async function dealIdByTitle(request: APIRequestContext, title: string): Promise<string> {
  const deals = await ok<Array<{ id: string; title: string }>>(
    `listing deals named ${title}`,
    await request.get(urlOf(dealEndpoints.list, { query: { q: title } })),
  );
  const deal = deals.find((d) => d.title === title);
  if (!deal) throw new Error(`no published deal is titled ${title}`);
  return deal.id;
}

/** A new customer (with an email, so the log can name them) buys one unit of the deal; answers its voucher. */
export async function buyVoucher(request: APIRequestContext, dealTitle: string): Promise<BoughtVoucher> {
  const { phone, sessionId } = await apiNewCustomer(request);
  const headers = bearer(sessionId);
  const email = `buyer-${phone}@example.com`;
  await ok('setting the buyer email', await request.patch(pathOf(authEndpoints.updateUser), { headers, data: { email } }));
  // Only a verified email is the account's; the development outbox holds the code the console sender mailed.
  const { code } = await ok<{ code: string }>('reading the email code', await request.get(urlOf(devEndpoints.emailOutbox, { query: { email } })));
  await ok('verifying the buyer email', await request.post(pathOf(authEndpoints.verifyEmail), { headers, data: { code } }));

  const dealId = await dealIdByTitle(request, dealTitle);
  const { url } = await ok<{ url: string }>('checkout', await request.post(pathOf(checkoutEndpoints.checkout), { headers, data: { dealId } }));
  const providerSession = new URL(url, 'http://checkout.invalid').searchParams.get('session_id');
  if (!providerSession) throw new Error(`the checkout answer has no session_id: ${url}`);
  await ok(
    'paying with the test card',
    await request.post(pathOf(checkoutEndpoints.testPay, { id: providerSession }), {
      headers,
      data: { cardNumber: '4242 4242 4242 4242', expiry: futureExpiry(), cvc: '123', cardholderName: 'Journey Buyer' },
    }),
  );

  const vouchers = await ok<Array<{ voucherCode: string; voucherPin: string; qrCodeUrl: string; dealId: string; dealTitle: string; priceCents: number }>>(
    'reading the vouchers',
    await request.get(pathOf(voucherEndpoints.list), { headers }),
  );
  const voucher = vouchers.find((v) => v.dealId === dealId);
  if (!voucher) throw new Error(`the buyer has no voucher for ${dealTitle}`);
  return {
    code: voucher.voucherCode,
    pin: voucher.voucherPin,
    dealTitle: voucher.dealTitle,
    priceCents: voucher.priceCents,
    qrCodeUrl: voucher.qrCodeUrl,
    customer: { phone, email, sessionId },
  };
}

/** The voucher's QR image as the buyer's browser gets it, as a data: URL that any page can draw (see readQrImage). */
export async function qrImageDataUrl(request: APIRequestContext, voucher: Pick<BoughtVoucher, 'qrCodeUrl' | 'customer'>): Promise<string> {
  const response = await request.get(voucher.qrCodeUrl, { headers: bearer(voucher.customer.sessionId) });
  if (!response.ok()) throw new Error(`reading the QR image failed: ${response.status()} ${await response.text()}`);
  const type = response.headers()['content-type'] ?? '';
  if (!type.startsWith('image/svg+xml')) throw new Error(`the QR image is ${type}, not SVG`);
  return `data:image/svg+xml;base64,${(await response.body()).toString('base64')}`;
}

/** A PIN that is certainly not the voucher's. */
export function wrongPin(pin: string): string {
  return pin === '000000' ? '111111' : '000000';
}

/** What the voucher's QR code carries (ADR 014). */
export function voucherLink(origin: string, voucher: Pick<BoughtVoucher, 'code' | 'pin'>): string {
  return `${origin}/merchant/redeem?code=${voucher.code}&pin=${voucher.pin}`;
}
