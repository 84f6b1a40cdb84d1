// Clearing up uploads (docs/product.md#endpoints, 'Uploads'). A signed upload URL
// works for 15 minutes, whatever happens to its upload meanwhile. Once it is well past that:
// - an upload never confirmed is dropped, its file (if any) with it;
// - a confirmed upload's file was moved away at confirmation, so anything at the URL's key was sent
//   after it (a second PUT to the same URL) and is deleted; the upload then forgets that key.
// And a picture the student replaced or removed is deleted once their profile has not changed for a
// day (pages still open elsewhere show it until they are reloaded): the student said it should go.
import { and, eq, inArray, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { students, uploads } from '#server/db/schema.ts';
import type { Storage } from '#server/storage/storage.ts';
import { UPLOAD_URL_TTL_S } from '#server/storage/storage.ts';

/** Four times the URL's life: no PUT through it can still be arriving. */
export const UPLOAD_KEYS_PRUNED_AFTER_MS = 4 * UPLOAD_URL_TTL_S * 1000;
/** How long a stored picture that is not the student's picture is kept. */
export const UNUSED_PICTURES_KEPT_MS = 24 * 60 * 60_000;

export interface PrunedUploads {
  /** Uploads never confirmed, removed with their files. */
  abandoned: number;
  /** Confirmed uploads whose expired URL's key was cleared. */
  swept: number;
  /** Stored pictures not in use (replaced, removed or never chosen) for a day, deleted with their files. */
  unused: number;
}

/** Deletes whatever an upload's two keys hold (one key, for uploads made before there were two). */
async function deleteFiles(storage: Storage, { fileKey, uploadKey }: { fileKey: string; uploadKey: string | null }) {
  await storage.delete(fileKey);
  if (uploadKey && uploadKey !== fileKey) await storage.delete(uploadKey);
}

/**
 * Handles at most `limit` uploads per call; every server calls it now and then, several at once on one
 * PostgreSQL: each row is taken by one of them (a conditional delete or update), and each counted once.
 */
export async function pruneUploads(db: Database, storage: Storage, now: Date, limit = 200): Promise<PrunedUploads> {
  const before = new Date(now.getTime() - UPLOAD_KEYS_PRUNED_AFTER_MS);
  const due = await db
    .select()
    .from(uploads)
    .where(and(isNotNull(uploads.uploadKey), lt(uploads.createdAt, before)))
    .orderBy(uploads.createdAt)
    .limit(limit);
  const result: PrunedUploads = { abandoned: 0, swept: 0, unused: 0 };
  for (const upload of due) {
    const uploadKey = upload.uploadKey!;
    if (upload.status === 'pending') {
      // Only while still pending: a confirmation that just won keeps its upload.
      const [removed] = await db
        .delete(uploads)
        .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'pending')))
        .returning({ id: uploads.id });
      if (!removed) continue;
      await deleteFiles(storage, upload);
      result.abandoned += 1;
    } else {
      // Deleting a file that is gone already is nothing: two servers pruning at once may both do it.
      if (upload.fileKey !== uploadKey) await storage.delete(uploadKey);
      const [cleared] = await db
        .update(uploads)
        .set({ uploadKey: null })
        .where(and(eq(uploads.id, upload.id), eq(uploads.uploadKey, uploadKey)))
        .returning({ id: uploads.id });
      if (cleared) result.swept += 1;
    }
  }

  // Kept: the picture in use (the one the student's image_url ends in, whatever the storage's base
  // URL), and any while the student's profile changed within the day (a picture replaced or removed
  // then is still shown by pages opened before). The delete checks again: a picture chosen meanwhile stays.
  const cutoff = new Date(now.getTime() - UNUSED_PICTURES_KEPT_MS);
  const keep = sql`exists (select 1 from ${students} where ${students.id} = ${uploads.studentId}
    and (${students.updatedAt} >= ${cutoff.toISOString()}::timestamptz
      or right(${students.imageUrl}, length(${uploads.fileKey}) + 1) = '/' || ${uploads.fileKey}))`;
  const dueUnused = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.status, 'stored'), lt(uploads.storedAt, cutoff), not(keep)))
    .orderBy(uploads.storedAt)
    .limit(limit);
  const removed = await db
    .delete(uploads)
    .where(and(inArray(uploads.id, dueUnused), not(keep)))
    .returning({ fileKey: uploads.fileKey, uploadKey: uploads.uploadKey });
  for (const upload of removed) {
    await deleteFiles(storage, upload);
    result.unused += 1;
  }
  return result;
}
