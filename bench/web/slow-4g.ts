/**
 * How long a phone on a slow mobile network waits for the first list: the time from the start of navigation until the
 * first deal card of a page's list is visible, in the system Chromium through Playwright, with a fresh browser (empty
 * cache, no open connection) for every run, a phone's screen (Lighthouse's mobile one) and, through the DevTools
 * protocol, Lighthouse's "slow 4G" network and its 4x CPU slowdown.
 *
 * The target's profile is Lighthouse's "slow 4G" as its figures read (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up), set as the protocol's per-request latency and throughputs (`SLOW_4G`). The protocol delays each request by
 * that latency only once, where a real network pays a round trip for each of a new connection's handshakes too, so
 * Lighthouse's own devtools throttling applies the same profile as 150 x 3.75 = 562.5 ms per request and 0.9 of each
 * throughput; that harsher reading (`LIGHTHOUSE_DEVTOOLS_SLOW_4G`) is reported beside.
 */
import { chromium, type Locator, type Page } from '@playwright/test';

export interface NetworkProfile {
  name: string;
  /** Added to every request, in ms. */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
}

/** Lighthouse 12's `mobileSlow4G` (lantern's simulation constants): its round trip and throughputs, per request. */
export const SLOW_4G: NetworkProfile = { name: 'slow 4G', latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750 };
/** The same profile as Lighthouse's devtools throttling applies it. */
export const LIGHTHOUSE_DEVTOOLS_SLOW_4G: NetworkProfile = { name: "slow 4G as Lighthouse's devtools throttling", latencyMs: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9 };
export const CPU_SLOWDOWN = 4;

/** Lighthouse's mobile screen (a moto g power) and user agent. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/** Where a page's first list is: its cards as the browser journeys find them, and the same cards for the page's own clock. */
export interface FirstList {
  card: (page: Page) => Locator;
  /** A CSS selector of the list's cards. */
  selector: string;
}

/**
 * Milliseconds from the start of navigation to the first frame in which a card of the page's first list has a size,
 * by the page's own clock (`performance.now()`, which starts at navigation), checked on each animation frame: cheaper
 * for a slowed-down page than Playwright's polling, which would take its share of the throttled CPU. The card is then
 * also found the way the browser journeys find it. One fresh browser per call.
 */
export async function timeToFirstCard(url: string, profile: NetworkProfile, list: FirstList): Promise<number> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      // The protocol takes bytes per second.
      downloadThroughput: (profile.downloadKbps * 1024) / 8,
      uploadThroughput: (profile.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // A script as text: the page runs it as it is, without the helpers a compiled function may call.
    await page.addInitScript(`(() => {
      const look = () => {
        const card = document.querySelector(${JSON.stringify(list.selector)});
        if (card && card.getBoundingClientRect().height > 0) window.__firstCardAt = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })()`);
    await page.goto(url, { waitUntil: 'commit' });
    const at = await page.waitForFunction(() => (window as { __firstCardAt?: number }).__firstCardAt, undefined, { polling: 250, timeout: 60_000 });
    await list.card(page).waitFor({ state: 'visible' });
    return Number(await at.jsonValue());
  } finally {
    await browser.close();
  }
}
