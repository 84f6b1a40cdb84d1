// The embedded storage's signed upload URL, PUT /api/v1/uploads/{key} (with S3 the browser PUTs to
// the bucket and this route answers 404). No session: the signed link is the permission. The body
// is read as a stream, never past the declared size nor 5 MiB, and refused at once when its start is
// not the declared image type or carries markup; the rest of a refused body is never read.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import type { EmbeddedStorage } from '#server/storage/embedded.ts';
import type { ImageMimeType, Storage } from '#server/storage/storage.ts';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '../upload-schemas.ts';
import { checkImageStart, SNIFF_BYTES } from './image-check.ts';

export const UPLOAD_MESSAGES = {
  uploaded: 'The file has been uploaded.',
  badLink: 'This upload link is not valid or has expired.',
  tooLarge: 'The file is larger than declared.',
  wrongType: 'The file is not the declared image type.',
  wrongMediaType: 'Content-Type must be the declared image type.',
} as const;

const UploadLinkQuerySchema = v.object({
  expires: v.pipe(v.string(), v.description('Unix seconds after which the link no longer works.')),
  mime: v.pipe(v.picklist(IMAGE_MIME_TYPES), v.description('The declared type; the body must be this image type.')),
  size: v.pipe(v.string(), v.description('The declared size in bytes; a larger body is refused.')),
  sig: v.pipe(v.string(), v.description('HMAC-SHA256 (hex) of the key, type, size and expiry.')),
});

const isEmbedded = (storage: Storage): storage is EmbeddedStorage => storage.kind === 'embedded' && 'write' in storage;

/** Mounted at /uploads. */
export function createStorageUploadRoutes(services: ApiServices) {
  const routes = new Hono<ApiEnv>();
  routes.put(
    '/:key',
    describeJsonRoute({
      tag: 'Uploads',
      summary: 'The signed upload URL of initiate-upload: the file bytes',
      description:
        'Only as `file_url` gives it. The body is read as it arrives and refused past the declared size (and 5 MiB), or when its first bytes are not the declared image type.',
      binaryBody: IMAGE_MIME_TYPES,
      query: UploadLinkQuerySchema,
      success: { message: UPLOAD_MESSAGES.uploaded },
      errors: {
        403: UPLOAD_MESSAGES.badLink,
        404: 'No such upload URL (the storage is not the embedded one, or the key is not ours)',
        413: UPLOAD_MESSAGES.tooLarge,
        415: `${UPLOAD_MESSAGES.wrongType}; or ${UPLOAD_MESSAGES.wrongMediaType}`,
      },
    }),
    async (c) => {
      const { storage } = services;
      if (!isEmbedded(storage)) throw new ApiError(404, 'Not found');
      await receiveUpload(storage, c.req.raw, c.req.param('key'));
      return c.json({ message: UPLOAD_MESSAGES.uploaded, data: null }, 200);
    },
  );
  return routes;
}

async function receiveUpload(storage: EmbeddedStorage, request: Request, key: string): Promise<void> {
  const link = await storage.readUploadLink(request.url, key);
  if (!link) throw new ApiError(403, UPLOAD_MESSAGES.badLink);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== link.mimeType) throw new ApiError(415, UPLOAD_MESSAGES.wrongMediaType);
  const limit = Math.min(link.size, MAX_IMAGE_BYTES);
  const declaredLength = request.headers.get('content-length');
  if (declaredLength !== null && !(Number(declaredLength) <= limit)) {
    await request.body?.cancel().catch(() => {});
    throw new ApiError(413, UPLOAD_MESSAGES.tooLarge);
  }
  await storage.write(key, checkedChunks(request.body, limit, link.mimeType));
}

/**
 * The chunks of `body`, refusing (413) once more than `limit` bytes arrive, whatever the request
 * said about its length, and (415) a start that is not an image of `mimeType` or carries markup.
 */
async function* checkedChunks(body: ReadableStream<Uint8Array> | null, limit: number, mimeType: ImageMimeType) {
  let received = 0;
  let start = Buffer.alloc(0);
  let checked = false;
  const reader = body?.getReader();
  try {
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      const chunk = next.value;
      received += chunk.byteLength;
      if (received > limit) throw new ApiError(413, UPLOAD_MESSAGES.tooLarge);
      if (!checked) {
        start = Buffer.concat([start, chunk]).subarray(0, SNIFF_BYTES);
        // A wrong magic number or markup is final: answer at once, without reading the rest.
        const verdict = checkImageStart(start, mimeType, false);
        if (verdict === 'wrong-type' || verdict === 'active-content') throw new ApiError(415, UPLOAD_MESSAGES.wrongType);
        checked = start.length >= SNIFF_BYTES;
      }
      yield chunk;
    }
  } catch (error) {
    await reader?.cancel().catch(() => {});
    throw error;
  }
  if (!checked && checkImageStart(start, mimeType, true) !== 'ok') throw new ApiError(415, UPLOAD_MESSAGES.wrongType);
}
