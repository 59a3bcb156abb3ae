/**
 * STORAGE_URL, the setting that keeps uploaded photos in an S3-compatible bucket (Amazon S3, MinIO, R2...):
 * `s3://[ACCESS_KEY:SECRET_KEY@]BUCKET[/PREFIX]?region=REGION[&endpoint=URL][&forcePathStyle=true|false]`.
 * Without keys the SDK's own chain is used (AWS_ACCESS_KEY_ID..., an instance role); keys are percent-encoded.
 * With `endpoint` (another service than Amazon's) addresses are path-style unless `forcePathStyle=false`.
 */
export interface S3Settings {
  bucket: string;
  /** Put before every key, without a trailing slash; '' for none. */
  prefix: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** STORAGE_URL's settings; throws with the reason when it is not a valid `s3://` address. */
export function parseStorageUrl(text: string): S3Settings {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('STORAGE_URL must look like s3://ACCESS_KEY:SECRET_KEY@bucket?region=us-east-1');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  const bucket = url.hostname;
  if (bucket === '' || url.port !== '') throw new Error('STORAGE_URL must name a bucket: s3://bucket?region=...');
  const region = url.searchParams.get('region') ?? 'us-east-1';
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^/?#]+/.test(endpoint)) throw new Error('STORAGE_URL: endpoint must be an http(s) address');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') throw new Error('STORAGE_URL: forcePathStyle must be true or false');
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if ((user === '') !== (password === '')) throw new Error('STORAGE_URL: give both the access key and the secret key, or neither');
  return {
    bucket,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ''),
    region,
    endpoint,
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
    credentials: user === '' ? null : { accessKeyId: user, secretAccessKey: password },
  };
}
