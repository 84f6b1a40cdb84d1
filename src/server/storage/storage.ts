// Where uploaded files (the profile picture) live: one interface, two drivers. The embedded one
// (embedded.ts) keeps files under DATA_DIR/uploads and signs upload URLs that point at our own route;
// the S3 one (s3.ts) hands out presigned PUT URLs of an S3-compatible bucket. main.ts picks one at
// start; the profile feature only speaks to this interface. Keys are always ours: random, checked
// against KEY_PATTERN, never made from a name a person chose.
/** A signed upload URL is valid 15 minutes. */
export const UPLOAD_URL_TTL_S = 15 * 60;

/** The image types a profile picture may have, and the extension each is stored under. */
export const IMAGE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
export type ImageMimeType = keyof typeof IMAGE_EXTENSIONS;

/** A key we made: 24 random bytes in base64url (32 characters) and the type's extension. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(jpg|png)$/;
export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

export const mimeTypeOfKey = (key: string): ImageMimeType | null =>
  key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : null;

export interface PresignOptions {
  mimeType: ImageMimeType;
  /** The declared size in bytes: the embedded driver refuses a larger body; S3 cannot (confirm checks). */
  size: number;
  expiresInS: number;
}

export interface StoredObject {
  size: number;
  /** The Content-Type the object is stored (and served) with, when the driver knows it. */
  contentType?: string;
}

/** Origins other than the site's own that pages must allow for uploads: see pagePolicy. */
interface BrowserSources {
  /** Where the browser PUTs the bytes (the page's connect-src). */
  readonly connect: readonly string[];
  /** Where stored images are shown from (the page's img-src). */
  readonly img: readonly string[];
}

export interface Storage {
  readonly kind: 'embedded' | 's3';
  /** The origins the browser reaches this storage at, besides the site's own (none for the embedded one). */
  readonly browserSources: BrowserSources;
  /** A URL the browser PUTs the bytes to, valid `expiresInS` seconds. */
  presignPut(key: string, options: PresignOptions): Promise<string>;
  /** The object's size (and type), or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Up to `bytes` bytes from the start of the object (fewer when it is shorter). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** Stores `bytes` at `key` with the image type, replacing what is there (a confirmed picture, re-encoded). */
  put(key: string, bytes: Uint8Array, mimeType: ImageMimeType): Promise<void>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Moves the object at `from` to `to` (a key no upload URL names), type and bytes unchanged; false
   * when there is nothing at `from`. A confirmed upload is checked at `to`, out of reach of its
   * upload URL, which stays usable until it expires.
   */
  move(from: string, to: string): Promise<boolean>;
  /** Where the stored image is served from. */
  publicUrl(key: string): string;
}
