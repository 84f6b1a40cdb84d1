// Lesson files on S3 for the lesson tests: an s3rver bucket started before the file's (or the
// describe block's) tests, and the settings that point the test app at it and at a DATA_DIR of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startLocalBucket, S3RVER_KEYS, type LocalBucket } from '../../s3rver.ts';

/**
 * Call before useTestApp, passing it `env`: useTestApp reads it before each test, once the bucket
 * has started and its settings are in. `bucket()` is the running bucket.
 */
export function useLessonBucket(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `afa-${name}-`));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let bucket: LocalBucket | undefined;
  beforeAll(async () => {
    bucket = await startLocalBucket(name);
    Object.assign(env, {
      S3_ENDPOINT: bucket.endpoint,
      S3_BUCKET: name,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    });
  });
  afterAll(async () => {
    await bucket?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, env, bucket: () => bucket! };
}
