// Clearing up after upload URLs (docs/product.md#planned-endpoints, 'Uploads'). A signed upload URL
// works for 15 minutes, whatever happens to its upload meanwhile. Once it is well past that:
// - an upload never confirmed is dropped, its file (if any) with it;
// - a confirmed upload's file was moved away at confirmation, so anything at the URL's key was sent
//   after it (a second PUT to the same URL) and is deleted; the upload then forgets that key.
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { uploads } from '#server/db/schema.ts';
import type { Storage } from '#server/storage/storage.ts';
import { UPLOAD_URL_TTL_S } from '#server/storage/storage.ts';

/** Four times the URL's life: no PUT through it can still be arriving. */
export const UPLOAD_KEYS_PRUNED_AFTER_MS = 4 * UPLOAD_URL_TTL_S * 1000;

export interface PrunedUploads {
  /** Uploads never confirmed, removed with their files. */
  abandoned: number;
  /** Confirmed uploads whose expired URL's key was cleared. */
  swept: number;
}

/** Handles at most `limit` uploads per call; the server calls it now and then. */
export async function pruneUploadKeys(db: Database, storage: Storage, now: Date, limit = 200): Promise<PrunedUploads> {
  const before = new Date(now.getTime() - UPLOAD_KEYS_PRUNED_AFTER_MS);
  const due = await db
    .select()
    .from(uploads)
    .where(and(isNotNull(uploads.uploadKey), lt(uploads.createdAt, before)))
    .orderBy(uploads.createdAt)
    .limit(limit);
  const result: PrunedUploads = { abandoned: 0, swept: 0 };
  for (const upload of due) {
    const uploadKey = upload.uploadKey!;
    if (upload.status === 'pending') {
      // Only while still pending: a confirmation that just won keeps its upload.
      const [removed] = await db
        .delete(uploads)
        .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'pending')))
        .returning({ id: uploads.id });
      if (!removed) continue;
      await storage.delete(uploadKey);
      if (upload.fileKey !== uploadKey) await storage.delete(upload.fileKey);
      result.abandoned += 1;
    } else {
      if (upload.fileKey !== uploadKey) await storage.delete(uploadKey);
      await db.update(uploads).set({ uploadKey: null }).where(eq(uploads.id, upload.id));
      result.swept += 1;
    }
  }
  return result;
}
