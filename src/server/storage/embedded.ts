// The embedded storage driver: uploaded files under one folder (DATA_DIR/uploads, 0700; files
// 0600), for a server without an S3 bucket. Its signed upload URLs point at our own route,
// PUT /api/v1/uploads/{key}?expires=&mime=&size=&sig= (the profile feature's storage-upload-routes.ts
// answers it), signed with the database-kept key of src/server/files/signed-urls.ts so every process
// sharing the database accepts them. The stored images are served under /media/uploads/{key}
// (src/server/http/media-route.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { UrlSigner } from '#server/files/signed-urls.ts';
import {
  IMAGE_EXTENSIONS,
  isStorageKey,
  mimeTypeOfKey,
  type ImageMimeType,
  type PresignOptions,
  type Storage,
  type StoredObject,
} from './storage.ts';

const UPLOAD_ROUTE = '/api/v1/uploads';
export const MEDIA_ROUTE = '/media/uploads';
const SIGNING_PURPOSE = 'storage-upload';

export interface EmbeddedStorageOptions {
  /** The folder the files live in; created (0700) on the first upload. */
  root: string;
  signer: UrlSigner;
  clock: () => Date;
}

export interface EmbeddedStorage extends Storage {
  readonly kind: 'embedded';
  readonly root: string;
  /** What a signed upload URL of `key` allows (its type and declared size), or null when its signature, expiry or fields do not hold. */
  readUploadLink(url: string, key: string): Promise<{ mimeType: ImageMimeType; size: number } | null>;
  /**
   * Writes `chunks` to `key`: into a hidden file first, renamed into place once the last chunk is
   * written, so a half-written file is never served or confirmed. When `chunks` throws (a check
   * failed), nothing is kept and the error goes on.
   */
  write(key: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void>;
  /** The file a key is stored in, or null for anything that is not one of our keys (never touches the disk). */
  fileOf(key: string): string | null;
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

  async function readUploadLink(url: string, key: string) {
    const query = new URL(url, 'http://localhost').searchParams;
    const mime = query.get('mime') ?? '';
    const size = query.get('size') ?? '';
    const valid = await signer.verify(
      SIGNING_PURPOSE,
      fields(key, mime, size),
      query.get('expires') ?? undefined,
      query.get('sig') ?? undefined,
      clock(),
    );
    if (!valid || !isStorageKey(key) || !isImageMimeType(mime) || mimeTypeOfKey(key) !== mime || !SIZE.test(size)) return null;
    return { mimeType: mime, size: Number(size) };
  }

  async function write(key: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    const target = fileOf(key);
    if (!target) throw new Error('Not a storage key');
    await mkdir(root, { recursive: true, mode: 0o700 });
    // A hidden name: never a key, so never served or confirmed while it is being written.
    const temporary = join(root, `.upload-${randomBytes(12).toString('hex')}`);
    let handle: FileHandle | undefined = await open(temporary, 'wx', 0o600);
    try {
      for await (const chunk of chunks) await handle.write(chunk);
      await handle.close();
      handle = undefined;
      await rename(temporary, target);
    } catch (error) {
      await handle?.close().catch(() => {});
      await rm(temporary, { force: true });
      throw error;
    }
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

    readUploadLink,
    fileOf,

    write,

    // The type is the key's extension: the file is served with it.
    async put(key, bytes) {
      await write(key, [bytes]);
    },
  };
}
