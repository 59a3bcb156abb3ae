/**
 * POST /api/photos (a merchant owner's or a superadmin's upload, multipart) and GET /api/photos/{id}/{file}
 * (the stored copies, public, cached for good). ADR 041.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_FILE_FIELD, PHOTO_MAX_BYTES, PHOTO_MERCHANT_FIELD, photoEndpoints } from '../../contract/photos';
import type { AppDeps } from '../deps';
import { handle } from '../http/endpoints';
import { badRequest, notFound } from '../http/errors';
import { requireMerchant, requireRole } from '../http/session';
import { msg } from '../i18n';
import type { PhotoStorage } from '../integrations/storage/photo-storage';
import { existingMerchant, readPhoto, uploadPhoto } from './photos.service';

/** The copies never change (a new photo gets a new id), so anyone may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header holds the ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

const TOO_LARGE = () => badRequest(msg('photos.tooLarge', { max: PHOTO_MAX_BYTES / (1024 * 1024) }));

export const photoRoutes =
  (deps: AppDeps & { photoStorage: PhotoStorage }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database;
    const storage = deps.photoStorage;
    // Registered here only: one file, the merchant field, nothing else, and the file at most 10 MB.
    await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200 } });

    handle(app, photoEndpoints.upload, async (request, reply) => {
      const user = requireRole(request, ['merchant', 'superadmin']);
      const ownMerchant = user.role === 'merchant' ? requireMerchant(request, 'owner').merchantId : null;
      if (!request.isMultipart()) throw badRequest(msg('photos.notMultipart'));
      let part;
      try {
        part = await request.file();
      } catch (err) {
        if (err instanceof app.multipartErrors.FilesLimitError || err instanceof app.multipartErrors.PartsLimitError || err instanceof app.multipartErrors.FieldsLimitError) {
          throw badRequest(msg('photos.notMultipart'));
        }
        throw err;
      }
      if (!part || part.fieldname !== PHOTO_FILE_FIELD) throw badRequest(msg('photos.noFile'));
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw TOO_LARGE();
        throw err;
      }
      if (bytes.length === 0) throw badRequest(msg('photos.noFile'));
      let merchantId = ownMerchant;
      if (merchantId === null) {
        const field = part.fields[PHOTO_MERCHANT_FIELD];
        const value = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
        merchantId = await existingMerchant(db, value);
      }
      const photo = await uploadPhoto(db, storage, { merchantId, userId: user.id, bytes });
      return reply.status(201).send(photo);
    });

    handle(app, photoEndpoints.get, async (request, reply) => {
      const stored = await readPhoto(storage, request.params.id, request.params.file);
      if (!stored) throw notFound(msg('notFound.photo'));
      reply.header('etag', stored.etag).header('cache-control', IMMUTABLE);
      if (matches(request.headers['if-none-match'], stored.etag)) return reply.status(304).send();
      return reply.type(stored.contentType).send(Buffer.from(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength));
    });
  };
