/**
 * Photos uploaded from the device (ADR 041): the content checked (JPEG, PNG or WebP, at most 40 megapixels, whole),
 * turned upright, stripped of its metadata and kept as WebP at 400, 800 and 1600 pixels wide behind the storage
 * port; the `photos` row is written only once every copy is stored, and a failure part-way removes what was stored.
 * Also the rule on saves: a merchant may only name its own uploaded photos.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { PHOTO_MAX_PIXELS, PHOTO_WIDTHS, photoIdOf, photoUrl, type UploadedPhoto } from '../../contract/photos';
import type { Db } from '../db/client';
import { merchants, photos } from '../db/schema';
import { badRequest } from '../http/errors';
import { msg } from '../i18n';
import type { PhotoStorage, StoredFile } from '../integrations/storage/photo-storage';

const WEBP = 'image/webp';
const WEBP_QUALITY = 80;
/** sharp's names of the formats taken. */
const FORMATS_TAKEN = new Set(['jpeg', 'png', 'webp']);

/** The storage key of one copy. */
export const photoKey = (id: string, width: number) => `photos/${id}/${width}.webp`;

export const NOT_YOURS = msg('photos.notYours');
const NOT_AN_IMAGE = msg('photos.notAnImage');
const DAMAGED = msg('photos.damaged');

interface Checked {
  /** The original's size, upright. */
  width: number;
  height: number;
}

/** Reads the header only (nothing decoded): the format and the size, refused before any pixel is read. */
async function checkContent(bytes: Buffer): Promise<Checked> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!meta.format || !FORMATS_TAKEN.has(meta.format) || !meta.width || !meta.height) throw badRequest(NOT_AN_IMAGE);
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) throw badRequest(msg('photos.tooManyPixels', { max: PHOTO_MAX_PIXELS / 1_000_000 }));
  // EXIF orientations 5 to 8 turn the picture a quarter, so its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** The three WebP copies, upright, never enlarged, without metadata (sharp keeps none unless asked). */
async function copiesOf(bytes: Buffer): Promise<{ width: number; bytes: Buffer }[]> {
  const source = sharp(bytes, { failOn: 'truncated', limitInputPixels: PHOTO_MAX_PIXELS }).rotate();
  try {
    return await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        width,
        bytes: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer(),
      })),
    );
  } catch {
    throw badRequest(DAMAGED);
  }
}

/** The merchant a superadmin names for a photo: an existing one, else 400. */
export async function existingMerchant(db: Db, id: string | undefined): Promise<string> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!id || !uuid.test(id)) throw badRequest(msg('photos.unknownMerchant'));
  const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, id));
  if (!row) throw badRequest(msg('photos.unknownMerchant'));
  return row.id;
}

/**
 * Stores an uploaded photo of the merchant: every copy first, then its row. Anything refused stores nothing; a
 * failure after some copies were written removes them before the error goes on.
 */
export async function uploadPhoto(
  db: Db,
  storage: PhotoStorage,
  input: { merchantId: string; userId: string; bytes: Buffer },
): Promise<UploadedPhoto> {
  const size = await checkContent(input.bytes);
  const copies = await copiesOf(input.bytes);
  const id = randomUUID();
  const written: string[] = [];
  try {
    for (const copy of copies) {
      const key = photoKey(id, copy.width);
      written.push(key);
      await storage.put(key, copy.bytes, WEBP);
    }
    await db.insert(photos).values({ id, merchantId: input.merchantId, width: size.width, height: size.height, bytes: input.bytes.length, createdBy: input.userId });
  } catch (err) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw err;
  }
  return { id, url: photoUrl(id), width: size.width, height: size.height };
}

/** One stored copy of a photo (`file` is `400.webp`, `800.webp` or `1600.webp`), or null. */
export async function readPhoto(storage: PhotoStorage, id: string, file: string): Promise<StoredFile | null> {
  const width = Number.parseInt(file, 10);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  return storage.get(photoKey(id.toLowerCase(), width));
}

/**
 * A merchant's save may name only photos uploaded for that merchant (`/api/photos/{id}/...`), or addresses the deal
 * already holds (`kept`, set by a superadmin); any other address is refused with 400, before anything is saved.
 */
export async function refuseForeignPhotos(db: Db, merchantId: string, urls: readonly string[], kept: readonly string[] = []): Promise<void> {
  const keptSet = new Set(kept.map((u) => u.trim()).filter((u) => u !== ''));
  const ids = new Set<string>();
  for (const raw of urls) {
    const url = raw.trim();
    if (url === '' || keptSet.has(url)) continue;
    const id = photoIdOf(url);
    if (id === null) throw badRequest(NOT_YOURS);
    ids.add(id);
  }
  if (ids.size === 0) return;
  const own = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(inArray(photos.id, [...ids]), eq(photos.merchantId, merchantId)));
  if (own.length !== ids.size) throw badRequest(NOT_YOURS);
}
