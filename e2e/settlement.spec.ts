// Journey: the week's settlement. The demo data gives Sakura Sushi House a past week of business, and the server draws
// up its statement when it starts. The owner reads it (totals, commission, lines, CSV), a superadmin records its payout
// with the bank's reference, the ledger shows the payout, and the owner then reads it as paid; at desktop and phone width.
// The tests share the one statement, so they run in order: read unpaid, pay once, read paid.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { LedgerPage } from '../contract/orders';
import type { Statement } from '../contract/workspace';
import { apiLogin, DEMO_MERCHANT, signInAsAdmin, signInAsDemoMerchant } from './accounts';
import { toastWith } from './auth-screens';
import { PHONE_VIEWPORT, scrollsHorizontally, SUSHI } from './catalog';
import { test, expect, expectAccessible } from './fixtures';
import { pathOf } from '../contract/endpoint';
import { adminOrderEndpoints } from '../contract/orders';
import { statementEndpoints } from '../contract/workspace';
import { zonedDate, zonedIsoDay } from '../contract/time-zones';

/** What the demo week holds (server/db/demo-data.ts): two platters and two omakase lunches redeemed, at 10%, in San Francisco's zone. */
const DEMO_WEEK = { timeZone: 'America/Los_Angeles', grossCents: 2 * 1999 + 2 * 3499, commissionCents: 2 * 200 + 2 * 350, refundsCents: 0, netCents: 9896, commissionBps: 1000, lineCount: 4 };
const GROSS = '$109.96';
const COMMISSION = '$11.00';
const NET = '$98.96';

const VIEWPORTS = [
  { name: 'desktop', size: null },
  { name: 'phone', size: PHONE_VIEWPORT },
] as const;

const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOf = (d: { year: number; month: number; day: number }, withYear: boolean) => `${MONTHS[d.month - 1]} ${d.day}${withYear ? `, ${d.year}` : ''}`;

/** The week as the screens name it, Monday to Sunday in the statement's zone (ADR 039): 'Nov 9 – Nov 15, 2026'. */
function weekLabel(s: Pick<Statement, 'periodStart' | 'periodEnd' | 'timeZone'>): string {
  const start = zonedDate(new Date(s.periodStart), s.timeZone);
  const last = zonedDate(new Date(Date.parse(s.periodEnd) - 1), s.timeZone);
  return `${dayOf(start, start.year !== last.year)} – ${dayOf(last, true)}`;
}

/**
 * The demo week's statement, as its owner reads it through the API: the merchant's oldest (a week closing while the
 * journeys run would add a newer one). The server draws it up right after it starts, so it is waited for.
 */
async function demoStatement(request: APIRequestContext): Promise<Statement> {
  const headers = bearer(await apiLogin(request, DEMO_MERCHANT.phone, DEMO_MERCHANT.password));
  let found: Statement | undefined;
  await expect(async () => {
    const answer = await request.get(pathOf(statementEndpoints.merchantList), { headers });
    expect(answer.status()).toBe(200);
    found = ((await answer.json()) as Statement[]).at(-1);
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  expect(found).toMatchObject({ merchantName: SUSHI.merchant, ...DEMO_WEEK });
  return found!;
}

async function useViewport(page: Page, size: { width: number; height: number } | null) {
  if (size) await page.setViewportSize(size);
}

async function expectFits(page: Page, phone: boolean, where: string) {
  if (phone) expect(await scrollsHorizontally(page), where).toBe(false);
  await expectAccessible(page, where);
}

/** The CSV's rows, the header first and the totals last. */
async function downloadCsv(page: Page): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { filename: download.suggestedFilename(), rows: text.trimEnd().split('\r\n').map((row) => row.split(',')) };
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** The payout's bank reference, recorded by the superadmin's test and looked for by the ones after it. */
const reference = `TRX-${Date.now().toString(36).toUpperCase()}`;

test.describe.serial("settling the demo merchant's last week", () => {
  for (const viewport of VIEWPORTS) {
    const phone = viewport.size !== null;

    test(`the owner reads last week's statement, unpaid, with its four lines and its CSV (${viewport.name})`, async ({ page }) => {
      test.slow();
      const statement = await demoStatement(page.request);
      const week = weekLabel(statement);
      await useViewport(page, viewport.size);
      await signInAsDemoMerchant(page);

      await page.goto('/merchant/statements');
      await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
      // A table row on wide screens, a card on phones: both name the week with a link, the four amounts and the status.
      const entry = phone
        ? page.getByRole('list', { name: 'Weekly statements' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: week }) })
        : page.getByRole('row').filter({ has: page.getByRole('link', { name: week }) });
      for (const text of [GROSS, COMMISSION, '$0.00', NET, 'Unpaid']) await expect(entry).toContainText(text);
      await expectFits(page, phone, `/merchant/statements (${viewport.name})`);

      await entry.getByRole('link', { name: week }).click();
      await expect(page).toHaveURL(new RegExp(`/merchant/statements/${statement.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Week of ${week}` })).toBeVisible();
      await expect(page.getByText('The marketplace has not paid this week out yet.')).toBeVisible();
      const totals = page.getByRole('region', { name: 'Totals' });
      await expect(totals.getByText('Gross', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(GROSS);
      await expect(totals.getByText('Commission (10%)', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`-${COMMISSION}`);
      await expect(totals.getByText('Net', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(NET);

      const lines = phone
        ? page.getByRole('list', { name: 'Statement lines' }).getByRole('listitem')
        : page.getByRole('region', { name: 'Statement lines' }).locator('tbody').getByRole('row');
      await expect(lines).toHaveCount(4);
      for (const [title, count] of [
        [SUSHI.title, 2],
        ['Omakase Lunch for 1', 2],
      ] as const) {
        await expect(lines.filter({ hasText: title })).toHaveCount(count);
      }
      for (let i = 0; i < 4; i++) await expect(lines.nth(i)).toContainText('Redeemed');
      await expectFits(page, phone, `/merchant/statements/:id (${viewport.name})`);

      // The CSV: a row per line and a totals row that is their sum and the statement's totals.
      const csv = await downloadCsv(page);
      expect(csv.filename).toBe(`statement-${zonedIsoDay(new Date(statement.periodStart), statement.timeZone)}.csv`);
      expect(csv.rows[0]).toEqual(['Date', 'Kind', 'Voucher', 'Deal', 'Amount', 'Commission', 'Net']);
      const body = csv.rows.slice(1, -1);
      expect(body.map((row) => row[1])).toEqual(['redeemed', 'redeemed', 'redeemed', 'redeemed']);
      const total = csv.rows.at(-1)!;
      expect(total).toEqual(['Total', '', '', '', '109.96', '11.00', '98.96']);
      for (const column of [4, 5, 6]) expect(body.reduce((sum, row) => sum + cents(row[column]!), 0)).toBe(cents(total[column]!));
    });
  }

  test('a superadmin finds it awaiting payout, records the payout with its reference, and the ledger shows it', async ({ page }) => {
    test.slow();
    const statement = await demoStatement(page.request);
    const week = weekLabel(statement);
    const adminSession = await signInAsAdmin(page);

    await page.goto('/admin/statements');
    await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Awaiting payout only' }).check();
    await expect(page).toHaveURL(/\/admin\/statements\?unpaid=true$/);
    const list = page.getByRole('list', { name: 'Statements' });
    const card = list.getByRole('article').filter({ hasText: SUSHI.merchant }).filter({ hasText: `Week of ${week}` });
    await expect(card).toContainText('Unpaid');
    for (const text of [GROSS, `-${COMMISSION}`, NET]) await expect(card).toContainText(text);
    await card.getByRole('button', { name: 'Show 4 lines' }).click();
    await expect(card.getByRole('region', { name: `Lines: ${SUSHI.merchant}, week of ${week}` }).locator('tbody').getByRole('row')).toHaveCount(4);
    await expectAccessible(page, '/admin/statements (awaiting payout)');

    await card.getByRole('button', { name: `Record payout: ${SUSHI.merchant}, week of ${week}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payout' });
    await expect(dialog).toContainText(NET);
    await expectAccessible(page, '/admin/statements (payout dialog)');
    await dialog.getByRole('textbox', { name: 'Payout reference' }).fill(reference);
    await dialog.getByRole('button', { name: 'Record payout' }).click();
    await expect(dialog).toBeHidden();
    const recorded = toastWith(page, 'Payout recorded');
    await expect(recorded).toContainText(`${SUSHI.merchant}: ${NET}`);
    // Closed, so the accessibility check below does not catch it fading in or out.
    await recorded.getByRole('button', { name: 'Close notification' }).click();
    await expect(recorded).toBeHidden();
    // Paid, it no longer awaits a payout; every statement shows it paid with the reference.
    await expect(card).toBeHidden();
    await page.getByRole('checkbox', { name: 'Awaiting payout only' }).uncheck();
    const paid = list.getByRole('article').filter({ hasText: SUSHI.merchant }).filter({ hasText: `Week of ${week}` });
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText(`Reference ${reference}`);
    await expect(paid.getByRole('button', { name: /^Record payout/ })).toHaveCount(0);
    await expectAccessible(page, '/admin/statements (paid)');

    // The ledger: one payout row of minus the net, with the merchant and the bank's reference.
    const answer = await page.request.get(pathOf(adminOrderEndpoints.ledger), { headers: bearer(adminSession) });
    expect(answer.status()).toBe(200);
    const payouts = ((await answer.json()) as LedgerPage).entries.filter((e) => e.kind === 'payout' && e.providerRef === reference);
    expect(payouts).toEqual([expect.objectContaining({ amountCents: -statement.netCents, merchantId: statement.merchantId, provider: 'bank', orderId: null })]);
    await page.goto('/admin/ledger');
    const row = page.getByRole('region', { name: 'Entries' }).getByRole('row').filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Payout');
    await expect(row).toContainText(`-${NET}`);
    await expectAccessible(page, '/admin/ledger (payout)');
  });

  test('at phone width the superadmin reads the paid statement and the payout in the ledger', async ({ page }) => {
    const statement = await demoStatement(page.request);
    const week = weekLabel(statement);
    await page.setViewportSize(PHONE_VIEWPORT);
    await signInAsAdmin(page);

    await page.goto(`/admin/statements?merchantId=${statement.merchantId}`);
    const card = page.getByRole('list', { name: 'Statements' }).getByRole('article').filter({ hasText: `Week of ${week}` });
    await expect(card).toContainText('Paid');
    await expect(card).toContainText(`Reference ${reference}`);
    await expectFits(page, true, '/admin/statements (phone)');

    await page.goto('/admin/ledger');
    const entry = page.getByRole('list', { name: 'Entries' }).getByRole('listitem').filter({ hasText: reference });
    await expect(entry).toContainText('Payout');
    await expect(entry).toContainText(`-${NET}`);
    await expectFits(page, true, '/admin/ledger (phone)');
  });

  for (const viewport of VIEWPORTS) {
    const phone = viewport.size !== null;

    test(`the owner then reads the statement as paid, with the reference (${viewport.name})`, async ({ page }) => {
      const statement = await demoStatement(page.request);
      expect(statement.payoutReference).toBe(reference);
      await useViewport(page, viewport.size);
      await signInAsDemoMerchant(page);

      await page.goto('/merchant/statements');
      const entry = phone
        ? page.getByRole('list', { name: 'Weekly statements' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: weekLabel(statement) }) })
        : page.getByRole('row').filter({ has: page.getByRole('link', { name: weekLabel(statement) }) });
      await expect(entry).toContainText('Paid');
      await expect(entry).not.toContainText('Unpaid');
      await expectFits(page, phone, `/merchant/statements (paid, ${viewport.name})`);

      await page.goto(`/merchant/statements/${statement.id}`);
      await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
      await expect(page.getByText('The marketplace has not paid this week out yet.')).toHaveCount(0);
      await expectFits(page, phone, `/merchant/statements/:id (paid, ${viewport.name})`);
    });
  }
});
