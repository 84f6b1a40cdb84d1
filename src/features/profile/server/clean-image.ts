// A confirmed picture is decoded and encoded again, so what the site serves is pixels only: no EXIF
// (with the GPS position a phone writes into its photos), no comments, no markup hidden past the
// first KiB. The header is read first: a picture declaring more than 4,096 pixels a side is refused
// before anything is decoded (a 100,000 x 100,000 PNG of a few bytes would take gigabytes).
import sharp, { type Metadata } from 'sharp';
import type { ImageMimeType } from '#server/storage/storage.ts';

/** The longest side a profile picture may have, in pixels. */
export const MAX_IMAGE_SIDE = 4096;
export const IMAGE_TOO_LARGE = `The picture can be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels`;

const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png' } as const satisfies Record<ImageMimeType, string>;

export type CleanedImage = { kind: 'ok'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'unreadable' };

export async function cleanImage(bytes: Buffer, mimeType: ImageMimeType): Promise<CleanedImage> {
  const format = FORMATS[mimeType];
  let header: Metadata;
  try {
    // The header only: nothing is decoded, so no pixel limit yet (it would hide why the picture is refused).
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'unreadable' };
  }
  if (header.format !== format || !header.width || !header.height) return { kind: 'unreadable' };
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE) return { kind: 'too-large' };
  try {
    // rotate(): a phone's EXIF orientation is applied to the pixels before the EXIF is dropped.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'error' }).rotate();
    const encoded = format === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : image.png({ compressionLevel: 9 });
    return { kind: 'ok', bytes: await encoded.toBuffer() };
  } catch {
    return { kind: 'unreadable' };
  }
}
