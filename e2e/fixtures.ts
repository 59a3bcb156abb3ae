// The `test` every journey uses: a page whose console errors and uncaught exceptions fail the test,
// plus `expectAccessible`, an axe-core check for serious and critical WCAG 2.1 A/AA violations.
import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { authEndpoints } from '../contract/auth';
import { pathPattern } from './api-paths';

export { expect };

interface JourneyOptions {
  /**
   * Console errors a journey expects, e.g. the browser's own "Failed to load resource" line for an API call
   * that is meant to answer 404. Matched against "message (source url)".
   */
  allowedConsoleErrors: RegExp[];
}

/**
 * A "Failed to load resource" console line for a request to `pathPattern` answering `status`. The pattern is a regular
 * expression for the whole path and query, an endpoint's made by `pathPattern` of ./api-paths.ts from its declaration:
 * `pathPattern(favoriteEndpoints.list)` matches that path only; a pattern may add a tail (`[^)]*`: anything below it).
 */
export function failedRequest(status: number, pathPattern: string): RegExp {
  return new RegExp(`^console error: Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${pathPattern}(:\\d+)?\\)$`);
}

/**
 * Chromium logs every non-2xx answer as a console error. A guest's session probe answers 401 by design
 * (docs/product/api.md#conventions: the current-user read yields null on 401), so that one line is expected on every guest page.
 */
const EXPECTED_EVERYWHERE = [failedRequest(401, pathPattern(authEndpoints.currentUser))];

/**
 * The venue map's tiles come from OpenStreetMap's servers. Journeys never reach the internet: every tile request fails
 * at once, as it does offline, and the map steps aside for its "Open in maps" link (docs/product/screens.md#deal-page).
 */
export const MAP_TILES = /^https:\/\/[a-c]\.tile\.openstreetmap\.org\//;
const FAILED_MAP_TILE = /^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(https:\/\/[a-c]\.tile\.openstreetmap\.org\//;

export const test = base.extend<JourneyOptions>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const allowed = [...EXPECTED_EVERYWHERE, FAILED_MAP_TILE, ...allowedConsoleErrors];
    await page.route(MAP_TILES, (route) => route.abort('internetdisconnected'));
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url, lineNumber } = message.location();
      const line = `console error: ${message.text()}${url ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : ''}`;
      if (!allowed.some((pattern) => pattern.test(line))) problems.push(line);
    });
    page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.stack ?? error.message}`));
    await use(page);
    expect(problems, `the browser reported errors:\n${problems.join('\n')}`).toEqual([]);
  },
});

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits (up to 5 s) until nothing on the page is moving but what loops for ever (spinners): axe reads colours as they
 * are drawn, so a toast still fading in would be measured half transparent and fail the contrast rule.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/** Fails on serious or critical axe violations of WCAG 2.1 A/AA, listing each rule and the elements it hit. */
export async function expectAccessible(page: Page, where = new URL(page.url()).pathname): Promise<void> {
  await settled(page);
  // Only the violations are read: axe then gathers no details of the rules a page passes, which took about a third
  // less time on the pages of many cards in a trial.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect(blocking.length, `accessibility violations on ${where}:\n${report}`).toBe(0);
}
