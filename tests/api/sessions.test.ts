// The session machinery every signed-in route stands on: tokens stored as hashes, the idle and
// absolute limits, revocation, and the requireStudent guard's answers.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { requireStudent, SESSION_ENDED, SIGN_IN_REQUIRED, type StudentEnv } from '#server/auth/require-student.ts';
import {
  createSession,
  findSessionStudent,
  pruneExpiredSessions,
  revokeAllSessions,
  revokeSession,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
} from '#server/auth/sessions.ts';
import { sha256 } from '#server/auth/tokens.ts';
import { sessions, students } from '#server/db/schema.ts';
import { useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: '2026-11-23T09:00:00Z' });

async function seedStudent(email = 'ada.obi@example.com') {
  const [row] = await t.db
    .insert(students)
    .values({ firstName: 'Ada', lastName: 'Obi', email, passwordHash: await hashPassword('Kente2024!'), verifiedAt: t.clock.now() })
    .returning();
  return row!;
}

function guardedApp() {
  return new Hono<StudentEnv>()
    .get('/me', requireStudent({ db: t.db, clock: t.clock.now }), (c) => c.json({ email: c.var.student.email }))
    .onError((error, c) => c.json({ message: error.message }, (error as { status?: 401 }).status ?? 500));
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('sessions', () => {
  it('hands out a 256-bit token and stores only its hash', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(sessions);
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('ends 30 minutes after the last authenticated request, and each request restarts that clock', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    t.clock.advance(SESSION_IDLE_MS - 1000);
    expect((await findSessionStudent(t.db, token, t.clock.now()))?.id).toBe(student.id);
    t.clock.advance(SESSION_IDLE_MS - 1000);
    expect((await findSessionStudent(t.db, token, t.clock.now()))?.id).toBe(student.id);
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect(await findSessionStudent(t.db, token, t.clock.now())).toBeNull();
  });

  it('ends 12 hours after sign-in however busy it is', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    for (let elapsed = 0; elapsed < SESSION_MAX_MS - 20 * 60_000; elapsed += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect(await findSessionStudent(t.db, token, t.clock.now()), `after ${elapsed} ms`).not.toBeNull();
    }
    t.clock.set(new Date(new Date('2026-11-23T09:00:00Z').getTime() + SESSION_MAX_MS + 1));
    expect(await findSessionStudent(t.db, token, t.clock.now())).toBeNull();
  });

  it('revokes one session at logout and every session of an account at once', async () => {
    const ada = await seedStudent();
    const bola = await seedStudent('bola@example.com');
    const [first, second, other] = await Promise.all([
      createSession(t.db, ada.id, t.clock.now()),
      createSession(t.db, ada.id, t.clock.now()),
      createSession(t.db, bola.id, t.clock.now()),
    ]);
    await revokeSession(t.db, first);
    expect(await findSessionStudent(t.db, first, t.clock.now())).toBeNull();
    expect(await findSessionStudent(t.db, second, t.clock.now())).not.toBeNull();
    expect(await revokeAllSessions(t.db, ada.id)).toBe(1);
    expect(await findSessionStudent(t.db, second, t.clock.now())).toBeNull();
    expect(await findSessionStudent(t.db, other, t.clock.now())).not.toBeNull();
  });

  it('prunes only sessions that can no longer be used', async () => {
    const student = await seedStudent();
    await createSession(t.db, student.id, t.clock.now());
    t.clock.advance(SESSION_IDLE_MS + 1);
    const live = await createSession(t.db, student.id, t.clock.now());
    expect(await pruneExpiredSessions(t.db, t.clock.now())).toBe(1);
    expect(await findSessionStudent(t.db, live, t.clock.now())).not.toBeNull();
  });
});

describe('requireStudent', () => {
  it('puts the signed-in student on the request and marks the answer no-store', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    const response = await guardedApp().request('/me', bearer(token));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'ada.obi@example.com' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 without a token, with a malformed or unknown token, and after expiry', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    const app = guardedApp();
    expect(await (await app.request('/me')).json()).toEqual({ message: SIGN_IN_REQUIRED });
    for (const header of ['Basic abc', 'Bearer', 'Bearer short', `Bearer ${token.slice(0, -1)}x`]) {
      const response = await app.request('/me', { headers: { authorization: header } });
      expect(response.status, header).toBe(401);
      expect(await response.json()).toEqual({ message: SESSION_ENDED });
    }
    t.clock.advance(SESSION_IDLE_MS + 1);
    expect((await app.request('/me', bearer(token))).status).toBe(401);
  });

  it('refuses a deactivated account with the exact message', async () => {
    const student = await seedStudent();
    const token = await createSession(t.db, student.id, t.clock.now());
    await t.db.update(students).set({ deactivatedAt: t.clock.now() }).where(eq(students.id, student.id));
    const response = await guardedApp().request('/me', bearer(token));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: DEACTIVATED_MESSAGE });
  });
});
