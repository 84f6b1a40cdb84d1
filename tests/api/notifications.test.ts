// The signed-in student's notifications (docs/product.md#dashboard-as-built-so-far): an enrolment and a
// password change each leave one, listed newest first with the unread count; marking one read lowers
// the count (and {read: false} raises it again); another student's notification, or an id that is not
// one, is 404; nothing is kept by a cache.
import { describe, expect, it } from 'vitest';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, lastCodeTo, signUpStudent, STUDENT_PASSWORD } from './support/factories.ts';
import { authHeader, get, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: '2026-03-02T09:00:00Z' });

interface Listed {
  notifications: { id: string; title: string; body: string; created_at: string; read: boolean }[];
  unread_count: number;
}

const as = (token: string) => ({ headers: authHeader(token) });
const list = (token: string) => get(t.app, 'user/student/notifications', { token });
const listed = async (token: string) => (await readJson(await list(token))).data as Listed;
const mark = (token: string, id: string, body: unknown = { read: true }) =>
  send(t.app, `user/student/notifications/${id}`, body, { method: 'PATCH', ...as(token) });

const enrol = (token: string) => enrolStudent(t, token);

/** Changes the password (which ends every session) and signs in again: the new token. */
async function changePassword(email: string): Promise<string> {
  const password = 'Adire-Indigo-92';
  const student = (await readJson(await send(t.app, 'user/auth/student/login', { email, password: STUDENT_PASSWORD }))).data as {
    token: string;
  };
  const changed = await send(
    t.app,
    'user/auth/student/password',
    { currentPassword: STUDENT_PASSWORD, password },
    {
      method: 'PATCH',
      ...as(student.token),
    },
  );
  expect(changed.status).toBe(200);
  const login = await send(t.app, 'user/auth/student/login', { email, password });
  return ((await readJson(login)).data as { token: string }).token;
}

describe('the notification list', () => {
  it('lists an enrolment and a password change newest first, with the unread count, and no-store', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const empty = await list(student.token);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect((await readJson(empty)).data).toEqual({ notifications: [], unread_count: 0 });

    await enrol(student.token);
    t.clock.advance(60_000);
    const token = await changePassword(student.email);

    const answer = await list(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = (await readJson(answer)).data as Listed;
    expect(data.unread_count).toBe(2);
    expect(data.notifications).toMatchObject([
      { title: 'Your password was changed', read: false, created_at: '2026-03-02T09:01:00.000Z' },
      { title: 'You are enrolled in Course number 2', read: false, created_at: '2026-03-02T09:00:00.000Z' },
    ]);
    expect(data.notifications[0]!.body).toContain('If this was not you');
    expect(data.notifications[1]!.body).toContain('₦70,000.00');
    expect(Object.keys(data.notifications[0]!).sort()).toEqual(['body', 'created_at', 'id', 'read', 'title']);
  });

  it('a password reset leaves the same notification', async () => {
    const student = await signUpStudent(t);
    await send(t.app, 'user/auth/student/forgot-password', { email: student.email });
    const reset = await send(t.app, 'user/auth/student/reset-password', {
      email: student.email,
      token: lastCodeTo(t, student.email),
      password: 'Adire-Indigo-92',
    });
    expect(reset.status).toBe(200);
    const login = await send(t.app, 'user/auth/student/login', { email: student.email, password: 'Adire-Indigo-92' });
    const { token } = (await readJson(login)).data as { token: string };
    expect(await listed(token)).toMatchObject({ unread_count: 1, notifications: [{ title: 'Your password was changed', read: false }] });
  });

  it('needs a signed-in student', async () => {
    const answer = await send(t.app, 'user/student/notifications', undefined, { method: 'GET' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('marking a notification read', () => {
  it('lowers the unread count, changes nothing when marked read again, and {read: false} marks it unread again', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    await enrol(student.token);
    t.clock.advance(60_000);
    const token = await changePassword(student.email);
    const [newest, older] = (await listed(token)).notifications;

    const marked = await mark(token, older!.id);
    expect(marked.status).toBe(200);
    expect(marked.headers.get('cache-control')).toBe('no-store');
    expect((await readJson(marked)).data).toEqual({ notification: { ...older, read: true }, unread_count: 1 });
    // Again: still read, still 1.
    expect((await readJson(await mark(token, older!.id))).data).toMatchObject({ notification: { read: true }, unread_count: 1 });
    expect(await listed(token)).toMatchObject({
      unread_count: 1,
      notifications: [
        { id: newest!.id, read: false },
        { id: older!.id, read: true },
      ],
    });

    expect((await readJson(await mark(token, older!.id, { read: false }))).data).toMatchObject({
      notification: { read: false },
      unread_count: 2,
    });
  });

  it("answers 404 for another student's notification, and for an id that is not one, and changes nothing", async () => {
    await seedCatalogue(t.db);
    const owner = await signUpStudent(t);
    await enrol(owner.token);
    const [notice] = (await listed(owner.token)).notifications;
    const other = await signUpStudent(t);

    for (const id of [notice!.id, '00000000-0000-4000-8000-000000000000', 'not-an-id', '1%20OR%201=1']) {
      const answer = await mark(other.token, id);
      expect(answer.status, id).toBe(404);
      expect(await readJson(answer)).toEqual({ message: 'Notification not found' });
    }
    expect(await listed(owner.token)).toMatchObject({ unread_count: 1, notifications: [{ read: false }] });
    expect(await listed(other.token)).toEqual({ notifications: [], unread_count: 0 });
  });

  it('takes only {read: boolean}', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    await enrol(student.token);
    const [notice] = (await listed(student.token)).notifications;
    for (const body of [{}, { read: 'yes' }, { read: true, extra: 1 }])
      expect((await mark(student.token, notice!.id, body)).status).toBe(400);
    expect((await send(t.app, `user/student/notifications/${notice!.id}`, { read: true }, { method: 'PATCH' })).status).toBe(401);
  });
});
