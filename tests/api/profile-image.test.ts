// PUT user/student/profile/image: the picture on its own. A student with no home address sets it;
// a removal names the picture it removed and is undone by sending that id back, only while no other
// picture was chosen meanwhile (a second tab); another student's upload, an unconfirmed one or a
// picture already deleted are refused; the body is capped like every JSON body.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProfileImageChangeSchema } from '#features/profile/upload-schemas.ts';
import { PROFILE_IMAGE_MESSAGES } from '#features/profile/server/profile-image-routes.ts';
import { pruneUploads, UNUSED_PICTURES_KEPT_MS } from '#features/profile/server/prune-uploads.ts';
import { UserSchema } from '#lib/schemas/user.ts';
import { servicesOf, signUpStudent } from './support/factories.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'afa-profile-image-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const t = useTestApp({ env: { DATA_DIR: dataDir } });

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Initiates an upload of the PNG, sends its bytes and, unless told not to, confirms it; returns its id. */
async function uploadPicture(token: string, { confirmed = true } = {}): Promise<string> {
  const body = { file_name: 'me.png', mime_type: 'image/png', file_size: PNG.length, file_type: 'user_image' };
  const upload = (await readJson(await send(t.app, 'user/initiate-upload', body, { token }))).data as {
    file_id: string;
    file_key: string;
    file_url: string;
  };
  expect((await t.app.request(upload.file_url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status).toBe(200);
  if (confirmed) {
    const stored = { file_key: upload.file_key, file_url: upload.file_url };
    expect((await send(t.app, `user/uploaded-file/${upload.file_id}`, stored, { method: 'PUT', token })).status).toBe(200);
  }
  return upload.file_id;
}

const putImage = (token: string, body: unknown) => send(t.app, 'user/student/profile/image', body, { method: 'PUT', token });

async function changed(response: Response) {
  const { message } = (await response.clone().json()) as { message: string };
  return { message, ...(await readData(response, ProfileImageChangeSchema)) };
}

const profileOf = async (token: string) => readData(await get(t.app, 'user/student/profile', { token }), UserSchema);

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect((await readJson(response)).message).toBe(message);
}

describe('the profile picture on its own', () => {
  it('is set by a student with no home address, who keeps having none', async () => {
    const { token } = await signUpStudent(t);
    const fileId = await uploadPicture(token);
    const set = await changed(await putImage(token, { file_id: fileId }));
    expect(set.message).toBe(PROFILE_IMAGE_MESSAGES.saved);
    expect(set.previous_file_id).toBeNull();
    expect(set.user.image_url).toMatch(/^http:\/\/localhost\/media\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
    expect(set.user.home_address).toBeNull();
    expect(await profileOf(token)).toEqual(set.user);
  });

  it('names the picture it replaced', async () => {
    const { token } = await signUpStudent(t);
    const first = await uploadPicture(token);
    const second = await uploadPicture(token);
    await putImage(token, { file_id: first });
    expect((await changed(await putImage(token, { file_id: second }))).previous_file_id).toBe(first);
  });

  it('is removed, and the removal undone with the id it names: the same picture again', async () => {
    const { token } = await signUpStudent(t);
    const fileId = await uploadPicture(token);
    const { user: before } = await changed(await putImage(token, { file_id: fileId }));

    const removed = await changed(await putImage(token, { file_id: null }));
    expect(removed.message).toBe(PROFILE_IMAGE_MESSAGES.removed);
    expect(removed.previous_file_id).toBe(fileId);
    expect(removed.user.image_url).toBeNull();
    expect((await profileOf(token)).image_url).toBeNull();

    const undone = await changed(await putImage(token, { file_id: removed.previous_file_id, replaces: null }));
    expect(undone.user.image_url).toBe(before.image_url);
    expect(undone.previous_file_id).toBeNull();
    expect((await profileOf(token)).image_url).toBe(before.image_url);
  });

  it('does not undo a removal over a picture another tab chose meanwhile', async () => {
    const { token } = await signUpStudent(t);
    const old = await uploadPicture(token);
    await putImage(token, { file_id: old });
    const { previous_file_id } = await changed(await putImage(token, { file_id: null }));
    // The second tab chooses a new picture before the first tab's Undo arrives.
    const chosen = await changed(await putImage(token, { file_id: await uploadPicture(token) }));
    await expectRefused(await putImage(token, { file_id: previous_file_id, replaces: null }), 409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
    expect((await profileOf(token)).image_url).toBe(chosen.user.image_url);
    // replaces names a picture that is not the current one, or one that is no upload at all.
    await expectRefused(await putImage(token, { file_id: null, replaces: old }), 409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
    await expectRefused(await putImage(token, { file_id: null, replaces: 'nonsense' }), 409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
    expect((await profileOf(token)).image_url).toBe(chosen.user.image_url);
  });

  it("refuses another student's upload, an unconfirmed one and an id that is none, changing nothing", async () => {
    const owner = await signUpStudent(t);
    const other = await signUpStudent(t);
    const theirs = await uploadPicture(owner.token);
    const mine = await uploadPicture(other.token);
    await putImage(other.token, { file_id: mine });
    const { image_url } = await profileOf(other.token);
    for (const file_id of [theirs, await uploadPicture(other.token, { confirmed: false }), 'nonsense', crypto.randomUUID()]) {
      const refused = await putImage(other.token, { file_id });
      expect(refused.status).toBe(400);
      expect(await readJson(refused)).toEqual({ message: 'Upload not found', errors: { file_id: ['Upload not found'] } });
    }
    // Nor is the owner's picture touched by someone naming it in replaces.
    await expectRefused(await putImage(other.token, { file_id: null, replaces: theirs }), 409, PROFILE_IMAGE_MESSAGES.changedMeanwhile);
    expect((await profileOf(other.token)).image_url).toBe(image_url);
  });

  it('cannot undo a removal once the picture has been deleted, a day after the change', async () => {
    const student = await signUpStudent(t);
    const fileId = await uploadPicture(student.token);
    await putImage(student.token, { file_id: fileId });
    await putImage(student.token, { file_id: null });
    const { storage } = servicesOf(t);
    t.clock.advance(UNUSED_PICTURES_KEPT_MS - 60_000);
    expect((await pruneUploads(t.db, storage, t.clock.now())).unused).toBe(0);
    t.clock.advance(2 * 60_000);
    expect((await pruneUploads(t.db, storage, t.clock.now())).unused).toBe(1);
    // The session has long ended: a new one.
    const login = await send(t.app, 'user/auth/student/login', { email: student.email, password: student.password });
    const { token } = (await readJson(login)).data as { token: string };
    await expectRefused(await putImage(token, { file_id: fileId, replaces: null }), 400, 'Upload not found');
    expect((await profileOf(token)).image_url).toBeNull();
  });

  it('asks for a session, a JSON object of known fields, and at most 64 KiB', async () => {
    const { token } = await signUpStudent(t);
    expect((await send(t.app, 'user/student/profile/image', { file_id: null }, { method: 'PUT' })).status).toBe(401);
    expect((await putImage(token, { file_id: null, home_address: 'x' })).status).toBe(400);
    expect((await putImage(token, {})).status).toBe(400);
    expect((await putImage(token, { file_id: 'x'.repeat(101) })).status).toBe(400);
    expect((await putImage(token, { file_id: null, replaces: 'x'.repeat(70_000) })).status).toBe(413);
  });
});
