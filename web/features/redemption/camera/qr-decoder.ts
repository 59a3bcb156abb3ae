/**
 * Reads QR codes from camera frames: the browser's own BarcodeDetector where it exists (Chrome on Android and macOS),
 * else jsQR, loaded only when a camera is actually started so the screen's code stays small.
 */

/** Answers the text of a QR code in the current frame, or null. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

// The Shape Detection API is not in TypeScript's DOM library yet; these are the parts used here.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** Frames are scaled down to this width first: plenty for a QR code held up to the camera, and quick to scan. */
const MAX_FRAME_WIDTH = 640;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => {
      const codes = await detector.detect(video);
      return codes.find((code) => code.rawValue !== '')?.rawValue ?? null;
    };
  } catch {
    // A detector that cannot start (no platform support behind the API) leaves the job to jsQR.
    return null;
  }
}

async function jsQrDecoder(): Promise<FrameDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read camera frames');
  return async (video) => {
    if (video.videoWidth === 0 || video.videoHeight === 0) return null;
    const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    // Voucher QR codes are dark on light; skipping the inverted pass halves the work per frame.
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export async function loadQrDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}
