// Which stored upload is a student's picture. The students table keeps the picture as its public
// URL (built from the upload's file_key), so the upload behind it is found by that key; a picture
// can only ever be one of the student's own confirmed uploads.
import { and, eq } from 'drizzle-orm';
import { uploads } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isUuid } from '#server/http/ids.ts';
import { UPLOAD_NOT_FOUND } from '../upload-schemas.ts';

type Services = Pick<ApiServices, 'db' | 'storage'>;

/**
 * The stored URL of the picture a change asks for: the student's own confirmed upload, null to
 * remove it, undefined (absent) to keep it. Any other id, someone else's included, is 400 'Upload
 * not found' on `field`: the answer is the same whether the id exists or not.
 */
export async function chosenImageUrl(
  { db, storage }: Services,
  fileId: string | null | undefined,
  studentId: string,
  field: string,
): Promise<string | null | undefined> {
  if (fileId === undefined || fileId === null) return fileId;
  const notFound = () => new ApiError(400, UPLOAD_NOT_FOUND, { fieldErrors: { [field]: [UPLOAD_NOT_FOUND] } });
  if (!isUuid(fileId)) throw notFound();
  const [upload] = await db
    .select({ fileKey: uploads.fileKey })
    .from(uploads)
    .where(and(eq(uploads.id, fileId), eq(uploads.studentId, studentId), eq(uploads.status, 'stored')));
  if (!upload) throw notFound();
  return storage.publicUrl(upload.fileKey);
}

/**
 * The id of the upload a stored picture URL shows, or null: no picture, or one set before uploads
 * had records. Only the student's own confirmed uploads count, and only when the URL is exactly
 * the one that upload's key gives (the storage's base URL may have changed since).
 */
export async function imageFileIdOf({ db, storage }: Services, imageUrl: string | null, studentId: string): Promise<string | null> {
  const key = imageUrl?.split('/').pop();
  if (!key) return null;
  const [upload] = await db
    .select({ id: uploads.id, fileKey: uploads.fileKey })
    .from(uploads)
    .where(and(eq(uploads.fileKey, key), eq(uploads.studentId, studentId), eq(uploads.status, 'stored')));
  return upload && storage.publicUrl(upload.fileKey) === imageUrl ? upload.id : null;
}
