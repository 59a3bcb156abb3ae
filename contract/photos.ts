/**
 * Photos uploaded from the device (docs/product/api.md#photos, ADR 041). A deal's photos stay addresses (`imageUrl`,
 * the cover, and `galleryUrls`), a merchant's are `photoUrls` (cover first); an uploaded photo's address is
 * `/api/photos/{id}/800.webp`, and the server keeps it at three widths, 400, 800 and 1600 pixels.
 */
import { z } from 'zod';
import { idParams } from './common';
import { endpoint } from './endpoint';
import { PHOTO_WIDTHS, type PhotoWidth } from './photo-files';

export {
  PHOTO_ACCEPT,
  PHOTO_CONTENT_TYPES,
  PHOTO_DEFAULT_WIDTH,
  PHOTO_FILE_FIELD,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MERCHANT_FIELD,
  PHOTO_WIDTHS,
  photoIdOf,
  photoSources,
  photoUploadForm,
  photoUrl,
  type PhotoWidth,
} from './photo-files';
/** An uploaded photo: its id, its address (the 800 copy) and the original's size in pixels, upright. */
export const uploadedPhoto = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhoto>;

/** One stored copy: the photo's id and its file, `400.webp`, `800.webp` or `1600.webp`. */
export const photoFileParams = idParams.extend({
  file: z.enum(PHOTO_WIDTHS.map((width) => `${width}.webp` as const) as [`${PhotoWidth}.webp`, ...`${PhotoWidth}.webp`[]]),
});

export const photoEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/photos',
    tag: 'Photos',
    summary: 'Uploads a photo of a deal or a merchant',
    description:
      'Merchant owners (the photo is their merchant\'s) and superadmins (`merchantId` field). `multipart/form-data` with one `file` part ' +
      '(JPEG, PNG or WebP, read from the content; at most 10 MB and 40 megapixels). The photo is turned upright, stripped of its ' +
      'metadata (location included) and kept as WebP at 400, 800 and 1600 pixels wide, never enlarged. Send `merchantId` before the file.',
    ok: { status: 201, schema: uploadedPhoto, description: 'The photo: `{id, url, width, height}`, `url` its 800 copy.' },
    refusals: {
      400: 'Not a JPEG, PNG or WebP picture, over 10 MB or 40 megapixels, damaged, no file, or (superadmin) no such merchant; nothing is stored.',
      401: 'Not signed in.',
      403: 'Neither a merchant owner nor a superadmin.',
    },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/photos/:id/:file',
    tag: 'Photos',
    summary: 'One stored copy of an uploaded photo',
    description: 'Public. `file` is `400.webp`, `800.webp` or `1600.webp`; the copy never changes, so it is cached for good (`ETag`, 304 on `If-None-Match`).',
    params: photoFileParams,
    ok: { status: 200, schema: z.string(), contentType: 'image/webp', description: 'The WebP picture.' },
    refusals: { 404: 'No such photo.' },
  }),
};
