// A QR code as a camera: renders a payload into a Y4M video that Chromium plays as its fake webcam, and launches
// such a Chromium, so the scan screen decodes real frames without camera hardware.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import QRCode from 'qrcode';

export interface QrVideoOptions {
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  moduleSize?: number;
  /** Identical frames in the file; Chromium loops it, so a few are enough. */
  frames?: number;
}

/** The blank border QR readers need around the symbol, in modules (the standard asks for four). */
const QUIET_ZONE_MODULES = 4;
const WHITE = 255;
const BLACK = 0;
/** Chroma of a grey picture: no colour at all. */
const NEUTRAL_CHROMA = 128;

/**
 * One greyscale frame as 4:2:0 planes: the luma plane with the QR code centred (black modules on white, inside its
 * quiet zone), then the two quarter-size chroma planes.
 */
export function qrFrame(text: string, options: Required<Omit<QrVideoOptions, 'frames'>>): Buffer {
  const { width, height, moduleSize } = options;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 video needs an even width and height');
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = (modules.size + 2 * QUIET_ZONE_MODULES) * moduleSize;
  if (side > width || side > height) {
    throw new Error(`a ${modules.size}-module QR code at ${moduleSize} px per module does not fit in ${width}x${height}`);
  }

  const luma = Buffer.alloc(width * height, WHITE);
  const left = Math.floor((width - modules.size * moduleSize) / 2);
  const top = Math.floor((height - modules.size * moduleSize) / 2);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < moduleSize; y += 1) {
        const start = (top + row * moduleSize + y) * width + left + col * moduleSize;
        luma.fill(BLACK, start, start + moduleSize);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  return Buffer.concat([luma, chroma]);
}

/** A complete YUV4MPEG2 file (4:2:0, 30 fps) showing the QR code of `text` in every frame. */
export function qrY4m(text: string, options: QrVideoOptions = {}): Buffer {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const moduleSize = options.moduleSize ?? 6;
  const frames = options.frames ?? 5;
  const frame = qrFrame(text, { width, height, moduleSize });
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameHeader = Buffer.from('FRAME\n', 'ascii');
  return Buffer.concat([header, ...Array.from({ length: frames }, () => [frameHeader, frame]).flat()]);
}

export interface QrCamera {
  /** A Chromium whose only camera shows the QR code, with camera permission already granted. */
  browser: Browser;
  /** Closes the browser and deletes the video file. */
  close: () => Promise<void>;
}

/** The launch flags every journey uses (playwright.config.ts), plus the fake camera. */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Writes the QR video to a temporary file and launches a Chromium that uses it as its webcam. */
export async function launchWithQrCamera(text: string, options: QrVideoOptions = {}): Promise<QrCamera> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dealmarket-qr-camera-'));
  const file = path.join(dir, 'qr.y4m');
  writeFileSync(file, qrY4m(text, options));
  try {
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        ...BASE_ARGS,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${file}`,
      ],
    });
    return {
      browser,
      close: async () => {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The text of a QR image (an SVG or PNG, by a data: URL or an address the page may read, such as a voucher's
 * qrCodeUrl on the buyer's own page): the page's browser draws the picture on a white canvas with a quiet zone
 * around it, jsQR reads the pixels here in Node.
 */
export async function readQrImage(page: Page, src: string): Promise<string> {
  const pixels = await page.evaluate(async (source) => {
    const image = new Image();
    image.src = source;
    await image.decode();
    const border = 32;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth + 2 * border;
    canvas.height = image.naturalHeight + 2 * border;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, border, border);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: frame.width, height: frame.height, data: Array.from(frame.data) };
  }, src);
  const read = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  if (!read) throw new Error('the image holds no readable QR code');
  return read.data;
}
