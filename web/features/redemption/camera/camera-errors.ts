/** What to tell the merchant when the camera cannot be opened, by the error getUserMedia gave. */
import { translate } from '../../../i18n';

/**
 * The messages as docs/product/messages.md words them in English, the catalogue's merchant:camera texts; the screens
 * show them in the language chosen (cameraErrorMessage, noCameraSupportMessage).
 */
export const NO_CAMERA_SUPPORT = 'No camera available in this browser. Enter the QR code text below instead.';
export const NO_CAMERA_FOUND = 'No camera found on this device. Enter the QR code text below instead.';
export const CAMERA_PERMISSION_DENIED =
  'Camera permission denied. Allow camera access in your browser settings, or enter the QR code text below.';
export const CAMERA_BUSY = 'The camera is in use by another app. Close it and try again.';
export const CAMERA_FAILED = 'Could not start the camera. Please try again.';

/** The browser has no camera API at all. */
export function noCameraSupportMessage(): string {
  return translate('merchant:camera.noSupport');
}

/** The camera (or the QR reader) could not be started for a reason of its own. */
export function cameraFailedMessage(): string {
  return translate('merchant:camera.failed');
}

export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return translate('merchant:camera.permissionDenied');
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return translate('merchant:camera.notFound');
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return translate('merchant:camera.busy');
    default:
      return cameraFailedMessage();
  }
}
