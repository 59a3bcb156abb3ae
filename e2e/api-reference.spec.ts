// Journey: an integrator opens the API's reference at /api/docs and finds every endpoint there, rendered from
// /api/openapi.json by the page's own scripts under the site's Content-Security-Policy.
import { pathOf } from '../contract/endpoint';
import { dealEndpoints } from '../contract/deals';
import { API_REFERENCE_PATH, systemEndpoints } from '../contract/system';
import { test, expect } from './fixtures';

test.describe('API reference', () => {
  test('renders the OpenAPI document with the endpoints and their answers', async ({ page, request }) => {
    const document = await request.get(pathOf(systemEndpoints.openapi));
    expect(document.status()).toBe(200);
    const { openapi, info } = (await document.json()) as { openapi: string; info: { title: string } };
    expect(openapi).toBe('3.1.0');

    await page.goto(API_REFERENCE_PATH);
    // The reference's own script is over a megabyte and draws the whole document at once: on a busy two-core machine
    // the first heading has come after more than the usual ten seconds.
    await expect(page.getByRole('heading', { name: new RegExp(info.title) })).toBeVisible({ timeout: 45_000 });
    // One operation of the catalogue, opened: its path, summary and declared 404.
    const operation = page.locator(`#operations-Deals-getDealsById`);
    await expect(operation).toContainText(dealEndpoints.get.summary);
    await operation.getByRole('button', { name: new RegExp(dealEndpoints.get.summary) }).click();
    await expect(operation.getByText('No deal with this id is shown to the caller.')).toBeVisible();
  });
});
