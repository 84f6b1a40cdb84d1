// Where lesson files are kept: tus uploads arrive under DATA_DIR/lesson-uploads/<upload id> (with the
// file store's <upload id>.json beside), and a lesson's files live under DATA_DIR/lessons/<lesson id>/.
// Both are in DATA_DIR so that taking an upload into a lesson is a rename: atomic, so one upload
// makes at most one lesson even when two requests name it at once, and no copy of a 4 GiB file.
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { API_BASE } from '#server/api-base.ts';
import type { Env } from '#server/env.ts';
import { lessonFilesRoot } from '#server/files/lesson-files.ts';
import type { ChangeActor } from './staff-access.ts';

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

const fileStore = (env: Pick<Env, 'DATA_DIR'>) =>
  new FileStore({ directory: uploadsDir(env), expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_KEPT_MS });

/** Made on first use, not at start: the tests' apps (and a server that never takes a lesson) write nothing. */
export function lazyFileStore(env: Pick<Env, 'DATA_DIR'>) {
  let store: FileStore | undefined;
  return () => (store ??= fileStore(env));
}

/** Removes the uploads past their expiry (main.ts, with the other pruning): how many. */
export async function pruneLessonUploads(env: Pick<Env, 'DATA_DIR'>): Promise<number> {
  if (!existsSync(uploadsDir(env))) return 0;
  return fileStore(env).deleteExpired();
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

export type TakenUpload = { path: string } | { refused: 'missing' | 'incomplete' };

/**
 * Moves a finished upload of `owner`'s into the lesson's folder as `name`; its tus record goes.
 * 'missing' when no such upload of theirs is (still) there, 'incomplete' while bytes are missing.
 */
export async function takeUpload(
  env: Pick<Env, 'DATA_DIR'>,
  store: FileStore,
  upload: { id: string; owner: string },
  lessonId: string,
  name: string,
): Promise<TakenUpload> {
  const uploadId = upload.id;
  const found = await store.getUpload(uploadId).catch(() => null);
  if (!found || !isOwnUpload(found, upload.owner)) return { refused: 'missing' };
  if (found.size === undefined || found.offset !== found.size) return { refused: 'incomplete' };
  const dir = lessonDir(env, lessonId);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  try {
    await rename(join(uploadsDir(env), uploadId), path);
  } catch {
    return { refused: 'missing' };
  }
  await rm(join(uploadsDir(env), `${uploadId}.json`), { force: true });
  return { path };
}
