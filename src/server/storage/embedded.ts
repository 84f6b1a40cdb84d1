// The embedded storage driver: uploaded files under one folder (DATA_DIR/uploads, 0700; files
// 0600), for a server without an S3 bucket. Its signed upload URLs point at our own route,
// PUT /api/v1/uploads/{key}?expires=&mime=&size=&sig= (receiveUpload), signed with the database-kept
// key of src/server/files/signed-urls.ts so every process sharing the database accepts them. The
// stored images are served under /media/uploads/{key} (serveMedia) with headers that keep a browser
// from ever running them.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { UrlSigner } from '#server/files/signed-urls.ts';
import { ApiError } from '#server/http/api-error.ts';
import { withSecurityHeaders } from '#server/security-headers.ts';
import {
  checkImageStart,
  IMAGE_EXTENSIONS,
  isStorageKey,
  MAX_UPLOAD_BYTES,
  mimeTypeOfKey,
  SNIFF_BYTES,
  type ImageMimeType,
  type PresignOptions,
  type Storage,
  type StoredObject,
} from './storage.ts';

export const UPLOAD_ROUTE = '/api/v1/uploads';
export const MEDIA_ROUTE = '/media/uploads';
const SIGNING_PURPOSE = 'storage-upload';

export const UPLOAD_MESSAGES = {
  uploaded: 'The file has been uploaded.',
  badLink: 'This upload link is not valid or has expired.',
  tooLarge: 'The file is larger than declared.',
  wrongType: 'The file is not the declared image type.',
  wrongMediaType: 'Content-Type must be the declared image type.',
} as const;

/** The headers every stored image is served with: never sniffed, never run, cached for good. */
export const MEDIA_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
} as const;

export interface EmbeddedStorageOptions {
  /** The folder the files live in; created (0700) on the first upload. */
  root: string;
  signer: UrlSigner;
  clock: () => Date;
}

export interface EmbeddedStorage extends Storage {
  readonly kind: 'embedded';
  readonly root: string;
  /**
   * The signed PUT of `key` (the route's handler): checks the link, then reads the body as a stream,
   * never past the declared size nor 5 MiB, checks the image's start and stores it. Throws ApiError.
   */
  receiveUpload(request: Request, key: string): Promise<void>;
  /** GET or HEAD /media/uploads/{key}: the image, or null when the path is not under MEDIA_ROUTE. */
  serveMedia(request: Request): Promise<Response | null>;
}

const isImageMimeType = (value: string): value is ImageMimeType => Object.hasOwn(IMAGE_EXTENSIONS, value);
const SIZE = /^[1-9]\d{0,7}$/;

export function createEmbeddedStorage({ root, signer, clock }: EmbeddedStorageOptions): EmbeddedStorage {
  /** The file of a key, or null for anything that is not one of our keys (never touches the disk). */
  const fileOf = (key: string) => (isStorageKey(key) ? join(root, key) : null);
  const fields = (key: string, mimeType: string, size: string) => [key, mimeType, size];

  async function statFile(key: string): Promise<StoredObject | null> {
    const file = fileOf(key);
    if (!file) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, contentType: mimeTypeOfKey(key) ?? 'application/octet-stream' };
  }

  async function checkLink(request: Request, key: string): Promise<{ mimeType: ImageMimeType; size: number }> {
    const query = new URL(request.url).searchParams;
    const mime = query.get('mime') ?? '';
    const size = query.get('size') ?? '';
    const valid = await signer.verify(
      SIGNING_PURPOSE,
      fields(key, mime, size),
      query.get('expires') ?? undefined,
      query.get('sig') ?? undefined,
      clock(),
    );
    if (!valid || !isStorageKey(key) || !isImageMimeType(mime) || mimeTypeOfKey(key) !== mime || !SIZE.test(size))
      throw new ApiError(403, UPLOAD_MESSAGES.badLink);
    return { mimeType: mime, size: Number(size) };
  }

  return {
    kind: 'embedded',
    root,
    browserSources: { connect: [], img: [] },

    async presignPut(key, { mimeType, size, expiresInS }: PresignOptions) {
      if (!isStorageKey(key)) throw new Error('Not a storage key');
      const { expires, sig } = await signer.sign(SIGNING_PURPOSE, fields(key, mimeType, String(size)), clock(), expiresInS * 1000);
      const query = new URLSearchParams({ expires: String(expires), mime: mimeType, size: String(size), sig });
      return `${UPLOAD_ROUTE}/${key}?${query.toString()}`;
    },

    stat: statFile,

    async readStart(key, bytes) {
      const file = fileOf(key);
      if (!file) return Buffer.alloc(0);
      const handle = await open(file, 'r').catch(() => null);
      if (!handle) return Buffer.alloc(0);
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      const file = fileOf(key);
      if (file) await rm(file, { force: true });
    },

    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      if (!source || !target) throw new Error('Not a storage key');
      try {
        await rename(source, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    publicUrl: (key) => `${MEDIA_ROUTE}/${key}`,

    async receiveUpload(request, key) {
      const { mimeType, size } = await checkLink(request, key);
      const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type && type !== mimeType) throw new ApiError(415, UPLOAD_MESSAGES.wrongMediaType);
      const limit = Math.min(size, MAX_UPLOAD_BYTES);
      const declaredLength = request.headers.get('content-length');
      if (declaredLength !== null && !(Number(declaredLength) <= limit)) {
        await request.body?.cancel().catch(() => {});
        throw new ApiError(413, UPLOAD_MESSAGES.tooLarge);
      }

      await mkdir(root, { recursive: true, mode: 0o700 });
      // A hidden name: never a key, so never served or confirmed while it is being written.
      const temporary = join(root, `.upload-${randomBytes(12).toString('hex')}`);
      let handle: FileHandle | undefined = await open(temporary, 'wx', 0o600);
      try {
        await writeChecked(request.body, handle, limit, mimeType);
        await handle.close();
        handle = undefined;
        await rename(temporary, join(root, key));
      } catch (error) {
        await handle?.close().catch(() => {});
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async serveMedia(request) {
      // The raw path, as sent: an encoded slash or dot segment is simply not a key.
      const { pathname } = new URL(request.url);
      if (!pathname.startsWith(`${MEDIA_ROUTE}/`)) return null;
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return new Response('Method not allowed', {
          status: 405,
          headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
        });
      const key = pathname.slice(MEDIA_ROUTE.length + 1);
      const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      if (!isStorageKey(key)) return notFound();
      const object = await statFile(key);
      if (!object) return notFound();
      const headers = { ...MEDIA_HEADERS, 'content-type': object.contentType!, 'content-length': String(object.size) };
      if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
      const body = Readable.toWeb(createReadStream(join(root, key))) as ReadableStream<Uint8Array>;
      return new Response(body, { status: 200, headers });
    },
  };
}

/**
 * Copies `body` into `handle`, refusing (413) once more than `limit` bytes arrive, whatever the
 * request said about its length, and (415) a start that is not an image of `mimeType` or carries
 * markup. The rest of a refused body is never read.
 */
async function writeChecked(body: ReadableStream<Uint8Array> | null, handle: FileHandle, limit: number, mimeType: ImageMimeType) {
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
      await handle.write(chunk);
    }
  } catch (error) {
    await reader?.cancel().catch(() => {});
    throw error;
  }
  if (!checked && checkImageStart(start, mimeType, true) !== 'ok') throw new ApiError(415, UPLOAD_MESSAGES.wrongType);
}

type FetchHandler<B> = (request: Request, bindings?: B) => Promise<Response>;

/**
 * The site's handler with /media/uploads/{key} answered first from the embedded storage (main.ts).
 * Another storage serves its images itself: the handler is then returned as it is.
 */
export function withMediaRoute<B>(handler: FetchHandler<B>, storage: Storage): FetchHandler<B> {
  if (!('serveMedia' in storage)) return handler;
  const embedded = storage as EmbeddedStorage;
  return async (request, bindings) => {
    const media = await embedded.serveMedia(request);
    return media ? withSecurityHeaders(media, false) : handler(request, bindings);
  };
}
