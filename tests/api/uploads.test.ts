// The profile picture upload with the embedded storage: initiate, PUT the bytes to the signed URL,
// confirm, and the profile's picture; every way a PUT can be refused (expired, tampered, too large,
// chunked past 5 MiB, not the declared image, a polyglot) stores nothing; keys never leave the
// storage folder; and the images are served so that a browser never runs them.
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { pruneUploads, UNUSED_PICTURES_KEPT_MS, UPLOAD_KEYS_PRUNED_AFTER_MS } from '#features/profile/server/prune-uploads.ts';
import { IMAGE_TOO_LARGE } from '#features/profile/server/clean-image.ts';
import { isConfirmedPicture, MESSAGES } from '#features/profile/server/upload-routes.ts';
import { uploads } from '#server/db/schema.ts';
import { UPLOAD_MESSAGES } from '#features/profile/server/storage-upload-routes.ts';
import { MEDIA_HEADERS, serveMedia } from '#server/http/media-route.ts';
import type { EmbeddedStorage } from '#server/storage/embedded.ts';
import { servicesOf, signUpStudent } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-uploads-'));
const uploadsDir = join(dataDir, 'uploads');
afterAll(() => rm(dataDir, { recursive: true, force: true }));
beforeEach(() => rm(uploadsDir, { recursive: true, force: true }));

const t = useTestApp({ env: { DATA_DIR: dataDir } });

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PNG_SIGNATURE = PNG.subarray(0, 8);
/** A real 2×2 JPEG. */
const JPEG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#1d3d8f' } })
  .jpeg()
  .toBuffer();

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const storage = () => servicesOf(t).storage as EmbeddedStorage;

interface Initiated {
  file_id: string;
  file_url: string;
  mime_type: string;
  file_key: string;
}

async function initiate(token: string, overrides: Record<string, unknown> = {}) {
  return send(
    t.app,
    'user/initiate-upload',
    { file_name: 'me.png', mime_type: 'image/png', file_size: PNG.length, file_type: 'user_image', ...overrides },
    auth(token),
  );
}

async function initiated(token: string, overrides: Record<string, unknown> = {}): Promise<Initiated> {
  const response = await initiate(token, overrides);
  expect(response.status).toBe(201);
  return (await readJson(response)).data as Initiated;
}

function putBytes(url: string, body: BodyInit | Uint8Array, contentType: string | null = 'image/png', init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (contentType) headers.set('content-type', contentType);
  return t.app.request(url, { method: 'PUT', body: body as BodyInit, ...init, headers });
}

/** The key the signed upload URL names (not file_key: the file moves there at confirmation). */
const urlKeyOf = (upload: Pick<Initiated, 'file_url'>) => new URL(upload.file_url, 'http://localhost').pathname.split('/').pop()!;

const confirm = (token: string, upload: Pick<Initiated, 'file_id' | 'file_key' | 'file_url'>) =>
  send(
    t.app,
    `user/uploaded-file/${upload.file_id}`,
    { file_key: upload.file_key, file_url: upload.file_url },
    { method: 'PUT', ...auth(token) },
  );

const setPicture = (token: string, fileId: string | null) =>
  send(
    t.app,
    'user/student/profile',
    { home_address: '12 Allen Avenue, Ikeja', profile_image_file_id: fileId },
    { method: 'PUT', ...auth(token) },
  );

/** The files in the storage folder (temporary ones included): what a refused PUT must not leave. */
const storedFiles = async () => (await readdir(uploadsDir).catch(() => [] as string[])).sort();

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect((await readJson(response)).message).toBe(message);
  expect(await storedFiles()).toEqual([]);
}

const media = (path: string, method = 'GET', corsOrigins: string[] = []) =>
  serveMedia(storage(), new Request(`http://localhost${path}`, { method }), {
    isConfirmed: (key) => isConfirmedPicture(t.db, key),
    corsOrigins,
  });

/** The bytes /media/uploads/{key} serves, or null for a 404. */
async function servedBytes(key: string): Promise<Buffer | null> {
  const response = await media(`/media/uploads/${key}`);
  if (response?.status === 404) return null;
  expect(response?.status).toBe(200);
  return Buffer.from(await response!.arrayBuffer());
}

describe('uploading a profile picture', () => {
  it('initiates, stores the PUT bytes, confirms, and the profile shows the picture', async () => {
    const { token } = await signUpStudent(t);
    const response = await initiate(token, { file_name: 'evil.html' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const upload = (await readJson(response)).data as Initiated;
    // The key is random and its extension comes from the MIME type, never from the name.
    expect(upload.file_key).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(upload.mime_type).toBe('image/png');
    // The URL names a key of its own, random too.
    const urlKey = urlKeyOf(upload);
    expect(urlKey).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(urlKey).not.toBe(upload.file_key);
    expect(upload.file_url).toMatch(
      new RegExp(`^http://localhost/api/v1/uploads/${urlKey}\\?expires=\\d+&mime=image%2Fpng&size=${PNG.length}&sig=[0-9a-f]{64}$`),
    );

    const put = await putBytes(upload.file_url, PNG);
    expect(put.status).toBe(200);
    expect(await storedFiles()).toEqual([urlKey]);
    expect((await stat(uploadsDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(uploadsDir, urlKey))).mode & 0o777).toBe(0o600);

    // Not served before it is confirmed, under either key.
    expect(await servedBytes(urlKey)).toBeNull();
    const confirmed = await confirm(token, upload);
    expect(confirmed.status).toBe(200);
    const kept = (await servedBytes(upload.file_key))!;
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await readJson(confirmed)).data).toEqual({
      file_id: upload.file_id,
      file_key: upload.file_key,
      file_url: `http://localhost/media/uploads/${upload.file_key}`,
      mime_type: 'image/png',
      file_name: 'evil.html',
      file_size: kept.length,
      file_type: 'user_image',
      file_extension: 'png',
    });
    // Moved to file_key, out of the upload URL's reach.
    expect(await storedFiles()).toEqual([upload.file_key]);
    expect((await stat(join(uploadsDir, upload.file_key))).mode & 0o777).toBe(0o600);

    const profile = await setPicture(token, upload.file_id);
    expect(profile.status).toBe(200);
    const imageUrl = ((await readJson(profile)).data as { image_url: string }).image_url;
    expect(imageUrl).toBe(`http://localhost/media/uploads/${upload.file_key}`);

    const served = await media(new URL(imageUrl).pathname);
    expect(served?.status).toBe(200);
    expect(Buffer.from(await served!.arrayBuffer())).toEqual(kept);

    const cleared = await setPicture(token, null);
    expect(((await readJson(cleared)).data as { image_url: string | null }).image_url).toBeNull();
  });

  it('takes a JPEG too, stored as .jpg', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token, { file_name: 'me.jpeg', mime_type: 'image/jpeg', file_size: JPEG.length });
    expect(upload.file_key).toMatch(/\.jpg$/);
    expect((await putBytes(upload.file_url, JPEG, 'image/jpeg')).status).toBe(200);
    const confirmed = await confirm(token, upload);
    expect((await readJson(confirmed)).data).toMatchObject({ mime_type: 'image/jpeg', file_extension: 'jpg' });
  });

  it('refuses a file over 5 MiB with 413 and its size in MB, and types other than JPEG and PNG', async () => {
    const { token } = await signUpStudent(t);
    const tooLarge = await initiate(token, { file_size: 5_242_881 });
    expect(tooLarge.status).toBe(413);
    expect((await readJson(tooLarge)).message).toBe('This file size of 6mb cannot be uploaded');
    const wayTooLarge = await initiate(token, { file_size: 12 * 1024 * 1024 + 1 });
    expect((await readJson(wayTooLarge)).message).toBe('This file size of 13mb cannot be uploaded');
    expect((await initiate(token, { file_size: 5_242_880 })).status).toBe(201);

    for (const mime_type of ['image/gif', 'image/svg+xml', 'text/html']) {
      const refused = await initiate(token, { mime_type });
      expect(refused.status).toBe(400);
      expect((await readJson(refused)).errors).toEqual({ mime_type: ['Only .jpeg, .jpg and .png images can be uploaded'] });
    }
    expect((await initiate(token, { file_type: 'course_image' })).status).toBe(400);
    expect((await initiate(token, { file_name: 'x'.repeat(201) })).status).toBe(400);
    expect((await initiate(token, { file_size: 0 })).status).toBe(400);
    expect((await send(t.app, 'user/initiate-upload', { file_name: 'a.png' })).status).toBe(401);
  });
});

describe('the signed upload URL', () => {
  it('stops working after 15 minutes', async () => {
    const { token } = await signUpStudent(t);
    t.clock.set(new Date());
    const upload = await initiated(token);
    t.clock.advance(15 * 60_000 + 1000);
    await expectRefused(await putBytes(upload.file_url, PNG), 403, UPLOAD_MESSAGES.badLink);
  });

  it('refuses a tampered signature, size, type or key', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    const url = new URL(upload.file_url, 'http://localhost');
    const sig = url.searchParams.get('sig')!;
    const tampered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const attempts = [
      tampered((u) => u.searchParams.set('sig', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`)),
      tampered((u) => u.searchParams.set('size', '5242880')),
      tampered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      tampered((u) => u.searchParams.set('mime', 'image/jpeg')),
      tampered((u) => u.searchParams.delete('sig')),
      tampered((u) => (u.pathname = `/api/v1/uploads/${'A'.repeat(32)}.png`)),
    ];
    for (const attempt of attempts) await expectRefused(await putBytes(attempt, PNG), 403, UPLOAD_MESSAGES.badLink);
  });

  it('refuses a body larger than declared, by its Content-Length or as it arrives', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token, { file_size: 40 });
    await expectRefused(await putBytes(upload.file_url, PNG), 413, UPLOAD_MESSAGES.tooLarge);
    // No Content-Length: counted as it arrives.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(PNG.subarray(0, 30)));
        controller.enqueue(new Uint8Array(PNG.subarray(30)));
        controller.close();
      },
    });
    await expectRefused(
      await putBytes(upload.file_url, stream, 'image/png', { duplex: 'half' } as RequestInit),
      413,
      UPLOAD_MESSAGES.tooLarge,
    );
  });

  it('stops reading a chunked body at 5 MiB, and keeps nothing', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token, { file_size: 5_242_880 });
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(PNG_SIGNATURE));
        controller.enqueue(chunk);
        sent += chunk.byteLength;
        // Far more than 5 MiB is on offer; the server must stop long before.
        if (sent > 64 * 1024 * 1024) controller.close();
      },
    });
    const response = await putBytes(upload.file_url, endless, 'image/png', { duplex: 'half' } as RequestInit);
    await expectRefused(response, 413, UPLOAD_MESSAGES.tooLarge);
    expect(sent).toBeLessThan(6 * 1024 * 1024);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['an HTML page', Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>')],
    ['a PNG header followed by <script>', Buffer.concat([PNG_SIGNATURE, Buffer.from('\0\0\0\rIHDR<script>alert(1)</script>')])],
    ['a PNG header followed by <html> further on', Buffer.concat([PNG, Buffer.alloc(300, 0x20), Buffer.from('<HTML><body>hi</body>')])],
    ['JPEG bytes', JPEG],
    ['an empty body', Buffer.alloc(0)],
  ])('refuses %s declared as PNG, and keeps nothing', async (_name, bytes) => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token, { file_size: 4096 });
    await expectRefused(await putBytes(upload.file_url, bytes), 415, UPLOAD_MESSAGES.wrongType);
    const confirmed = await confirm(token, upload);
    expect(confirmed.status).toBe(400);
    expect((await readJson(confirmed)).message).toBe(MESSAGES.nothingUploaded);
  });

  it('refuses a Content-Type other than the declared one', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    await expectRefused(await putBytes(upload.file_url, PNG, 'text/html'), 415, UPLOAD_MESSAGES.wrongMediaType);
  });

  it('cannot write outside the storage folder: ../ and %2f keys are not keys', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    const query = new URL(upload.file_url, 'http://localhost').search;
    for (const key of ['..%2f..%2fstorage-escape.png', '%2e%2e%2fstorage-escape.png', '..%5cstorage-escape.png', 'a%2fb.png']) {
      const response = await putBytes(`/api/v1/uploads/${key}${query}`, PNG);
      expect([403, 404]).toContain(response.status);
    }
    expect(await storedFiles()).toEqual([]);
    expect((await readdir(dataDir)).filter((name) => name.includes('escape'))).toEqual([]);
  });
});

describe('confirming an upload', () => {
  it("answers 404 for someone else's file, and for an id that is none", async () => {
    const owner = await signUpStudent(t);
    const other = await signUpStudent(t);
    const upload = await initiated(owner.token);
    expect((await putBytes(upload.file_url, PNG)).status).toBe(200);
    const stolen = await confirm(other.token, upload);
    expect(stolen.status).toBe(404);
    expect((await readJson(stolen)).message).toBe(MESSAGES.notFound);
    expect((await confirm(owner.token, { ...upload, file_id: 'not-a-uuid' })).status).toBe(404);
    // Nor can another student make it their picture.
    const borrowed = await setPicture(other.token, upload.file_id);
    expect(borrowed.status).toBe(400);
    expect((await readJson(borrowed)).message).toBe('Upload not found');
  });

  it('refuses a key or URL of another upload, and a file never uploaded', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    const mismatch = await confirm(token, { ...upload, file_key: `${'B'.repeat(32)}.png` });
    expect(mismatch.status).toBe(400);
    expect((await readJson(mismatch)).message).toBe(MESSAGES.mismatch);
    const otherUrl = await confirm(token, { ...upload, file_url: `/api/v1/uploads/${'C'.repeat(32)}.png?sig=x` });
    expect((await readJson(otherUrl)).message).toBe(MESSAGES.mismatch);
    const nothing = await confirm(token, upload);
    expect(nothing.status).toBe(400);
    expect((await readJson(nothing)).message).toBe(MESSAGES.nothingUploaded);
    // Not stored, so not a picture either.
    expect((await setPicture(token, upload.file_id)).status).toBe(400);
    expect((await setPicture(token, 'nonsense')).status).toBe(400);
  });

  it('deletes a stored file larger than declared, or not the declared type, and answers 400', async () => {
    const { token } = await signUpStudent(t);
    const small = await initiated(token, { file_size: 10 });
    // Written behind the route's back, as a bucket would take any size.
    await mkdir(uploadsDir, { recursive: true });
    await writeFile(join(uploadsDir, urlKeyOf(small)), PNG);
    const tooLarge = await confirm(token, small);
    expect(tooLarge.status).toBe(400);
    expect(await storedFiles()).toEqual([]);

    const disguised = await initiated(token, { file_size: 100 });
    await writeFile(join(uploadsDir, urlKeyOf(disguised)), Buffer.from('GIF89a'.padEnd(60, '\0')));
    expect((await confirm(token, disguised)).status).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });
});

/** A PNG chunk: length, type, data and CRC. */
const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
};

/** `png` with a chunk put in right after its IHDR (8 + 25 bytes). */
const withChunk = (png: Buffer, chunk: Buffer) => Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);

/** Uploads `bytes` as a picture of `mimeType` and confirms it. */
async function uploadAndConfirm(token: string, bytes: Buffer, mimeType = 'image/png') {
  const upload = await initiated(token, { mime_type: mimeType, file_size: bytes.length });
  expect((await putBytes(upload.file_url, bytes, mimeType)).status).toBe(200);
  return { upload, confirmed: await confirm(token, upload) };
}

describe('what a confirmed picture keeps', () => {
  it('refuses a picture over 4096 pixels a side, whatever its header claims, and keeps nothing', async () => {
    const { token } = await signUpStudent(t);
    // A few hundred bytes that declare 100,000 × 100,000 pixels (40 GB decoded).
    const ihdr = Buffer.from([0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 2, 0, 0, 0]);
    const bomb = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), PNG.subarray(33)]);
    const wide = await sharp({ create: { width: 4097, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const bytes of [bomb, wide]) {
      const { upload, confirmed } = await uploadAndConfirm(token, bytes);
      expect(confirmed.status).toBe(400);
      expect((await readJson(confirmed)).message).toBe(IMAGE_TOO_LARGE);
      expect(await storedFiles()).toEqual([]);
      expect(await servedBytes(upload.file_key)).toBeNull();
    }
    const largest = await sharp({ create: { width: 4096, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await uploadAndConfirm(token, largest)).confirmed.status).toBe(200);
  });

  it('drops EXIF (a phone writes its GPS position there) and any markup past the first KiB, keeping the pixels', async () => {
    const { token } = await signUpStudent(t);
    const photo = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#1d3d8f' } })
      .withExif({ IFD0: { Copyright: 'GPS 6.5244 N 3.3792 E' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { upload, confirmed } = await uploadAndConfirm(token, photo, 'image/jpeg');
    expect(confirmed.status).toBe(200);
    const kept = (await servedBytes(upload.file_key))!;
    const metadata = await sharp(kept).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 3, height: 2 });
    expect(metadata.exif).toBeUndefined();
    expect(kept.includes('GPS 6.5244')).toBe(false);

    const script = '<script>alert(document.cookie)</script>';
    const polyglot = withChunk(PNG, pngChunk('tEXt', Buffer.from(`Comment\0${' '.repeat(1100)}${script}`, 'latin1')));
    const second = await uploadAndConfirm(token, polyglot);
    expect(second.confirmed.status).toBe(200);
    const clean = (await servedBytes(second.upload.file_key))!;
    expect(clean.includes(script)).toBe(false);
    expect(await sharp(clean).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('refuses a file that starts like the declared type but does not decode', async () => {
    const { token } = await signUpStudent(t);
    const broken = Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(40, 0x41)]);
    const { upload, confirmed } = await uploadAndConfirm(token, broken);
    expect(confirmed.status).toBe(400);
    expect((await readJson(confirmed)).message).toBe(MESSAGES.nothingUploaded);
    expect(await servedBytes(upload.file_key)).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });
});

describe('after the confirmation', () => {
  it('the upload URL, still valid, cannot replace the checked picture; what it wrote is deleted once it has expired', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    expect((await putBytes(upload.file_url, PNG)).status).toBe(200);
    const record = (await readJson(await confirm(token, upload))).data as { file_key: string; file_url: string };
    expect(record.file_key).toBe(upload.file_key);
    expect((await setPicture(token, upload.file_id)).status).toBe(200);
    const kept = await servedBytes(record.file_key);

    // Another image of the declared size through the same URL, within its 15 minutes.
    const other = Buffer.from(PNG);
    other.writeUInt8(other.readUInt8(other.length - 13) ^ 0xff, other.length - 13);
    expect((await putBytes(upload.file_url, other)).status).toBe(200);
    expect(await servedBytes(record.file_key)).toEqual(kept);
    // What the URL wrote is never served.
    expect(await servedBytes(urlKeyOf(upload))).toBeNull();
    expect(await storedFiles()).toEqual([urlKeyOf(upload), record.file_key].sort());

    // Confirming again, with the upload URL or the image's, answers the same record and keeps the picture.
    for (const url of [upload.file_url, record.file_url]) {
      const again = await confirm(token, { file_id: upload.file_id, file_key: upload.file_key, file_url: url });
      expect(again.status).toBe(200);
      expect((await readJson(again)).data).toMatchObject({ file_key: record.file_key });
    }

    t.clock.advance(UPLOAD_KEYS_PRUNED_AFTER_MS - 60_000);
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 0, swept: 0, unused: 0 });
    t.clock.advance(2 * 60_000);
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 0, swept: 1, unused: 0 });
    expect(await storedFiles()).toEqual([record.file_key]);
    expect((await media(`/media/uploads/${record.file_key}`))?.status).toBe(200);
    // Done once: the next run has nothing of this upload to do.
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 0, swept: 0, unused: 0 });
  });

  it('an upload never confirmed is removed with its file once its URL has long expired', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    expect((await putBytes(upload.file_url, PNG)).status).toBe(200);
    t.clock.advance(UPLOAD_KEYS_PRUNED_AFTER_MS + 60_000);
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 1, swept: 0, unused: 0 });
    expect(await storedFiles()).toEqual([]);
    // The session has ended by now: the upload's record is looked for directly.
    expect(await t.db.select().from(uploads).where(eq(uploads.id, upload.file_id))).toEqual([]);
  });
});

describe('an upload started before upload URLs had a key of their own', () => {
  it('still confirms, from the one key it has', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    // As migration 0005 left a pending upload: upload_key = file_key, the file there.
    await t.db.update(uploads).set({ uploadKey: upload.file_key }).where(eq(uploads.id, upload.file_id));
    await mkdir(uploadsDir, { recursive: true });
    await writeFile(join(uploadsDir, upload.file_key), PNG);
    const confirmed = await confirm(token, { ...upload, file_url: `/api/v1/uploads/${upload.file_key}?old` });
    expect(confirmed.status).toBe(200);
    expect(await storedFiles()).toEqual([upload.file_key]);
  });
});

describe('pictures replaced or removed', () => {
  it('are deleted a day later, with their files; the picture in use stays', async () => {
    const student = await signUpStudent(t);
    const { token } = student;
    const stored = async () => {
      const upload = await initiated(token);
      expect((await putBytes(upload.file_url, PNG)).status).toBe(200);
      const record = (await readJson(await confirm(token, upload))).data as { file_id: string; file_key: string };
      expect((await setPicture(token, record.file_id)).status).toBe(200);
      return record;
    };
    const first = await stored();
    const second = await stored();
    // Another student's picture, of the same age, in use: never touched.
    const other = await signUpStudent(t);
    const theirs = await initiated(other.token);
    await putBytes(theirs.file_url, PNG);
    const theirRecord = (await readJson(await confirm(other.token, theirs))).data as { file_id: string; file_key: string };
    expect((await setPicture(other.token, theirRecord.file_id)).status).toBe(200);

    t.clock.advance(UNUSED_PICTURES_KEPT_MS - 60_000);
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 0, swept: 3, unused: 0 });
    expect(await storedFiles()).toEqual([first.file_key, second.file_key, theirRecord.file_key].sort());

    t.clock.advance(2 * 60_000);
    expect(await pruneUploads(t.db, storage(), t.clock.now())).toEqual({ abandoned: 0, swept: 0, unused: 1 });
    expect(await storedFiles()).toEqual([second.file_key, theirRecord.file_key].sort());
    expect(await t.db.select().from(uploads).where(eq(uploads.id, first.file_id))).toEqual([]);

    // Removed by the student: gone a day later too.
    const login = await send(t.app, 'user/auth/student/login', { email: student.email, password: student.password });
    const fresh = ((await readJson(login)).data as { token: string }).token;
    expect((await setPicture(fresh, null)).status).toBe(200);
    expect((await pruneUploads(t.db, storage(), t.clock.now())).unused).toBe(0);
    t.clock.advance(UNUSED_PICTURES_KEPT_MS + 60_000);
    expect((await pruneUploads(t.db, storage(), t.clock.now())).unused).toBe(1);
    expect(await storedFiles()).toEqual([theirRecord.file_key]);
  });
});

describe('servers pruning at the same moment', () => {
  it("do each upload's clearing once between them", async () => {
    const { token } = await signUpStudent(t);
    const abandoned = await initiated(token);
    await putBytes(abandoned.file_url, PNG);
    const pictures: string[] = [];
    for (let i = 0; i < 3; i++) {
      const upload = await initiated(token);
      await putBytes(upload.file_url, PNG);
      const record = (await readJson(await confirm(token, upload))).data as { file_id: string; file_key: string };
      expect((await setPicture(token, record.file_id)).status).toBe(200);
      pictures.push(record.file_key);
    }
    t.clock.advance(UNUSED_PICTURES_KEPT_MS + 60_000);

    // With DATABASE_URL (scripts/checks/test-postgres.sh) the two runs are on connections of their own.
    const runs = await Promise.all([1, 2].map(() => pruneUploads(t.db, storage(), t.clock.now())));
    const total = (key: 'abandoned' | 'swept' | 'unused') => runs.reduce((sum, run) => sum + run[key], 0);
    // One upload never confirmed; three upload keys cleared; the two pictures replaced, deleted.
    expect([total('abandoned'), total('swept'), total('unused')]).toEqual([1, 3, 2]);
    expect(await storedFiles()).toEqual([pictures[2]]);
    expect(await Promise.all([1, 2].map(() => pruneUploads(t.db, storage(), t.clock.now())))).toEqual([
      { abandoned: 0, swept: 0, unused: 0 },
      { abandoned: 0, swept: 0, unused: 0 },
    ]);
  });
});

describe('serving stored images', () => {
  it('sends the stored type with nosniff, a sandboxing CSP and a year of caching', async () => {
    const { token } = await signUpStudent(t);
    const upload = await initiated(token);
    await putBytes(upload.file_url, PNG);
    expect((await confirm(token, upload)).status).toBe(200);
    const response = await media(`/media/uploads/${upload.file_key}`);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('content-type')).toBe('image/png');
    expect(response?.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response?.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Object.fromEntries(response!.headers)).toMatchObject(MEDIA_HEADERS);
    // Shown by pages of this origin only, unless pages elsewhere use the API (CORS_ORIGINS).
    expect(response?.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const shownElsewhere = await media(`/media/uploads/${upload.file_key}`, 'GET', ['https://adireacademy.ng']);
    expect(shownElsewhere?.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const head = await media(`/media/uploads/${upload.file_key}`, 'HEAD');
    expect(head?.headers.get('content-length')).toBe(String((await response!.arrayBuffer()).byteLength));
    expect((await media(`/media/uploads/${upload.file_key}`, 'DELETE'))?.status).toBe(405);
    expect(await media('/courses/')).toBeNull();
  });

  it('answers 404 for anything that is not a key, before touching the disk', async () => {
    await writeFile(join(dataDir, 'outside.png'), PNG);
    for (const path of [
      '/media/uploads/..%2foutside.png',
      '/media/uploads/%2e%2e%2foutside.png',
      '/media/uploads/..%5coutside.png',
      '/media/uploads/../outside.png',
      '/media/uploads/.upload-0123.png',
      '/media/uploads/outside.svg',
      '/media/uploads/',
      `/media/uploads/${'C'.repeat(32)}.png`,
    ]) {
      const response = await media(path);
      // '/media/uploads/../outside.png' is normalised by the URL parser to a path outside the route.
      if (response) expect(response.status, path).toBe(404);
    }
    // The storage's own calls refuse such keys too.
    expect(await storage().stat('../outside.png')).toBeNull();
    await storage().delete('../outside.png');
    expect((await stat(join(dataDir, 'outside.png'))).isFile()).toBe(true);
  });
});
