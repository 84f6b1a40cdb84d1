// Staff sign-in's two steps: the password (limited as at student sign-in) gives a challenge; the
// challenge and a TOTP code (each time step once) or a recovery code (each once) give a session.
// Five wrong codes end the challenge. The codes are computed here from the member's secret.
import { describe, expect, it } from 'vitest';
import { ChallengeSchema, StaffSignedInSchema } from '#features/staff/schemas.ts';
import { CHALLENGE_MS, CODES_PER_CHALLENGE, MEMBER_CODE_FAILURES_ALLOWED } from '#features/staff/server/second-factor.ts';
import { eq, sql } from 'drizzle-orm';
import { auditLog, staffSessions } from '#server/db/schema.ts';
import { enrolStaff, untilWaitingOnLocks } from './support/staff-flow.ts';
import { readData, readJson, send, useTestApp } from './support/test-app.ts';
import { signUpStudent } from './support/factories.ts';
import { seedStaff, STAFF_PASSWORD, staffCode } from '../support/staff.ts';

const START = new Date('2026-11-26T08:00:00Z');
const t = useTestApp({ startAt: START });

let lastChallenge = '';
const login = (email: string, password = STAFF_PASSWORD, ip?: string) =>
  send(t.app, 'staff/auth/login', { email, password }, ip ? { ip } : {});
const mfa = (challenge: string, code: string) => send(t.app, 'staff/auth/mfa', { challenge, code });

async function challengeFor(email: string): Promise<string> {
  return (await readData(await login(email), ChallengeSchema)).challenge;
}

const INVALID = { message: 'Invalid or expired code', errors: { code: ['Invalid or expired code'] } };
/** A code that is not the one for now, nor the step before or after. */
const wrongCode = (secret: string) => {
  const near = new Set([-30_000, 0, 30_000].map((offset) => staffCode(secret, new Date(t.clock.now().getTime() + offset))));
  for (let n = 0; ; n += 1) if (!near.has(String(n).padStart(6, '0'))) return String(n).padStart(6, '0');
};

describe('staff sign-in', () => {
  it('signs in with the password and then the code; the token works on staff calls only', async () => {
    const { staff, totpSecret } = await seedStaff(t, { role: 'admin', email: 'funke@adireacademy.ng', name: 'Funke Adeyemi' });
    const first = await login('Funke@AdireAcademy.ng');
    expect(first.headers.get('cache-control')).toBe('no-store');
    const { challenge } = await readData(first, ChallengeSchema);
    const signedIn = await mfa(challenge, staffCode(totpSecret, t.clock.now()));
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const { token, staff: shown } = await readData(signedIn, StaffSignedInSchema);
    expect(shown).toEqual({ id: staff.id, email: 'funke@adireacademy.ng', name: 'Funke Adeyemi', role: 'admin' });
    expect((await send(t.app, 'staff/me', undefined, { token, method: 'GET', contentType: null })).status).toBe(200);
    expect((await send(t.app, 'user/student/profile', undefined, { token, method: 'GET', contentType: null })).status).toBe(401);
    const entries = await t.db.select().from(auditLog);
    expect(entries).toMatchObject([
      { action: 'staff.sign_in', actorEmail: 'funke@adireacademy.ng', target: `staff:${staff.id}`, details: { method: 'totp' } },
    ]);
  });

  it('a member enrolled through the invitation signs in again later', async () => {
    const { secret, email } = await enrolStaff(t, 'gbemi@adireacademy.ng');
    t.clock.advance(60_000);
    const { challenge } = await readData(await login(email), ChallengeSchema);
    expect((await mfa(challenge, staffCode(secret, t.clock.now()))).status).toBe(200);
  });

  it('refuses a wrong password and an unknown address alike, and a student account', async () => {
    await seedStaff(t, { email: 'kemi@adireacademy.ng' });
    const student = await signUpStudent(t, { email: 'ada.student@example.com' });
    for (const answer of [
      await login('kemi@adireacademy.ng', 'Wrong-Pass9'),
      await login('nobody@adireacademy.ng'),
      await login(student.email, student.password),
    ]) {
      expect(answer.status).toBe(401);
      expect(await readJson(answer)).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('limits wrong passwords as student sign-in does: 5 per address and client, other clients not held back', async () => {
    await seedStaff(t, { email: 'lola@adireacademy.ng' });
    for (let i = 0; i < 5; i += 1) expect((await login('lola@adireacademy.ng', 'Wrong-Pass9', '203.0.113.5')).status).toBe(401);
    const held = await login('lola@adireacademy.ng', STAFF_PASSWORD, '203.0.113.5');
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBeTruthy();
    expect((await login('lola@adireacademy.ng', STAFF_PASSWORD, '198.51.100.7')).status).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await login('lola@adireacademy.ng', STAFF_PASSWORD, '203.0.113.5')).status).toBe(200);
  });

  it("counts staff and student wrong passwords apart: one address's student lock-out does not hold the member out", async () => {
    await seedStaff(t, { email: 'musa@adireacademy.ng' });
    for (let i = 0; i < 6; i += 1)
      await send(t.app, 'user/auth/student/login', { email: 'musa@adireacademy.ng', password: 'Wrong-Pass9' }, { ip: '203.0.113.9' });
    expect((await login('musa@adireacademy.ng', STAFF_PASSWORD, '203.0.113.9')).status).toBe(200);
  });

  it('accepts the code of the step before and after, not two steps away', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const at = (offset: number) => staffCode(totpSecret, new Date(t.clock.now().getTime() + offset));
    expect((await mfa(await challengeFor(staff.email), at(-60_000))).status).toBe(400);
    expect((await mfa(await challengeFor(staff.email), at(-30_000))).status).toBe(200);
    expect((await mfa(await challengeFor(staff.email), at(30_000))).status).toBe(200);
    expect((await mfa(await challengeFor(staff.email), at(60_000))).status).toBe(400);
  });

  it('never accepts a time step twice, even with a new challenge; the next step works', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const code = staffCode(totpSecret, t.clock.now());
    expect((await mfa(await challengeFor(staff.email), code)).status).toBe(200);
    const replay = await mfa(await challengeFor(staff.email), code);
    expect(replay.status).toBe(400);
    expect(await readJson(replay)).toEqual(INVALID);
    // An older step than one already used is refused too.
    expect((await mfa(await challengeFor(staff.email), staffCode(totpSecret, new Date(t.clock.now().getTime() - 30_000)))).status).toBe(
      400,
    );
    t.clock.advance(30_000);
    expect((await mfa(await challengeFor(staff.email), staffCode(totpSecret, t.clock.now()))).status).toBe(200);
  });

  it('takes one code once when two sign-ins send it at the same moment', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const challenges: string[] = [];
    for (let i = 0; i < 6; i += 1) challenges.push(await challengeFor(staff.email));
    const code = staffCode(totpSecret, t.clock.now());
    const answers = await Promise.all(challenges.map((challenge) => mfa(challenge, code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('signs in once per challenge, even when two right codes race on it', async () => {
    const { staff, totpSecret } = await enrolStaffWithCodes();
    const challenge = await challengeFor(staff.email);
    const answers = await Promise.all([mfa(challenge, staffCode(totpSecret, t.clock.now())), mfa(challenge, staff.codes[0]!)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('takes each recovery code once, with or without its dash and in any case', async () => {
    const { staff } = await enrolStaffWithCodes();
    const [first, second] = staff.codes;
    expect((await mfa(await challengeFor(staff.email), first!.toUpperCase())).status).toBe(200);
    expect((await mfa(await challengeFor(staff.email), first!)).status).toBe(400);
    expect((await mfa(await challengeFor(staff.email), second!.replace('-', ''))).status).toBe(200);
    const entries = await t.db.select().from(auditLog);
    expect(entries.filter((entry) => entry.action === 'staff.sign_in').map((entry) => entry.details)).toContainEqual({
      method: 'recovery_code',
    });
  });

  it('ends the challenge after 5 wrong codes: the right one is refused then', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const challenge = await challengeFor(staff.email);
    for (let i = 0; i < 5; i += 1) expect((await mfa(challenge, wrongCode(totpSecret))).status).toBe(400);
    expect(await readJson(await mfa(challenge, staffCode(totpSecret, t.clock.now())))).toEqual(INVALID);
    // Four wrong codes leave the fifth try to the right one.
    const next = await challengeFor(staff.email);
    for (let i = 0; i < 4; i += 1) await mfa(next, wrongCode(totpSecret));
    expect((await mfa(next, staffCode(totpSecret, t.clock.now()))).status).toBe(200);
  });

  it('holds 5 wrong codes even when they arrive at once', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const challenge = await challengeFor(staff.email);
    await Promise.all(Array.from({ length: 8 }, () => mfa(challenge, wrongCode(totpSecret))));
    expect((await mfa(challenge, staffCode(totpSecret, t.clock.now()))).status).toBe(400);
  });

  it('ends the challenge after 5 minutes', async () => {
    const { totpSecret, staff } = await seedStaff(t);
    const challenge = await challengeFor(staff.email);
    t.clock.advance(CHALLENGE_MS);
    expect((await mfa(challenge, staffCode(totpSecret, t.clock.now()))).status).toBe(400);
  });

  it("does not take the enrolment's code again at sign-in", async () => {
    const { secret, email } = await enrolStaff(t, 'jide@adireacademy.ng');
    const { challenge } = await readData(await login(email), ChallengeSchema);
    expect((await mfa(challenge, staffCode(secret, t.clock.now()))).status).toBe(400);
  });

  it('pauses the code step for a member after 20 wrong codes in an hour, from any challenges, and tells them once', async () => {
    const { totpSecret, staff } = await seedStaff(t, { email: 'nkechi@adireacademy.ng', name: 'Nkechi Obi' });
    // A right code along the way is not held against the member.
    expect((await mfa(await challengeFor(staff.email), staffCode(totpSecret, t.clock.now()))).status).toBe(200);
    t.clock.advance(30_000);
    for (let i = 0; i < MEMBER_CODE_FAILURES_ALLOWED; i += 1) {
      const challenge = i % CODES_PER_CHALLENGE === 0 ? await challengeFor(staff.email) : lastChallenge;
      lastChallenge = challenge;
      expect((await mfa(challenge, wrongCode(totpSecret))).status).toBe(400);
    }
    const paused = await mfa(await challengeFor(staff.email), staffCode(totpSecret, t.clock.now()));
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    await mfa(await challengeFor(staff.email), staffCode(totpSecret, t.clock.now()));
    const told = t.mailer.sent.filter((mail) => mail.kind === 'staff_codes_paused');
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ name: 'Nkechi Obi', address: 'nkechi@adireacademy.ng' });
    t.clock.advance(60 * 60_000);
    expect((await mfa(await challengeFor(staff.email), staffCode(totpSecret, t.clock.now()))).status).toBe(200);
  });

  // PostgreSQL only: PGlite runs one statement at a time, so nothing can wait on a lock there.
  it.runIf(process.env.DATABASE_URL)(
    'a removal that lands while the code is being taken leaves the member no session, whichever comes first',
    async () => {
      const admin = await seedStaff(t, { role: 'admin' });
      const { staff, totpSecret } = await seedStaff(t);
      t.clock.advance(30_000);
      const challenge = await challengeFor(staff.email);
      // The audit log held still: the sign-in stops after its code is taken and its challenge ended,
      // the removal stops at its own audit entry; both then go on at once.
      const answers = await t.db.transaction(async (tx) => {
        await tx.execute(sql`lock table audit_log in share mode`);
        const signIn = mfa(challenge, staffCode(totpSecret, t.clock.now()));
        await untilWaitingOnLocks(t.db, 1);
        const removal = send(t.app, `staff/members/${staff.id}`, undefined, { method: 'DELETE', token: admin.token });
        await untilWaitingOnLocks(t.db, 2);
        return [signIn, removal] as const;
      });
      const [signIn, removal] = await Promise.all(answers);
      expect(removal.status).toBe(200);
      expect([200, 400]).toContain(signIn.status);
      expect(await t.db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id))).toEqual([]);
    },
  );

  it('refuses codes that are neither six digits nor a recovery code before any check', async () => {
    const { staff } = await seedStaff(t);
    const challenge = await challengeFor(staff.email);
    const answer = await mfa(challenge, '12345');
    expect(answer.status).toBe(400);
    expect(((await readJson(answer)) as { errors: Record<string, string[]> }).errors.code).toEqual([
      'Enter the 6-digit code from your app, or a recovery code',
    ]);
  });
});

/** A member enrolled through the invitation, so they have recovery codes; `codes` are them. */
async function enrolStaffWithCodes() {
  const enrolled = await enrolStaff(t, `rc${Math.random().toString(36).slice(2, 7)}@adireacademy.ng`);
  t.clock.advance(30_000);
  return { staff: { email: enrolled.email, codes: enrolled.recovery_codes }, totpSecret: enrolled.secret };
}
