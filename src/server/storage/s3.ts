// The S3 storage driver, for any S3-compatible bucket (AWS, Cloudflare R2, MinIO, ...), chosen when
// S3_BUCKET is set. The browser PUTs straight to the bucket through a presigned URL (SigV4 in the
// query, via aws4fetch) whose signature covers the Content-Type, so the object is stored with the
// declared image type. A presigned PUT cannot cap the body's size: the uploads feature checks the
// object (stat, readStart) before it accepts it, and deletes it otherwise.
import { AwsClient } from 'aws4fetch';
import type { BrowserSources, PresignOptions, Storage, StoredObject } from './storage.ts';

export interface S3StorageOptions {
  /** e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000; empty: AWS in `region`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The base URL images are served from (a CDN or the bucket's public URL); empty: the bucket's own URL. */
  publicUrl: string;
  /** Each call to the bucket gives up after this long. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

class S3StorageError extends Error {
  override name = 'S3StorageError';
}

type BucketPlace = Pick<S3StorageOptions, 'endpoint' | 'bucket' | 'region' | 'publicUrl'>;

/** The bucket's URL (path-style: works with every S3-compatible service and bucket names holding dots) and where its images are served from. */
function bucketUrls({ endpoint, bucket, region, publicUrl }: BucketPlace) {
  const bucketUrl = `${(endpoint || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '')}/${encodeURIComponent(bucket)}`;
  return { bucketUrl, publicBase: (publicUrl || bucketUrl).replace(/\/+$/, '') };
}

/** The browser PUTs to the bucket and shows images from the public base: pages must allow both. */
export function bucketBrowserSources(place: BucketPlace): BrowserSources {
  const { bucketUrl, publicBase } = bucketUrls(place);
  return { connect: [new URL(bucketUrl).origin], img: [new URL(publicBase).origin] };
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucketUrl, publicBase } = bucketUrls(options);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    // aws4fetch retries 5xx answers (10 times by default): a request in flight should not wait that long.
    retries: 1,
  });
  const objectUrl = (key: string) => `${bucketUrl}/${encodeURIComponent(key)}`;
  const call = (key: string, init: RequestInit) => client.fetch(objectUrl(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const failed = (what: string, response: Response) => new S3StorageError(`S3 ${what} answered ${response.status}`);

  async function remove(key: string) {
    const response = await call(key, { method: 'DELETE' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) throw failed('DELETE', response);
  }

  return {
    kind: 's3',
    browserSources: bucketBrowserSources(options),

    async presignPut(key, { mimeType, expiresInS }: PresignOptions) {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(expiresInS));
      // allHeaders: aws4fetch leaves Content-Type out of the signature unless told; signed, the bucket
      // refuses a PUT with another type, so nobody stores text/html under our name.
      const signed = await client.sign(url.toString(), {
        method: 'PUT',
        headers: { 'content-type': mimeType },
        aws: { signQuery: true, allHeaders: true },
      });
      return signed.url;
    },

    async stat(key): Promise<StoredObject | null> {
      const response = await call(key, { method: 'HEAD' });
      if (response.status === 404) return null;
      if (!response.ok) throw failed('HEAD', response);
      const size = Number(response.headers.get('content-length'));
      if (!Number.isSafeInteger(size) || size < 0) throw new S3StorageError('S3 HEAD answered without a Content-Length');
      const contentType = response.headers.get('content-type');
      return contentType ? { size, contentType } : { size };
    },

    async readStart(key, bytes) {
      const response = await call(key, { method: 'GET', headers: { range: `bytes=0-${bytes - 1}` } });
      // 416: an empty object has no byte 0.
      if (response.status === 404 || response.status === 416) {
        await response.body?.cancel();
        return Buffer.alloc(0);
      }
      if (!response.ok) throw failed('GET', response);
      // A server that ignores Range sends the whole object: read only what was asked for.
      const reader = response.body?.getReader();
      const chunks: Uint8Array[] = [];
      let length = 0;
      while (reader && length < bytes) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        length += value.byteLength;
      }
      await reader?.cancel().catch(() => {});
      return Buffer.concat(chunks).subarray(0, bytes);
    },

    async put(key, bytes, mimeType) {
      const response = await call(key, { method: 'PUT', headers: { 'content-type': mimeType }, body: bytes as BodyInit });
      await response.body?.cancel();
      if (!response.ok) throw failed('PUT', response);
    },

    delete: remove,

    // S3 has no rename: CopyObject (type and bytes as stored), then DeleteObject of the source.
    async move(from, to) {
      const copied = await call(to, {
        method: 'PUT',
        headers: { 'x-amz-copy-source': `/${encodeURIComponent(options.bucket)}/${encodeURIComponent(from)}` },
      });
      const answer = await copied.text();
      if (copied.status === 404) return false;
      // A copy can fail after its 200 has been sent: the error is then the body.
      if (!copied.ok || /<Error>/.test(answer)) throw failed('CopyObject', copied);
      await remove(from);
      return true;
    },

    publicUrl: (key) => `${publicBase}/${encodeURIComponent(key)}`,
  };
}
