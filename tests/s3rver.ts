// A local S3 look-alike (npm s3rver) on 127.0.0.1, for the S3 storage driver's API tests and the
// browser test of the settings page in S3 mode: one bucket, in a folder of its own. s3rver keeps
// multipart uploads but cannot list an upload's parts (ListParts) or abort one, which a resumable
// lesson upload (@tus/s3-store) needs: both are answered here from s3rver's own folder of parts.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The little of Koa's context the parts shim reads. */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

interface S3rverInstance {
  /** Koa's middleware, in order: the shim goes first. */
  middleware: KoaMiddleware[];
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's built-in account. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalBucket {
  /** e.g. http://127.0.0.1:40123 (path-style: the bucket is the first path segment). */
  endpoint: string;
  /** The keys of the objects in the bucket (a/b for a key with a slash), as s3rver keeps them on disk. */
  objects(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver with `bucket`; `cors` is the bucket's CORS configuration (XML), if the browser calls it. */
export async function startLocalBucket(bucket: string, { cors }: { cors?: string } = {}): Promise<LocalBucket> {
  // s3rver ships no types: imported by a name TypeScript does not resolve, and typed above.
  const name = 's3rver';
  const { default: S3rver } = (await import(name)) as { default: S3rverClass };
  const directory = await mkdtemp(join(tmpdir(), 'adire-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, ...(cors ? { configs: [cors] } : {}) }],
  });
  server.middleware.unshift(multipartShim(directory));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects: async () =>
      (await readdir(join(directory, bucket), { recursive: true }).catch(() => [] as string[]))
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) => file.slice(0, -'._S3rver_object'.length))
        .sort(),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), from s3rver's folder of parts. */
function multipartShim(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (typeof uploadId !== 'string' || ctx.query.partNumber !== undefined || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const [, bucket, ...key] = ctx.path.split('/');
    if (!/^[A-Za-z0-9._-]+$/.test(uploadId) || !bucket) return next();
    const parts = join(directory, bucket, '._S3rver_uploads', uploadId);
    const numbers = (await readdir(parts).catch(() => null))?.filter((name) => /^\d+$/.test(name));
    ctx.type = 'application/xml';
    if (!numbers) {
      ctx.status = 404;
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>';
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(parts, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const listed = await Promise.all(
      numbers
        .map(Number)
        .sort((a, b) => a - b)
        .map(async (number) => {
          const { size, mtime } = await stat(join(parts, String(number)));
          const md5 = (await readFile(join(parts, `${number}.md5`), 'utf8')).trim();
          return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size><LastModified>${mtime.toISOString()}</LastModified></Part>`;
        }),
    );
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${listed.join('')}</ListPartsResult>`;
  };
}
