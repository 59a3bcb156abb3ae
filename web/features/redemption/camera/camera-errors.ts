/** What to tell the merchant when the camera cannot be opened, by the error getUserMedia gave. */

export const NO_CAMERA_SUPPORT = 'No camera available in this browser. Enter the QR code text below instead.';
export const NO_CAMERA_FOUND = 'No camera found on this device. Enter the QR code text below instead.';
export const CAMERA_PERMISSION_DENIED =
  'Camera permission denied. Allow camera access in your browser settings, or enter the QR code text below.';
export const CAMERA_BUSY = 'The camera is in use by another app. Close it and try again.';
export const CAMERA_FAILED = 'Could not start the camera. Please try again.';

export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_PERMISSION_DENIED;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return NO_CAMERA_FOUND;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CAMERA_BUSY;
    default:
      return CAMERA_FAILED;
  }
}
