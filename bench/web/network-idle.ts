/**
 * What a page makes the browser download until the network is idle: every JavaScript response
 * (by URL, gzip level 9 of the built file, as the server's pre-compressed .gz holds), read from a
 * real Chromium (Playwright with the system browser) that opens the page and waits for
 * Playwright's `networkidle` (no request for 500 ms). This counts what the entry loads, what it
 * preloads and whatever the page fetches by itself after the first paint.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export interface NetworkIdleJs {
  files: { file: string; gzip: number }[];
  gzip: number;
}

export async function javascriptUntilNetworkIdle(url: string, webDir: string): Promise<NetworkIdleJs> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const seen = new Set<string>();
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (pathname.endsWith('.js')) seen.add(pathname);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = [...seen].map((pathname) => {
      const file = path.join(webDir, pathname);
      return { file: path.basename(pathname), gzip: existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0 };
    });
    return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}
