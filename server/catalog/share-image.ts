/**
 * The share images of deals and groups (ADR 040): the deal's picture, covering 1200 x 630, under a dark band that
 * gives its title, price, group size and, for a group, the places left and its deadline. The band is an SVG built
 * by a pure function (shareOverlaySvg) and composited onto the picture by sharp; its text is set by the system's
 * fonts through fontconfig. The renderer keeps the last pictures drawn, shares one drawing among the requests for
 * the same state, and draws at most two at once. What routes and other features use of it is share-image.service.ts.
 */
import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { wallClockOf } from '../../contract/time-zones';
import { msg, render, type Language, type Message } from '../i18n';
import { isPlaceholderSize, placeholderSvg } from '../system/images.service';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Changed with the drawing, so that pictures drawn before get new ETags and addresses. */
const DRAWING = 1;

/** The brand's green (web/styles.css brand-700): the band's tag, and the background when the picture cannot be had. */
const BRAND = '#047857';
/** The background when the deal's picture cannot be had: the brand's darker green (brand-800), under the lighter tag. */
const BRAND_BACKGROUND = '#065f46';

/** Latin from DejaVu or Liberation; Chinese from a CJK font when the server has one (fontconfig falls back to it). */
const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', sans-serif";

/** How a group's picture shows its state: open with its deadline ahead, formed, failed, or open past its deadline. */
export type DrawnGroupState = 'open' | 'formed' | 'failed' | 'closed';

/** Everything a share image shows, and nothing else: its hash is the picture's ETag and cache key. */
export interface ShareCard {
  language: Language;
  dealId: string;
  title: string;
  /** The deal's picture as the screens name it (contract/deal-images.ts): a local path or an absolute address. */
  picture: string;
  /** The price drawn large: the group price for a group deal or a group. */
  priceCents: number;
  /** The price drawn struck beside it (the usual price of a group deal, else the original price), or null. */
  struckCents: number | null;
  /** People a group needs, or null for a deal sold alone only. */
  groupSize: number | null;
  group: {
    id: string;
    state: DrawnGroupState;
    seatsLeft: number;
    deadline: string;
    /** The merchant's time zone, in which the deadline is written. */
    timeZone: string;
  } | null;
}

/** A card's hash, and what it gives: the ETag and the short version that share addresses carry (`?v=`). */
export function shareStateOf(card: ShareCard): { hash: string; etag: string; version: string } {
  const hash = createHash('sha256').update(JSON.stringify([DRAWING, card])).digest('hex');
  return { hash, etag: `"${hash.slice(0, 32)}"`, version: hash.slice(0, 12) };
}

// ---- The band: pure SVG ---------------------------------------------------------------------------------------

/** Characters XML 1.0 does not allow, and lone surrogates: dropped, as the SVG would not parse with them. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as SVG character data or an attribute's value. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** CJK, Hangul, full-width forms and emoji: about one em wide. */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** A character's advance in em, a little over DejaVu Sans's (the widest of the fonts named), so text never overruns. */
function advanceOf(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (isWide(code)) return 1;
  if (ch === ' ') return 0.34;
  if ("iljI.,:;'!|`".includes(ch)) return 0.34;
  if ('ftr()[]{}"-/'.includes(ch)) return 0.5;
  if ('mwMW@%'.includes(ch)) return 1;
  if (/[A-Z0-9$#&?+=<>~]/.test(ch)) return 0.76;
  return 0.66;
}

/** The estimated width in pixels of a line at a font size (bold about 8% wider). */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += advanceOf(ch);
  return em * fontSize * (bold ? 1.08 : 1);
}

/** The text in words, spaces and single wide characters: where a line may break. */
function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  let word = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (/\s/.test(ch) || isWide(code)) {
      if (word) tokens.push(word);
      word = '';
      tokens.push(/\s/.test(ch) ? ' ' : ch);
    } else word += ch;
  }
  if (word) tokens.push(word);
  return tokens;
}

/** The longest start of `text` that fits `width` with an ellipsis after it, and the ellipsis. */
function cutToFit(text: string, width: number, fontSize: number, bold: boolean): string {
  const chars = [...text.trimEnd()];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, fontSize, bold) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * The text set in at most `maxLines` lines of `width` pixels: broken between words (and between wide characters), a
 * word longer than a line broken where it must, and the last line cut with an ellipsis when the text goes on.
 */
export function wrapLines(text: string, fontSize: number, width: number, maxLines: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  let rest: string | null = null;
  const fits = (candidate: string) => textWidth(candidate, fontSize, bold) <= width;
  const tokens = tokensOf(text.replace(/\s+/g, ' ').trim());
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === ' ' && line === '') continue;
    if (fits(line + token)) {
      line += token;
      continue;
    }
    if (lines.length === maxLines - 1) {
      rest = line + tokens.slice(i).join('');
      break;
    }
    if (line.trim() !== '') {
      lines.push(line.trimEnd());
      line = '';
      if (token !== ' ') i--;
      continue;
    }
    // A word longer than a whole line: as much as fits, the rest on the next.
    const chars = [...token];
    let part = '';
    while (chars.length > 0 && fits(part + chars[0]!)) part += chars.shift()!;
    if (part === '') part = chars.shift() ?? '';
    lines.push(part);
    tokens.splice(i + 1, 0, chars.join(''));
  }
  if (rest !== null) lines.push(cutToFit(rest, width, fontSize, bold));
  else if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

/** HH:MM of an instant in a zone (UTC when the zone is not one the system knows). */
function clockTime(instant: Date, zone: string): string {
  let clock;
  try {
    clock = wallClockOf(instant, zone);
  } catch {
    clock = wallClockOf(instant, 'UTC');
  }
  return `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

/** The texts of a card in its language: the title's lines aside, the price row and the group's row. */
export function shareTexts(card: ShareCard): { price: string; struck: string | null; groupOf: string | null; state: string | null } {
  const say = (message: Message) => render(card.language, message);
  const g = card.group;
  let state: string | null = null;
  if (g) {
    if (g.state === 'open') {
      const until = say(msg('share.until', { time: clockTime(new Date(g.deadline), g.timeZone) }));
      state = `${say(msg('share.seatsLeft', { count: g.seatsLeft }))}  ·  ${until}`;
    } else state = say(g.state === 'formed' ? msg('share.formed') : g.state === 'failed' ? msg('share.failed') : msg('share.closed'));
  }
  return {
    price: say(msg('share.price', { price: card.priceCents })),
    struck: card.struckCents === null ? null : say(msg('share.price', { price: card.struckCents })),
    groupOf: card.groupSize === null ? null : say(msg('share.groupOf', { size: card.groupSize })),
    state,
  };
}

const MARGIN = 60;
const TITLE_SIZE = 52;
const PRICE_SIZE = 84;
const STRUCK_SIZE = 40;
const ROW_SIZE = 30;

/**
 * The band drawn over the picture, as an SVG of the image's size: the site's tag at the top, and at the bottom a dark
 * band with the title in two lines at most, the price (large) with the struck price, and the group's row (its size,
 * then its places left and deadline, or its end). Every text is escaped; the layout is built from the bottom up.
 */
export function shareOverlaySvg(card: ShareCard): string {
  const W = SHARE_IMAGE_WIDTH;
  const H = SHARE_IMAGE_HEIGHT;
  const texts = shareTexts(card);
  const font = `font-family="${FONT_FAMILY}"`;
  const parts: string[] = [];

  let baseline = H - 44;
  const row = texts.groupOf !== null || texts.state !== null;
  if (row) {
    let x = MARGIN;
    if (texts.groupOf !== null) {
      const pill = textWidth(texts.groupOf, ROW_SIZE, true) + 44;
      parts.push(`<rect x="${x}" y="${baseline - ROW_SIZE - 10}" width="${Math.round(pill)}" height="${ROW_SIZE + 24}" rx="${(ROW_SIZE + 24) / 2}" fill="${BRAND}"/>`);
      parts.push(`<text x="${x + 22}" y="${baseline}" ${font} font-size="${ROW_SIZE}" font-weight="bold" fill="#ffffff">${xmlText(texts.groupOf)}</text>`);
      x += Math.round(pill) + 24;
    }
    if (texts.state !== null) parts.push(`<text x="${x}" y="${baseline}" ${font} font-size="${ROW_SIZE}" fill="#f3f4f6">${xmlText(texts.state)}</text>`);
    baseline -= ROW_SIZE + 48;
  }

  // One line of text, so the struck price follows the price wherever the font ends it.
  const struck =
    texts.struck === null
      ? ''
      : `<tspan dx="28" font-size="${STRUCK_SIZE}" font-weight="normal" fill="#d1d5db" text-decoration="line-through">${xmlText(texts.struck)}</tspan>`;
  parts.push(
    `<text x="${MARGIN}" y="${baseline}" ${font} font-size="${PRICE_SIZE}" font-weight="bold" fill="#6ee7b7"><tspan>${xmlText(texts.price)}</tspan>${struck}</text>`,
  );
  baseline -= PRICE_SIZE + 18;

  const lines = wrapLines(card.title, TITLE_SIZE, W - 2 * MARGIN, 2, true);
  const titleTop = baseline - (lines.length - 1) * (TITLE_SIZE + 10);
  lines.forEach((line, i) => {
    parts.push(`<text x="${MARGIN}" y="${titleTop + i * (TITLE_SIZE + 10)}" ${font} font-size="${TITLE_SIZE}" font-weight="bold" fill="#ffffff">${xmlText(line)}</text>`);
  });
  const bandTop = Math.max(0, titleTop - TITLE_SIZE - 36);

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.78"/></linearGradient></defs>',
    `<rect x="0" y="${Math.max(0, bandTop - 80)}" width="${W}" height="${Math.min(80, bandTop)}" fill="url(#fade)"/>`,
    `<rect x="0" y="${bandTop}" width="${W}" height="${H - bandTop}" fill="#000000" fill-opacity="0.78"/>`,
    `<rect x="40" y="36" width="212" height="52" rx="26" fill="${BRAND}"/>`,
    `<text x="146" y="72" ${font} font-size="28" font-weight="bold" fill="#ffffff" text-anchor="middle">DealMarket</text>`,
    ...parts,
    '</svg>',
  ].join('\n');
}

// ---- The picture under it ---------------------------------------------------------------------------------------

export interface PictureSources {
  /** The built web app's folder, where the bundled pictures (`/images/...`) are. */
  webDir?: string | undefined;
  /** The site's own origin: a picture's absolute address there is read as its local path. */
  publicOrigin?: string | undefined;
  /** How long a picture at another address may take, whole. */
  timeoutMs?: number;
  /** The largest picture read, in bytes. */
  maxBytes?: number;
  fetch?: typeof fetch;
}

const PLACEHOLDER_PATH = /^\/api\/placeholder\/(\d{1,4})\/(\d{1,4})$/;

/** A picture's bytes, or null when it cannot be had (any failure: the band is then drawn on the brand's colour). */
export async function loadPicture(address: string, sources: PictureSources): Promise<Buffer | null> {
  const maxBytes = sources.maxBytes ?? 5 * 1024 * 1024;
  let local: string | null = null;
  if (address.startsWith('/') && !address.startsWith('//')) local = address;
  else if (/^https?:\/\//i.test(address)) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return null;
    }
    if (sources.publicOrigin && url.origin === new URL(sources.publicOrigin).origin) local = url.pathname;
    else return fetchPicture(url, sources.timeoutMs ?? 3000, maxBytes, sources.fetch ?? fetch);
  } else return null;

  const pathname = local.split(/[?#]/)[0] ?? '';
  const placeholder = PLACEHOLDER_PATH.exec(pathname);
  if (placeholder) {
    const [w, h] = [Number(placeholder[1]), Number(placeholder[2])];
    return isPlaceholderSize(w) && isPlaceholderSize(h) ? Buffer.from(placeholderSvg(w, h)) : null;
  }
  return sources.webDir ? readWebFile(sources.webDir, pathname, maxBytes) : null;
}

/** A file of the built web app by its path, never outside its folder, or null. */
async function readWebFile(webDir: string, pathname: string, maxBytes: number): Promise<Buffer | null> {
  try {
    const root = await realpath(webDir);
    const file = await realpath(path.join(root, decodeURIComponent(pathname)));
    if (!file.startsWith(root + path.sep)) return null;
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) return null;
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/** A picture at another address: within the time and size allowed, an answer of 2xx only, else null. */
async function fetchPicture(url: URL, timeoutMs: number, maxBytes: number, fetchImpl: typeof fetch): Promise<Buffer | null> {
  try {
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'image/*' } });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    const declared = Number(res.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      return null;
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  }
}

// ---- Drawing --------------------------------------------------------------------------------------------------

/** The most pixels a picture may have to be read (sharp refuses larger ones, and the brand's colour is drawn). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The picture as a 1200 x 630 cover under the band; a picture sharp cannot read is replaced by the brand's colour. */
async function draw(picture: Buffer | null, overlay: string): Promise<Buffer> {
  const band = { input: Buffer.from(overlay), top: 0, left: 0 };
  // A palette of 128 colours, dithered: a photo's picture stays well under 300 kB (chat apps drop larger previews).
  const png = { compressionLevel: 9, palette: true, quality: 80, colours: 128, effort: 8 } as const;
  if (picture) {
    try {
      const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
      const meta = await sharp(picture, options).metadata();
      // A vector picture is rasterised at the density that makes it cover the image, not at its own small size.
      const density =
        meta.format === 'svg' && meta.width && meta.height
          ? Math.min(600, Math.max(72, Math.ceil(72 * Math.max(SHARE_IMAGE_WIDTH / meta.width, SHARE_IMAGE_HEIGHT / meta.height))))
          : undefined;
      return await sharp(picture, { ...options, ...(density ? { density } : {}) })
        .rotate()
        .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' })
        .composite([band])
        .png(png)
        .toBuffer();
    } catch {
      // Not a picture sharp reads, or too large: the brand's colour below.
    }
  }
  return sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: BRAND_BACKGROUND } })
    .composite([band])
    .png(png)
    .toBuffer();
}

export interface ShareImagesOptions extends PictureSources {
  /** Pictures kept, the least recently used dropped first. */
  maxEntries?: number;
  /** Bytes kept at most across them. */
  maxCachedBytes?: number;
  /** Pictures drawn at once; more wait their turn. */
  maxConcurrent?: number;
}

/** Draws share images: the last ones kept, one drawing per state however many ask at once, at most two at a time. */
export class ShareImages {
  /** Pictures drawn (not served from the cache nor shared with a drawing under way): for tests and metrics. */
  renders = 0;
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxEntries: number;
  private readonly maxCachedBytes: number;
  private readonly maxConcurrent: number;

  constructor(private readonly options: ShareImagesOptions = {}) {
    this.maxEntries = options.maxEntries ?? 200;
    this.maxCachedBytes = options.maxCachedBytes ?? 64 * 1024 * 1024;
    this.maxConcurrent = options.maxConcurrent ?? 2;
  }

  /** The PNG of a card: from the cache, from a drawing of the same state under way, or drawn now. */
  async png(card: ShareCard): Promise<Buffer> {
    const { hash } = shareStateOf(card);
    const kept = this.cache.get(hash);
    if (kept) {
      this.cache.delete(hash);
      this.cache.set(hash, kept);
      return kept;
    }
    const underWay = this.inFlight.get(hash);
    if (underWay) return underWay;
    this.renders++;
    const drawing = this.inTurn(async () => draw(await loadPicture(card.picture, this.options), shareOverlaySvg(card)))
      .then((png) => {
        this.keep(hash, png);
        return png;
      })
      .finally(() => this.inFlight.delete(hash));
    this.inFlight.set(hash, drawing);
    return drawing;
  }

  private keep(hash: string, png: Buffer): void {
    this.cache.set(hash, png);
    this.cachedBytes += png.byteLength;
    while (this.cache.size > this.maxEntries || this.cachedBytes > this.maxCachedBytes) {
      const [oldest, bytes] = this.cache.entries().next().value as [string, Buffer];
      this.cache.delete(oldest);
      this.cachedBytes -= bytes.byteLength;
    }
  }

  /** Runs the work when one of the drawing places is free; a finished work hands its place to the next in line. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.maxConcurrent) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
