// A local S3 look-alike (npm s3rver) on 127.0.0.1, for the S3 storage driver's API tests and the
// browser test of the settings page in S3 mode: one bucket, in a folder of its own.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's built-in account. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalBucket {
  /** e.g. http://127.0.0.1:40123 (path-style: the bucket is the first path segment). */
  endpoint: string;
  /** The keys of the objects in the bucket, as s3rver keeps them on disk. */
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
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects: async () =>
      (await readdir(join(directory, bucket)).catch(() => [] as string[]))
        .filter((file) => file.endsWith('._S3rver_object'))
        .map((file) => file.slice(0, -'._S3rver_object'.length))
        .sort(),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
