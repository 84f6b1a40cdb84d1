// The S3 storage driver against s3rver (an S3 look-alike, in this process, on 127.0.0.1): a
// presigned PUT works with a plain fetch and its signature covers the declared Content-Type; stat and
// readStart read what was stored; and confirming an upload deletes an object larger than declared
// or not the declared image (a presigned PUT cannot cap the size), keeping a valid one; the picture
// it makes is named by its upload id, so a removal can be undone.
import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pruneUploads, UPLOAD_KEYS_PRUNED_AFTER_MS } from '#features/profile/server/prune-uploads.ts';
import { MESSAGES } from '#features/profile/server/upload-routes.ts';
import { API_BASE, createApp, type ApiApp } from '#server/app.ts';
import { uploads } from '#server/db/schema.ts';
import { createS3Storage } from '#server/storage/s3.ts';
import { UPLOAD_URL_TTL_S } from '#server/storage/storage.ts';
import { signUpStudent } from './support/factories.ts';
import { checkAnswersOf } from './support/openapi-check.ts';
import { startLocalBucket, S3RVER_KEYS, type LocalBucket } from '../s3rver.ts';
import { readJson, send, useTestApp, type TestAppFixture } from './support/test-app.ts';

const BUCKET = 'adire-avatars';
const PUBLIC_URL = 'https://images.adire.test';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let bucket: LocalBucket;
let endpoint: string;

beforeAll(async () => {
  bucket = await startLocalBucket(BUCKET);
  endpoint = bucket.endpoint;
});
afterAll(() => bucket?.close());

/** The keys of the objects in the bucket, whatever key they have. */
const bucketObjects = () => bucket.objects();

const s3 = () =>
  createS3Storage({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    ...S3RVER_KEYS,
    publicUrl: PUBLIC_URL,
  });

let keyCount = 0;
const newKey = () => `${String(++keyCount).padStart(4, '0')}${'k'.repeat(28)}.png`;

describe('the S3 driver', () => {
  it("names the bucket's origin for the browser's PUT, and the public URL's for the images (the pages' CSP)", () => {
    expect(s3().browserSources).toEqual({ connect: [endpoint], img: [PUBLIC_URL] });
    const noPublicUrl = createS3Storage({
      endpoint: `${endpoint}/`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      publicUrl: '',
    });
    expect(noPublicUrl.browserSources).toEqual({ connect: [endpoint], img: [endpoint] });
  });

  it('presigns a PUT that a plain fetch can use, then stats, reads and deletes the object', async () => {
    const storage = s3();
    const key = newKey();
    expect(await storage.stat(key)).toBeNull();
    const url = await storage.presignPut(key, { mimeType: 'image/png', size: PNG.length, expiresInS: UPLOAD_URL_TTL_S });
    expect(url).toContain(`/${BUCKET}/${key}?`);
    expect(url).toContain('X-Amz-Expires=900');
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');

    const put = await fetch(url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 8)).toEqual(PNG.subarray(0, 8));
    expect(await storage.readStart(key, 4096)).toEqual(PNG);
    expect(storage.publicUrl(key)).toBe(`${PUBLIC_URL}/${key}`);

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.readStart(key, 8)).toEqual(Buffer.alloc(0));
    await storage.delete(key);
  });

  it('signs the Content-Type and the expiry: another type or a longer life breaks the signature', async () => {
    // s3rver does not check SigV4 signatures, so this checks them the way S3 does (verifySigV4 below).
    const key = newKey();
    const url = await s3().presignPut(key, { mimeType: 'image/png', size: PNG.length, expiresInS: UPLOAD_URL_TTL_S });
    expect(verifySigV4('PUT', url, { 'content-type': 'image/png' })).toBe(true);
    expect(verifySigV4('PUT', url, { 'content-type': 'text/html' })).toBe(false);
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect(verifySigV4('PUT', longer.toString(), { 'content-type': 'image/png' })).toBe(false);
    const otherKey = url.replace(key, newKey());
    expect(verifySigV4('PUT', otherKey, { 'content-type': 'image/png' })).toBe(false);
  });
});

/**
 * AWS Signature Version 4 of a presigned URL, computed independently of aws4fetch from the
 * published algorithm: true when `X-Amz-Signature` signs this method, path, query and these headers
 * (s3rver's secret is S3RVER).
 */
function verifySigV4(method: string, url: string, headers: Record<string, string>, secret = 'S3RVER'): boolean {
  const parsed = new URL(url);
  const query = parsed.searchParams;
  const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = query.get('X-Amz-SignedHeaders')!.split(';');
  const all: Record<string, string> = { ...headers, host: parsed.host };
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(all[name] ?? '').trim()}\n`).join('');
  const canonicalRequest = [method, parsed.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join(
    '\n',
  );
  const [, date, region, service] = query.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex') === query.get('X-Amz-Signature');
}

describe('confirming an upload stored in S3', () => {
  const t = useTestApp();
  let app: ApiApp;
  // The fixture with an app whose storage is the bucket.
  const withS3 = (fixture: typeof t): typeof t => Object.create(fixture, { app: { get: () => app } }) as TestAppFixture<typeof t.mailer>;

  beforeEach(() => {
    app = checkAnswersOf(createApp({ db: t.db, mailer: t.mailer, env: t.env, log: t.log, clock: t.clock.now, storage: s3() }), API_BASE);
  });

  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  async function upload(token: string, declaredSize: number, bytes: Uint8Array, contentType = 'image/png') {
    const initiated = await send(
      app,
      'user/initiate-upload',
      { file_name: 'me.png', mime_type: 'image/png', file_size: declaredSize, file_type: 'user_image' },
      auth(token),
    );
    expect(initiated.status).toBe(201);
    const data = (await readJson(initiated)).data as { file_id: string; file_url: string; file_key: string };
    // The presigned URL names a key of its own; the file moves to file_key at confirmation.
    const uploadKey = new URL(data.file_url).pathname.split('/').pop()!;
    expect(data.file_url.startsWith(`${endpoint}/${BUCKET}/${uploadKey}?`)).toBe(true);
    expect(uploadKey).toMatch(/^[A-Za-z0-9_-]{32}\.png$/);
    expect(uploadKey).not.toBe(data.file_key);
    // s3rver takes any Content-Type (it does not check signatures); S3 itself would refuse another one.
    const put = await fetch(data.file_url, { method: 'PUT', body: bytes as BodyInit, headers: { 'content-type': contentType } });
    expect(put.status).toBe(200);
    const confirmed = await send(
      app,
      `user/uploaded-file/${data.file_id}`,
      { file_key: data.file_key, file_url: data.file_url },
      { method: 'PUT', ...auth(token) },
    );
    return { ...data, uploadKey, confirmed };
  }

  it('moves a valid image to file_key and makes it the picture, at the public URL', async () => {
    const { token } = await signUpStudent(withS3(t));
    const { file_id, file_key, uploadKey, confirmed } = await upload(token, PNG.length, PNG);
    expect(confirmed.status).toBe(200);
    const record = (await readJson(confirmed)).data as { file_key: string; file_size: number };
    expect(record.file_key).toBe(file_key);
    // The picture kept is the image encoded again, pixels only: its size is the record's.
    const kept = await s3().readStart(file_key, 64 * 1024);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(record).toMatchObject({ file_url: `${PUBLIC_URL}/${file_key}`, file_size: kept.length });
    const profile = await send(
      app,
      'user/student/profile',
      { home_address: '3 Broad Street, Lagos', profile_image_file_id: file_id },
      { method: 'PUT', ...auth(token) },
    );
    expect(((await readJson(profile)).data as { image_url: string }).image_url).toBe(`${PUBLIC_URL}/${file_key}`);
    // Moved, type and all: nothing is left at the key the presigned URL names.
    expect(await s3().stat(file_key)).toEqual({ size: kept.length, contentType: 'image/png' });
    expect(await s3().stat(uploadKey)).toBeNull();
    expect(await bucketObjects()).toContain(file_key);
  });

  it("the picture's own route names an S3 picture it removes, and the undo puts back the same public URL", async () => {
    const { token } = await signUpStudent(withS3(t));
    const { file_id, file_key, confirmed } = await upload(token, PNG.length, PNG);
    expect(confirmed.status).toBe(200);
    const image = (body: unknown) => send(app, 'user/student/profile/image', body, { method: 'PUT', ...auth(token) });
    const pictureOf = async (response: Response) =>
      (await readJson(response)).data as { user: { image_url: string | null }; previous_file_id: string | null };
    expect((await pictureOf(await image({ file_id }))).user.image_url).toBe(`${PUBLIC_URL}/${file_key}`);
    const removed = await pictureOf(await image({ file_id: null }));
    expect(removed).toMatchObject({ user: { image_url: null }, previous_file_id: file_id });
    const undone = await pictureOf(await image({ file_id: removed.previous_file_id, replaces: null }));
    expect(undone.user.image_url).toBe(`${PUBLIC_URL}/${file_key}`);
  });

  it('the presigned URL, still valid after the confirmation, cannot replace the picture; what it wrote is deleted later', async () => {
    const { token } = await signUpStudent(withS3(t));
    const { file_id, file_url, file_key, uploadKey, confirmed } = await upload(token, PNG.length, PNG);
    expect(confirmed.status).toBe(200);
    const kept = await s3().readStart(file_key, 64 * 1024);
    // Any bytes of any size: a presigned PUT cannot be capped.
    const junk = Buffer.alloc(64 * 1024, 0x41);
    expect((await fetch(file_url, { method: 'PUT', body: junk, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    expect(await s3().readStart(file_key, 64 * 1024)).toEqual(kept);
    expect(await s3().stat(uploadKey)).toMatchObject({ size: junk.length });

    t.clock.advance(UPLOAD_KEYS_PRUNED_AFTER_MS + 60_000);
    expect(await pruneUploads(t.db, s3(), t.clock.now())).toEqual({ abandoned: 0, swept: 1, unused: 0 });
    expect(await s3().stat(uploadKey)).toBeNull();
    expect(await s3().stat(file_key)).toMatchObject({ size: kept.length });
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, file_id));
    expect(row).toMatchObject({ status: 'stored', fileKey: file_key, uploadKey: null });
  });

  it('confirms an upload started before upload URLs had a key of their own (one key, nothing to move)', async () => {
    const { token } = await signUpStudent(withS3(t));
    const initiated = await send(
      app,
      'user/initiate-upload',
      { file_name: 'me.png', mime_type: 'image/png', file_size: PNG.length, file_type: 'user_image' },
      auth(token),
    );
    const { file_id, file_key } = (await readJson(initiated)).data as { file_id: string; file_key: string };
    // As migration 0005 left a pending upload: upload_key = file_key, the object there.
    await t.db.update(uploads).set({ uploadKey: file_key }).where(eq(uploads.id, file_id));
    const url = await s3().presignPut(file_key, { mimeType: 'image/png', size: PNG.length, expiresInS: UPLOAD_URL_TTL_S });
    expect((await fetch(url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(200);
    const confirmed = await send(app, `user/uploaded-file/${file_id}`, { file_key, file_url: url }, { method: 'PUT', ...auth(token) });
    expect(confirmed.status).toBe(200);
    const record = (await readJson(confirmed)).data as { file_size: number };
    expect(await s3().stat(file_key)).toMatchObject({ size: record.file_size });
  });

  it('deletes an object larger than declared', async () => {
    const { token } = await signUpStudent(withS3(t));
    const before = await bucketObjects();
    const large = Buffer.concat([PNG, Buffer.alloc(2000)]);
    const { file_key, confirmed } = await upload(token, PNG.length, large);
    expect(confirmed.status).toBe(400);
    expect((await readJson(confirmed)).message).toBe(MESSAGES.nothingUploaded);
    expect(await s3().stat(file_key)).toBeNull();
    expect(await bucketObjects()).toEqual(before);
  });

  it('deletes an object stored with another Content-Type', async () => {
    const { token } = await signUpStudent(withS3(t));
    const before = await bucketObjects();
    const { file_key, confirmed } = await upload(token, PNG.length, PNG, 'text/html');
    expect(confirmed.status).toBe(400);
    expect(await s3().stat(file_key)).toBeNull();
    expect(await bucketObjects()).toEqual(before);
  });

  it.each([
    ['GIF bytes', Buffer.from('GIF89a'.padEnd(64, '\0'))],
    ['a PNG header followed by <script>', Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')])],
  ])('deletes an object holding %s', async (_name, bytes) => {
    const { token } = await signUpStudent(withS3(t));
    const before = await bucketObjects();
    const { file_key, confirmed } = await upload(token, 4096, bytes);
    expect(confirmed.status).toBe(400);
    expect(await s3().stat(file_key)).toBeNull();
    expect(await bucketObjects()).toEqual(before);
  });
});
