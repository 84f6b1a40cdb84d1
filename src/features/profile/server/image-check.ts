// Whether stored bytes are the picture they claim to be: the type's magic number at the start, and
// no markup a browser could run if it ever took the file for a page. Checked as the embedded
// storage receives the bytes, and again at confirmation, whichever storage holds them.
import type { ImageMimeType } from '#server/storage/storage.ts';

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
