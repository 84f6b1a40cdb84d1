// Lesson files in the S3 bucket, when S3_BUCKET is set (the pictures' bucket and keys, docs/
// deployment.md): the tus uploads under their upload id (@tus/s3-store's own keys) and each lesson's
// files under lessons/<lesson id>/<file>, by the database's names only. Every transfer streams (a
// source of up to 4 GiB is never whole in memory): the upload is copied inside the bucket, the
// transcoding worker downloads the source to a file and uploads its renditions from files, and the
// students' signed links stream the byte range they ask for. src/features/lessons/ writes these
// files, src/features/learning/ serves them.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3, type S3ClientConfig } from '@aws-sdk/client-s3';
import { AwsClient } from 'aws4fetch';
import type { Env } from '../env.ts';

type BucketEnv = Pick<Env, 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** What the bucket says of an object: enough for a ranged answer. */
interface BucketObject {
  size: number;
  etag: string;
  lastModified: Date;
}

export interface LessonBucket {
  readonly bucket: string;
  /** The S3 client's settings (the tus store takes them too). */
  readonly clientConfig: S3ClientConfig;
  /** Copies an object inside the bucket (up to 5 GiB: one CopyObject); false when `from` is not there. */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes the objects; nothing happens for one that is not there. */
  remove(keys: readonly string[]): Promise<void>;
  /** Streams the object into the file at `path`. */
  download(key: string, path: string, signal?: AbortSignal): Promise<void>;
  /** Streams the file at `path` into the object, stored with `type`. */
  upload(key: string, path: string, type: string, signal?: AbortSignal): Promise<void>;
  /** Up to `bytes` bytes from the object's start (fewer when it is shorter; none when it is missing). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** The object's size and tags, or null when it is not there. */
  head(key: string): Promise<BucketObject | null>;
  /** Bytes `start` to `end` (inclusive) of the object. */
  read(key: string, start: number, end: number): Promise<Readable>;
  /** A GET URL of the object valid `expiresInS` seconds (ffprobe reads a video's header through it). */
  presignGet(key: string, expiresInS: number): Promise<string>;
}

/** The key of a lesson's file in the bucket. */
export const lessonKey = (lessonId: string, file: string) => `lessons/${lessonId}/${file}`;

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return (
    name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
};

const buckets = new WeakMap<object, LessonBucket>();

/** The lesson files' bucket of these settings, or null when S3_BUCKET is not set (files stay under DATA_DIR). */
export function lessonBucketOf(env: BucketEnv): LessonBucket | null {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  let made = buckets.get(env);
  if (!made) buckets.set(env, (made = createLessonBucket(env)));
  return made;
}

function createLessonBucket(env: Required<BucketEnv>): LessonBucket {
  const Bucket = env.S3_BUCKET;
  const credentials = { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY };
  const clientConfig: S3ClientConfig = {
    region: env.S3_REGION,
    credentials,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    // Path-style, as the pictures' driver: every S3-compatible service, and bucket names with dots.
    forcePathStyle: true,
    // Checksums only where S3 demands them: R2, MinIO and older services refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const s3 = new S3(clientConfig);
  const signer = new AwsClient({ ...credentials, region: env.S3_REGION, service: 's3' });
  const objectUrl = (key: string) =>
    `${(env.S3_ENDPOINT || `https://s3.${env.S3_REGION}.amazonaws.com`).replace(/\/+$/, '')}/${encodeURIComponent(Bucket)}/${key
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;

  return {
    bucket: Bucket,
    clientConfig,

    async copy(from, to) {
      try {
        await s3.copyObject({ Bucket, Key: to, CopySource: `${encodeURIComponent(Bucket)}/${encodeURIComponent(from)}` });
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async remove(keys) {
      if (keys.length > 0) await s3.deleteObjects({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } });
    },

    async download(key, path, signal) {
      const { Body } = await s3.getObject({ Bucket, Key: key }, { abortSignal: signal });
      await pipeline(Body as Readable, createWriteStream(path), { signal });
    },

    async upload(key, path, type, signal) {
      const { size } = await stat(path);
      await s3.putObject(
        { Bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: type },
        { abortSignal: signal },
      );
    },

    async readStart(key, bytes) {
      try {
        const { Body } = await s3.getObject({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` });
        const chunks: Buffer[] = [];
        for await (const chunk of Body as Readable) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).subarray(0, bytes);
      } catch (error) {
        // 416: an empty object has no byte 0.
        if (isMissing(error) || (error as { name?: string }).name === 'InvalidRange') return Buffer.alloc(0);
        throw error;
      }
    },

    async head(key) {
      try {
        const found = await s3.headObject({ Bucket, Key: key });
        return { size: found.ContentLength ?? 0, etag: found.ETag ?? '""', lastModified: found.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(key, start, end) {
      const { Body } = await s3.getObject({ Bucket, Key: key, Range: `bytes=${start}-${end}` });
      return Body as Readable;
    },

    async presignGet(key, expiresInS) {
      const url = new URL(objectUrl(key));
      url.searchParams.set('X-Amz-Expires', String(expiresInS));
      return (await signer.sign(url.toString(), { method: 'GET', aws: { signQuery: true } })).url;
    },
  };
}
