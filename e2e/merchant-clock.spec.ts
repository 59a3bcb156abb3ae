// Journey: the merchant's clock (ADR 039). The demo merchants are in San Francisco, so their clock is Los Angeles'.
// A customer buys a platter; with the server's clock fixed a minute before Los Angeles' next midnight (the development
// endpoint PUT /api/dev/clock), the owner's home counts the sale today and says its times are Pacific Time; a minute
// after that midnight, today is empty and the sale sits on the chart's day before. The counter's recent redemptions
// name the zone too. Runs against a server of its own: fixing the clock of the shared server would move every other
// journey's "today".
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { SUSHI } from './catalog';
import { passwordInput } from './auth-screens';
import { DEMO_MERCHANT } from './accounts';
import { buyVoucher } from './fixtures-camera/vouchers';
import { startOwnServer, type OwnServer } from './own-server';
import { pathOf } from '../contract/endpoint';
import { devEndpoints } from '../contract/dev';
import { zonedDate, zonedDayStart } from '../contract/time-zones';

const LA = 'America/Los_Angeles';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

let server: OwnServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Starting a server means migrating a new database and loading the demo, which takes a while on a busy machine.
  server = await startOwnServer({ bootstrapSecret: `own-bootstrap-secret-${Date.now()}` });
});

test.afterAll(async () => {
  await server?.stop();
});

async function setClock(request: APIRequestContext, at: Date | null): Promise<void> {
  const answer = await request.put(pathOf(devEndpoints.setClock), { data: { now: at ? at.toISOString() : null } });
  expect(answer.status()).toBe(200);
}

/** A figure of the home's "Today" cards, as a number. */
async function todayFigure(page: Page, label: string): Promise<number> {
  const value = page.getByRole('region', { name: 'Today' }).getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  return Number((await value.innerText()).replace(/[^0-9]/g, ''));
}

/** The units the sales chart's table gives a day ('Nov 28, 2026'). */
async function unitsOn(page: Page, day: string): Promise<number> {
  const chart = page.getByRole('figure', { name: 'Units sold per day' });
  const row = chart.getByRole('row').filter({ has: page.getByRole('rowheader', { name: day, exact: true }) });
  return Number((await row.getByRole('cell').innerText()).replace(/[^0-9]/g, ''));
}

test("a merchant in Los Angeles sees its today turn at its own midnight, whatever UTC's day", async ({ browser, playwright }) => {
  test.slow();
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  await buyVoucher(request, SUSHI.title);
  const boughtAt = new Date();

  // The sale's day in Los Angeles, and the midnight that ends it there (07:00 or 08:00 UTC).
  const { year, month, day } = zonedDate(boughtAt, LA);
  const midnight = zonedDayStart(year, month, day + 1, LA);
  const saleDay = `${MONTHS[month - 1]} ${day}, ${year}`;
  const next = zonedDate(midnight, LA);
  const nextDay = `${MONTHS[next.month - 1]} ${next.day}, ${next.year}`;

  await setClock(request, new Date(Math.max(boughtAt.getTime(), midnight.getTime() - 60_000)));
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  try {
    await page.goto('/merchant/login');
    const main = page.getByRole('main');
    await main.getByLabel('Phone Number').fill(DEMO_MERCHANT.phone);
    await passwordInput(main).fill(DEMO_MERCHANT.password);
    await main.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/merchant$/);

    // A minute before midnight in Los Angeles: the sale is today's, on the chart's last day.
    await expect(page.getByText('Times in Pacific Time (America/Los_Angeles)')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
    expect(await todayFigure(page, 'Units sold')).toBe(1);
    expect(await unitsOn(page, saleDay)).toBe(1);
    await expectAccessible(page, '/merchant (before midnight)');

    // A minute after: a new day with nothing sold yet, and the sale on the day before.
    await setClock(request, new Date(midnight.getTime() + 60_000));
    await page.reload();
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
    expect(await todayFigure(page, 'Units sold')).toBe(0);
    expect(await unitsOn(page, nextDay)).toBe(0);
    expect(await unitsOn(page, saleDay)).toBe(1);

    // The counter's recent redemptions are written in the same zone, and say so.
    await page.goto('/merchant/redeem');
    await expect(page.getByRole('region', { name: 'Recent Redemptions' }).getByText(/Times in Pacific Time \(America\/Los_Angeles\)\./)).toBeVisible();
  } finally {
    await setClock(request, null);
    await context.close();
    await request.dispose();
  }
});
