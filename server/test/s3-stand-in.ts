/** A local S3 stand-in (s3rver) on a free port with one bucket, for the S3 storage's tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface S3StandIn {
  /** STORAGE_URL for the stand-in's bucket. */
  url: string;
  /** How many objects the bucket holds. */
  count(): Promise<number>;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = 'photos'): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 's3-stand-in-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    url: `s3://S3RVER:S3RVER@${bucket}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`,
    async count() {
      let total = 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        total += page.KeyCount ?? 0;
        token = page.NextContinuationToken;
      } while (token);
      return total;
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
