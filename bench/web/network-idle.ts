/**
 * What a page makes the browser download until the network is idle: every JavaScript response, counted at the size
 * the server sent it (the encoded body, brotli or gzip as the browser and the server agreed, from Chromium's own
 * account of the response), read from a real Chromium (Playwright with the system browser, a fresh profile) that
 * opens the page at a phone's width and waits for Playwright's `networkidle` (no request for 500 ms). This counts
 * what the entry loads, what it preloads and whatever the page fetches by itself after the first paint.
 */
import path from 'node:path';
import { chromium, type Response } from '@playwright/test';

export interface NetworkIdleJs {
  /** Each file with its bytes on the wire and its Content-Encoding ('identity' when none). */
  files: { file: string; wire: number; encoding: string }[];
  wire: number;
}

export async function javascriptUntilNetworkIdle(url: string): Promise<NetworkIdleJs> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js')) responses.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(
      responses.map(async (response) => {
        const [sizes, encoding] = await Promise.all([response.request().sizes(), response.headerValue('content-encoding')]);
        return { file: path.basename(new URL(response.url()).pathname), wire: sizes.responseBodySize, encoding: encoding ?? 'identity' };
      }),
    );
    return { files, wire: files.reduce((n, f) => n + f.wire, 0) };
  } finally {
    await browser.close();
  }
}
