// The profile picture upload (docs/product.md#endpoints, 'Uploads'): initiate (a record
// and a signed PUT URL for a random key), the PUT itself (./storage-upload-routes.ts when the storage is
// embedded; the bucket when it is S3), and the confirmation, which checks what was stored (size,
// type, magic number) before the upload counts. The storage is #server/storage's interface.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { uploads } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError, ValidationError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { isUuid } from '#server/http/ids.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { absoluteUrl, apiOrigin } from '#server/http/public-url.ts';
import { rateLimit, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { IMAGE_EXTENSIONS, UPLOAD_URL_TTL_S, type ImageMimeType, type Storage } from '#server/storage/storage.ts';
import {
  ConfirmUploadSchema,
  fileTooLargeMessage,
  InitiatedUploadSchema,
  InitiateUploadSchema,
  MAX_IMAGE_BYTES,
  UPLOAD_NOT_FOUND,
  UploadRecordSchema,
  type UploadRecord,
} from '../upload-schemas.ts';
import { cleanImage, IMAGE_TOO_LARGE, MAX_IMAGE_SIDE } from './clean-image.ts';
import { checkImageStart, SNIFF_BYTES } from './image-check.ts';

const EXAMPLE_UPLOAD = {
  file_id: '5c9e1a7b-2d4f-4b6a-9c8e-1f2a3b4c5d6e',
  file_key: '5c9e1a7b-2d4f-4b6a-9c8e-1f2a3b4c5d6e.jpg',
  file_url:
    'https://adireacademy.ng/api/v1/uploads/5c9e1a7b-2d4f-4b6a-9c8e-1f2a3b4c5d6e.jpg?expires=1764063000&mime=image%2Fjpeg&size=184320&sig=3f9a',
  mime_type: 'image/jpeg',
} as const;

export const MESSAGES = {
  initiated: 'Upload started. Send the file to file_url.',
  stored: 'The file has been stored.',
  notFound: UPLOAD_NOT_FOUND,
  nothingUploaded: 'Nothing valid was uploaded',
  mismatch: 'file_key and file_url do not match this upload',
} as const;

/** Per client address: a student tries a few pictures, not hundreds. */
const UPLOAD_IP_LIMIT: RateLimitPolicy = { limit: 30, windowMs: 10 * 60_000 };

/** A fresh key: 24 bytes from a CSPRNG (192 bits), base64url, and the extension of the type. */
const newFileKey = (extension: string) => `${randomBytes(24).toString('base64url')}.${extension}`;

type UploadRow = typeof uploads.$inferSelect;

function toRecord(row: UploadRow, storage: Storage, origin: string): UploadRecord {
  return {
    file_id: row.id,
    file_key: row.fileKey,
    file_url: absoluteUrl(origin, storage.publicUrl(row.fileKey)),
    mime_type: row.mimeType as UploadRecord['mime_type'],
    file_name: row.fileName,
    file_size: row.fileSize,
    file_type: row.fileType as UploadRecord['file_type'],
    file_extension: row.fileExtension as UploadRecord['file_extension'],
  };
}

/** The last path segment of a URL (absolute or relative), or null when it does not parse. */
function lastSegment(url: string): string | null {
  try {
    return new URL(url, 'http://localhost').pathname.split('/').pop() ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the object stored at the upload's file_key is what was declared: present, not empty, not
 * larger than declared (a presigned S3 PUT cannot cap the size), of the declared type, and starting
 * with that type's magic number and no markup.
 */
async function holdsDeclaredImage(storage: Storage, upload: UploadRow): Promise<{ present: boolean; valid: boolean }> {
  const object = await storage.stat(upload.fileKey);
  if (!object) return { present: false, valid: false };
  const mimeType = upload.mimeType as keyof typeof IMAGE_EXTENSIONS;
  const storedType = object.contentType?.split(';')[0]!.trim().toLowerCase();
  if (object.size < 1 || object.size > upload.fileSize || object.size > MAX_IMAGE_BYTES) return { present: true, valid: false };
  if (storedType !== undefined && storedType !== mimeType) return { present: true, valid: false };
  const start = await storage.readStart(upload.fileKey, SNIFF_BYTES);
  return { present: true, valid: checkImageStart(start, mimeType, true) === 'ok' };
}

/**
 * Moves a pending upload's file from the key its URL names to its file_key; false when there is
 * nothing there. (Uploads started before the two keys existed have one key: nothing to move.)
 */
async function moveIntoPlace(storage: Storage, upload: UploadRow): Promise<boolean> {
  if (!upload.uploadKey) return false;
  if (upload.uploadKey === upload.fileKey) return (await storage.stat(upload.fileKey)) !== null;
  return storage.move(upload.uploadKey, upload.fileKey);
}

/**
 * Decodes the checked file and stores it encoded again, pixels only (./clean-image.ts); returns its
 * new size. A picture over MAX_IMAGE_SIDE a side, or one that does not decode, is deleted: 400.
 */
async function keepPixelsOnly(storage: Storage, upload: UploadRow): Promise<number> {
  const mimeType = upload.mimeType as ImageMimeType;
  const cleaned = await cleanImage(await storage.readStart(upload.fileKey, MAX_IMAGE_BYTES), mimeType);
  if (cleaned.kind !== 'ok' || cleaned.bytes.length > MAX_IMAGE_BYTES) {
    await storage.delete(upload.fileKey);
    throw new ApiError(400, cleaned.kind === 'too-large' ? IMAGE_TOO_LARGE : MESSAGES.nothingUploaded);
  }
  await storage.put(upload.fileKey, cleaned.bytes, mimeType);
  return cleaned.bytes.length;
}

/** Whether `key` is the file of a confirmed upload: the only files the media route serves. */
export async function isConfirmedPicture(db: ApiServices['db'], key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileKey, key), eq(uploads.status, 'stored')));
  return row !== undefined;
}

/** Mounted at /user. */
export function createUploadRoutes(services: ApiServices) {
  const { db, storage, clock } = services;
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);

  signedIn.post(
    '/initiate-upload',
    describeJsonRoute({
      tag: 'Uploads',
      summary: 'Start uploading a profile picture: a record and a signed PUT URL (15 minutes)',
      examples: {
        body: { file_name: 'me.jpg', mime_type: 'image/jpeg', file_size: 184320, file_type: 'user_image' },
        data: EXAMPLE_UPLOAD,
      },
      description:
        'A JPEG or PNG of at most 5242880 bytes. PUT the bytes to `file_url` with `Content-Type` the `mime_type`, then confirm with PUT user/uploaded-file/{file_id}.',
      body: InitiateUploadSchema,
      success: { status: 201, message: MESSAGES.initiated, data: InitiatedUploadSchema },
      auth: true,
      rateLimited: true,
      errors: { 413: `${fileTooLargeMessage(MAX_IMAGE_BYTES + 1)} (n: the size in MB, rounded up), or a JSON body over 64 KiB` },
    }),
    rateLimit(services, 'initiate_upload', UPLOAD_IP_LIMIT),
    guard,
    async (c) => {
      const input = await tooLargeAs413(() => readJsonBody(c, InitiateUploadSchema));
      const extension = IMAGE_EXTENSIONS[input.mime_type];
      // Two random keys: the image's (file_key, public once stored) and the one the upload URL names.
      const fileKey = newFileKey(extension);
      const uploadKey = newFileKey(extension);
      const [row] = await db
        .insert(uploads)
        .values({
          studentId: c.var.student.id,
          fileKey,
          uploadKey,
          fileName: input.file_name,
          mimeType: input.mime_type,
          fileSize: input.file_size,
          fileType: input.file_type,
          fileExtension: extension,
          createdAt: clock(),
        })
        .returning();
      const fileUrl = await storage.presignPut(uploadKey, {
        mimeType: input.mime_type,
        size: input.file_size,
        expiresInS: UPLOAD_URL_TTL_S,
      });
      return c.json(
        {
          message: MESSAGES.initiated,
          data: {
            file_id: row!.id,
            file_url: absoluteUrl(apiOrigin(services.env, c), fileUrl),
            mime_type: input.mime_type,
            file_key: fileKey,
          },
        },
        201,
      );
    },
  );

  signedIn.put(
    '/uploaded-file/:file_id',
    describeJsonRoute({
      tag: 'Uploads',
      summary: 'Confirm an upload: the stored file is checked and kept, or deleted',
      examples: {
        body: { file_key: EXAMPLE_UPLOAD.file_key, file_url: EXAMPLE_UPLOAD.file_url },
        data: {
          ...EXAMPLE_UPLOAD,
          file_url: 'https://adireacademy.ng/media/uploads/5c9e1a7b-2d4f-4b6a-9c8e-1f2a3b4c5d6e.jpg',
          file_name: 'me.jpg',
          file_size: 184320,
          file_type: 'user_image',
          file_extension: 'jpg',
        },
      },
      description: `The upload URL names a key of its own: the file is first moved to \`file_key\`, out of that URL's reach, then checked there. It must be present, not larger than declared and of the declared type (its first bytes too), and decode as an image of at most ${MAX_IMAGE_SIDE} pixels a side; otherwise it is deleted and the answer is 400 "${MESSAGES.nothingUploaded}" (or "${IMAGE_TOO_LARGE}"). The kept file is the image encoded again, pixels only (no EXIF or other metadata), and \`file_size\` is its size. Only confirmed files are served. \`file_url\` is the upload URL, or the image URL an earlier confirmation answered; confirming again answers the same record.`,
      body: ConfirmUploadSchema,
      success: { message: MESSAGES.stored, data: UploadRecordSchema },
      auth: true,
      errors: { 404: `${MESSAGES.notFound}: no upload of the signed-in student has this id` },
    }),
    guard,
    async (c) => {
      const fileId = c.req.param('file_id');
      const input = await readJsonBody(c, ConfirmUploadSchema);
      if (!isUuid(fileId)) throw new ApiError(404, MESSAGES.notFound);
      const [upload] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, fileId), eq(uploads.studentId, c.var.student.id)));
      if (!upload) throw new ApiError(404, MESSAGES.notFound);
      // The URL: the signed upload URL initiate-upload gave, or the image's URL an earlier confirmation answered.
      const urlKey = lastSegment(input.file_url);
      if (input.file_key !== upload.fileKey || (urlKey !== upload.uploadKey && urlKey !== upload.fileKey))
        throw new ApiError(400, MESSAGES.mismatch, { fieldErrors: { file_key: [MESSAGES.mismatch] } });

      // The upload URL names a key of its own and works until it expires: the file is first moved
      // to file_key, out of the URL's reach, then checked there. The bytes checked are the bytes
      // kept, and nothing sent to the URL later can replace them.
      let current = upload;
      if (current.status === 'pending' && !(await moveIntoPlace(storage, current))) {
        // Nothing to move: never uploaded, or a confirmation at the same moment moved it first.
        const [again] = await db.select().from(uploads).where(eq(uploads.id, upload.id));
        if (again?.status !== 'stored') throw new ApiError(400, MESSAGES.nothingUploaded);
        current = again;
      }
      const { present, valid } = await holdsDeclaredImage(storage, current);
      if (!valid) {
        if (present) await storage.delete(current.fileKey);
        if (current.status === 'stored')
          await db.update(uploads).set({ status: 'pending', storedAt: null }).where(eq(uploads.id, upload.id));
        throw new ApiError(400, MESSAGES.nothingUploaded);
      }
      let stored: UploadRow | undefined = current;
      if (current.status === 'pending') {
        const fileSize = await keepPixelsOnly(storage, current);
        [stored] = await db
          .update(uploads)
          .set({ status: 'stored', storedAt: clock(), fileSize })
          .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'pending')))
          .returning();
        // Already stored by a confirmation at the same moment: the same file, the same answer.
        stored ??= (await db.select().from(uploads).where(eq(uploads.id, upload.id)))[0];
        if (!stored) throw new ApiError(404, MESSAGES.notFound);
      }
      return c.json({ message: MESSAGES.stored, data: toRecord(stored, storage, apiOrigin(services.env, c)) }, 200);
    },
  );

  return new Hono<ApiEnv>().route('/', signedIn);
}

/**
 * readJsonBody answers 400 for every broken rule; a file over 5 MB is 413 (the API conventions'
 * "too large"), with the product's message for it.
 */
async function tooLargeAs413<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const tooLarge =
      error instanceof ValidationError && error.broken.some((rule) => rule.field === 'file_size' && rule.type === 'max_value');
    const message = tooLarge ? error.fieldErrors?.file_size?.[0] : undefined;
    if (message) throw new ApiError(413, message, { fieldErrors: { file_size: [message] } });
    throw error;
  }
}
