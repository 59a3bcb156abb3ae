/**
 * Uploaded photos' addresses and limits, without zod, so the web app takes them without the schemas
 * (contract/photos.ts declares the endpoints and re-exports these). ADR 041.
 */

/** The widths every uploaded photo is kept at, each without enlarging a smaller original. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The width a photo's address names, the one shown where no other is chosen. */
export const PHOTO_DEFAULT_WIDTH = 800;
/** The largest file taken, in bytes (10 MB). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The largest picture taken, in pixels (width × height, 40 megapixels). */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The kinds of picture taken, as the server reads them from the content (never from the name). */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** What a file picker may offer (`<input type="file" accept>`). */
export const PHOTO_ACCEPT = PHOTO_CONTENT_TYPES.join(',');
/** The multipart form's part names: the file, and for a superadmin the merchant the photo belongs to. */
export const PHOTO_FILE_FIELD = 'file';
export const PHOTO_MERCHANT_FIELD = 'merchantId';

const PHOTO_PATH = /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(400|800|1600)\.webp$/i;

/** The address of an uploaded photo at one width (`/api/photos/{id}/800.webp`). */
export function photoUrl(id: string, width: PhotoWidth = PHOTO_DEFAULT_WIDTH): string {
  return `/api/photos/${id}/${width}.webp`;
}

/** The id of an uploaded photo from its address at any width; null for any other address. */
export function photoIdOf(url: string): string | null {
  const match = PHOTO_PATH.exec(url.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * What an `<img>` takes for a photo's address: for an uploaded photo the 800 copy and every width as `srcSet`
 * ("…/400.webp 400w, …/800.webp 800w, …/1600.webp 1600w"); any other address as it is, without `srcSet`.
 */
export function photoSources(url: string): { src: string; srcSet: string | null } {
  const id = photoIdOf(url);
  if (id === null) return { src: url, srcSet: null };
  return {
    src: photoUrl(id, PHOTO_DEFAULT_WIDTH),
    srcSet: PHOTO_WIDTHS.map((width) => `${photoUrl(id, width)} ${width}w`).join(', '),
  };
}

/** The form POST /api/photos reads: the file, and the merchant when a superadmin uploads. */
export function photoUploadForm(file: Blob, merchantId?: string): FormData {
  const form = new FormData();
  if (merchantId !== undefined) form.append(PHOTO_MERCHANT_FIELD, merchantId);
  form.append(PHOTO_FILE_FIELD, file);
  return form;
}
