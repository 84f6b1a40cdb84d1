// Where lesson files are kept. Without S3_BUCKET: tus uploads arrive under DATA_DIR/lesson-uploads/
// <upload id> (with the file store's <upload id>.json beside), and a lesson's files live under
// DATA_DIR/lessons/<lesson id>/; both in DATA_DIR so that taking an upload into a lesson is a rename:
// atomic, so one upload makes at most one lesson even when two requests name it at once, and no copy
// of a 4 GiB file. With S3_BUCKET: the uploads go to the bucket part by part (@tus/s3-store: S3's
// multipart upload, the bytes streamed through, never whole in memory), and a lesson's files are
// objects under lessons/<lesson id>/ (#server/files/lesson-bucket.ts); taking an upload is a copy
// inside the bucket, made one at a time per upload by a database lock.
import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/server';
import { API_BASE } from '#server/api-base.ts';
import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { lessonBucketOf, lessonKey } from '#server/files/lesson-bucket.ts';
import { lessonFilesRoot } from '#server/files/lesson-files.ts';
import type { ChangeActor } from './staff-access.ts';

export type StoreEnv = Pick<Env, 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

/** The tus path the upload routes answer on (mounted at /staff). */
export const UPLOADS_PATH = `${API_BASE}/staff/uploads`;
/** @tus/file-store's ids: 16 random bytes, hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const uploadsDir = (env: Pick<Env, 'DATA_DIR'>) => join(env.DATA_DIR, 'lesson-uploads');
export const lessonDir = (env: Pick<Env, 'DATA_DIR'>, lessonId: string) => join(lessonFilesRoot(env), lessonId);

/**
 * An upload not made into a lesson this long after it began, finished or not, is given up (tus's
 * expiration extension; the file store keeps no offset in its record, so a finished upload counts
 * too): a laptop that slept over a weekend can still resume; an abandoned file does not fill the disk.
 */
const UNFINISHED_UPLOAD_KEPT_MS = 7 * 24 * 60 * 60_000;

/** S3's smallest part but the last is 5 MiB; 8 MiB parts keep a 4 GiB file far below its 10,000 parts. */
const S3_PART_BYTES = 8 * 1024 ** 2;

function uploadStore(env: StoreEnv): DataStore {
  const bucket = lessonBucketOf(env);
  if (!bucket) return new FileStore({ directory: uploadsDir(env), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEPT_MS });
  return new S3Store({
    partSize: S3_PART_BYTES,
    // No object tags (not every S3-compatible service has them): unfinished multipart uploads are
    // found and ended by their age (pruneLessonUploads), or by the bucket's lifecycle rule.
    useTags: false,
    expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEPT_MS,
    s3ClientConfig: { ...bucket.clientConfig, bucket: bucket.bucket },
  });
}

/** Made on first use, not at start: the tests' apps (and a server that never takes a lesson) write nothing. */
export function lazyUploadStore(env: StoreEnv) {
  let store: DataStore | undefined;
  return () => (store ??= uploadStore(env));
}

/** Removes the uploads past their expiry (main.ts, with the other pruning): how many. */
export async function pruneLessonUploads(env: StoreEnv): Promise<number> {
  if (!lessonBucketOf(env) && !existsSync(uploadsDir(env))) return 0;
  return uploadStore(env).deleteExpired();
}

/** The upload id an upload's Location names, whatever origin it was handed out on; null when it names none. */
export function uploadIdOf(location: string): string | null {
  const { pathname } = new URL(location);
  const prefix = `${UPLOADS_PATH}/`;
  if (!pathname.startsWith(prefix)) return null;
  const id = pathname.slice(prefix.length);
  return UPLOAD_ID.test(id) ? id : null;
}

/** The upload metadata key naming the member who created the upload (set by the server, never the client's). */
export const OWNER_KEY = 'owner';
/** An upload's owner as stored: the member's id ('' for none: never anybody's). */
export const uploadOwnerOf = (actor: ChangeActor) => actor.actor?.id ?? '';
/** True when `owner` created the upload (an upload from before owners were kept is nobody's). */
export const isOwnUpload = (upload: Pick<Upload, 'metadata'>, owner: string | undefined): boolean =>
  Boolean(owner) && upload.metadata?.[OWNER_KEY] === owner;

export type TakenUpload = { taken: true } | { refused: 'missing' | 'incomplete' };

/** The upload of `owner`'s, when it is theirs and finished; else why not. */
async function finishedUpload(store: DataStore, upload: { id: string; owner: string }): Promise<TakenUpload> {
  const found = await store.getUpload(upload.id).catch(() => null);
  if (!found || !isOwnUpload(found, upload.owner)) return { refused: 'missing' };
  if (found.size === undefined || found.offset !== found.size) return { refused: 'incomplete' };
  return { taken: true };
}

/**
 * Makes a finished upload of `owner`'s the lesson's file `name`; its tus record goes. 'missing' when
 * no such upload of theirs is (still) there, 'incomplete' while bytes are missing.
 */
export async function takeUpload(
  services: { db: Database; env: StoreEnv },
  store: DataStore,
  upload: { id: string; owner: string },
  lessonId: string,
  name: string,
): Promise<TakenUpload> {
  const { db, env } = services;
  const bucket = lessonBucketOf(env);
  if (bucket)
    // A copy is not atomic as a rename is: a lock per upload, held until the copy and the removal
    // are done, makes a second request that names it find it gone (on every process of the database).
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lesson-upload:${upload.id}`}))`);
      const finished = await finishedUpload(store, upload);
      if ('refused' in finished) return finished;
      if (!(await bucket.copy(upload.id, lessonKey(lessonId, name)))) return { refused: 'missing' };
      await bucket.remove([upload.id, `${upload.id}.info`, `${upload.id}.part`]);
      return finished;
    });
  const finished = await finishedUpload(store, upload);
  if ('refused' in finished) return finished;
  await mkdir(lessonDir(env, lessonId), { recursive: true });
  try {
    await rename(join(uploadsDir(env), upload.id), join(lessonDir(env, lessonId), name));
  } catch {
    return { refused: 'missing' };
  }
  await rm(join(uploadsDir(env), `${upload.id}.json`), { force: true });
  return finished;
}

/** One of a lesson's files, as the checks read it: wherever it is kept. */
export interface LessonFile {
  /** Up to `bytes` bytes from its start. */
  start(bytes: number): Promise<Buffer>;
  /** What ffprobe reads: the file's path, or a URL of the object valid a few minutes. */
  probeInput(): Promise<string>;
}

const PROBE_URL_TTL_S = 5 * 60;

async function firstBytesOf(path: string, count: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(count), 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function lessonFileOf(env: StoreEnv, lessonId: string, name: string): LessonFile {
  const bucket = lessonBucketOf(env);
  if (bucket)
    return {
      start: (bytes) => bucket.readStart(lessonKey(lessonId, name), bytes),
      probeInput: () => bucket.presignGet(lessonKey(lessonId, name), PROBE_URL_TTL_S),
    };
  const path = join(lessonDir(env, lessonId), name);
  return { start: (bytes) => firstBytesOf(path, bytes), probeInput: () => Promise.resolve(path) };
}

/** Removes a lesson's files `names` (a lesson refused before it was made): its folder, or its objects. */
export async function removeLessonFiles(env: StoreEnv, lessonId: string, names: readonly string[]): Promise<void> {
  const bucket = lessonBucketOf(env);
  if (bucket) await bucket.remove(names.map((name) => lessonKey(lessonId, name)));
  await rm(lessonDir(env, lessonId), { recursive: true, force: true });
}

/** Removes only the lesson's files `names` (a replacement's, or the ones a replacement dropped): the rest stay served. */
export async function removeNamedLessonFiles(env: StoreEnv, lessonId: string, names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const bucket = lessonBucketOf(env);
  if (bucket) await bucket.remove(names.map((name) => lessonKey(lessonId, name)));
  await Promise.all(names.map((name) => rm(join(lessonDir(env, lessonId), name), { force: true })));
}

/** Whether the lesson has the file `name`, wherever its files are kept. */
export async function lessonFileExists(env: StoreEnv, lessonId: string, name: string): Promise<boolean> {
  const bucket = lessonBucketOf(env);
  if (bucket) return (await bucket.head(lessonKey(lessonId, name))) !== null;
  return existsSync(join(lessonDir(env, lessonId), name));
}
