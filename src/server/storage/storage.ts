// Where uploaded files (the profile picture) live: one interface, two drivers. The embedded one
// (embedded.ts) keeps files under DATA_DIR/uploads and signs upload URLs that point at our own route;
// the S3 one (s3.ts) hands out presigned PUT URLs of an S3-compatible bucket. main.ts picks one at
// start; the uploads feature only speaks to this interface. Keys are always ours: random, checked
// against KEY_PATTERN, never made from a name a person chose.
import { MAX_IMAGE_BYTES } from '#lib/schemas/uploads.ts';

/** At most 5 MiB (docs/product.md, 'Limits and timings'): the limit the browser checks too. */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
/** A signed upload URL is valid 15 minutes. */
export const UPLOAD_URL_TTL_S = 15 * 60;

/** The image types a profile picture may have, and the extension each is stored under. */
export const IMAGE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png' } as const;
export type ImageMimeType = keyof typeof IMAGE_EXTENSIONS;

/** A key we made: 24 random bytes in base64url (32 characters) and the type's extension. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}\.(jpg|png)$/;
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
export interface BrowserSources {
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

/** How much of a file's start is examined for markup (see checkImageStart). */
export const SNIFF_BYTES = 1024;

const MAGIC: Record<ImageMimeType, readonly number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/**
 * Markup a browser could run or render if it ever took the file for a page: a polyglot starts like
 * an image and carries HTML, SVG or script further on. Image metadata (EXIF, XMP's <?xpacket and
 * <x:xmpmeta) does not match.
 */
const ACTIVE_MARKUP = /<\s*(?:script|html|svg|body|head|iframe|object|embed|meta|link|style|!doctype|\?xml-stylesheet)\b/i;

export type ImageCheck = 'ok' | 'incomplete' | 'wrong-type' | 'active-content';

/**
 * Whether `start` (the first bytes of a file, SNIFF_BYTES or all of a shorter file) is the start of
 * an image of `mimeType`: its magic number, and no markup in it. 'incomplete' while fewer bytes
 * than the magic number have been seen (`complete` false: more may come).
 */
export function checkImageStart(start: Uint8Array, mimeType: ImageMimeType, complete = true): ImageCheck {
  const magic = MAGIC[mimeType];
  const seen = Math.min(start.length, magic.length);
  for (let i = 0; i < seen; i++) if (start[i] !== magic[i]) return 'wrong-type';
  if (seen < magic.length) return complete ? 'wrong-type' : 'incomplete';
  if (ACTIVE_MARKUP.test(Buffer.from(start.subarray(0, SNIFF_BYTES)).toString('latin1'))) return 'active-content';
  return 'ok';
}
