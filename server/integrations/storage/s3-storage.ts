/** Files kept in an S3-compatible bucket, chosen by STORAGE_URL (storage-url.ts). */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import type { PhotoStorage, StoredFile } from './photo-storage';
import type { S3Settings } from './storage-url';

export class S3Storage implements PhotoStorage {
  readonly name = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  private keyOf(key: string): string {
    return this.settings.prefix === '' ? key : `${this.settings.prefix}/${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key), Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      if (!answer.Body) return null;
      const bytes = await answer.Body.transformToByteArray();
      const etag = answer.ETag ?? `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
      return { bytes, contentType: answer.ContentType ?? 'application/octet-stream', etag };
    } catch (err) {
      if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
