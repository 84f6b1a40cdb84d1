// What tests/api/accounts.test.ts leaves out: the 12-hour limit of a session through the routes,
// right codes racing each other, parallel sign-ups for one address, the exact keys of the User
// object, strict bodies on every account call, and a password typed with spaces around it at login.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '#server/auth/require-student.ts';
import { SESSION_MAX_MS } from '#server/auth/sessions.ts';
import { oneTimeCodes, sessions, students } from '#server/db/schema.ts';
import { lastCodeTo, signUpStudent, STUDENT_PASSWORD } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const post = (path: string, body?: unknown, options: { token?: string; method?: string; ip?: string } = {}) =>
  send(t.app, `user/auth/student/${path}`, body, {
    method: options.method ?? 'POST',
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
  });
const profile = (token: string) =>
  send(t.app, 'user/student/profile', undefined, { method: 'GET', headers: { authorization: `Bearer ${token}` } });

const USER_KEYS = [
  'country',
  'created_at',
  'date_of_birth',
  'email',
  'first_name',
  'gender',
  'home_address',
  'id',
  'image_url',
  'is_verified',
  'kyc_completed',
  'last_name',
  'phone_number',
  'state',
];

describe('sessions through the routes', () => {
  it('end 12 hours after sign-in however active the student is', async () => {
    t.clock.set('2026-03-02T08:00:00Z');
    const { token } = await signUpStudent(t);
    // A request every 20 minutes keeps the idle clock from ever running out...
    for (let elapsed = 0; elapsed + 20 * 60_000 < SESSION_MAX_MS; elapsed += 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect((await profile(token)).status).toBe(200);
    }
    // ...and still the session ends at 12 hours.
    t.clock.set(new Date(Date.parse('2026-03-02T08:00:00Z') + SESSION_MAX_MS));
    const ended = await profile(token);
    expect(ended.status).toBe(401);
    expect(await readJson(ended)).toEqual({ message: SESSION_ENDED });
  });
});

describe('codes under concurrency', () => {
  it('uses a right verification code once when it is sent twice at the same moment', async () => {
    const { email } = await signUpStudent(t, {}, { verified: false });
    const otp = lastCodeTo(t, email);
    const answers = await Promise.all([0, 1, 2, 3].map(() => post('verify-account', { email, otp })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });

  it('resets a password once when the right code is sent twice at the same moment', async () => {
    const { email } = await signUpStudent(t);
    t.clock.advance(61_000);
    await post('forgot-password', { email });
    const token = lastCodeTo(t, email);
    const answers = await Promise.all(
      ['New-Indigo81', 'New-Indigo82'].map((password) => post('reset-password', { email, token, password })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(t.mailer.sent.filter((mail) => mail.subject === 'Your password was changed')).toHaveLength(1);
  });

  it('counts 50 parallel wrong reset codes as 5 tries, after which the right code resets nothing', async () => {
    const { email } = await signUpStudent(t);
    t.clock.advance(61_000);
    await post('forgot-password', { email });
    const code = lastCodeTo(t, email);
    const guesses = Array.from({ length: 50 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((token, i) => post('verify-password-token', { email, token }, { ip: `203.0.113.${i}` })));
    // Every guess is refused: as a wrong code, or (once the account has taken 10 wrong codes) as paused.
    expect(answers.every((answer) => answer.status === 400 || answer.status === 429)).toBe(true);
    const [row] = await t.db.select().from(students).where(eq(students.email, email));
    const [stored] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.studentId, row!.id), eq(oneTimeCodes.purpose, 'reset_password')));
    expect(stored!.attempts).toBe(5);
    expect((await post('reset-password', { email, token: code, password: 'New-Indigo81' })).status).toBe(429);
    expect((await post('login', { email, password: STUDENT_PASSWORD })).status).toBe(200);
  });
});

describe('wrong codes across re-issued codes', () => {
  /** A fresh reset code for `email` (a minute after the last), and 5 wrong guesses at it. */
  async function newCodeAndGuess(email: string, guesses: number): Promise<{ code: string; statuses: number[] }> {
    t.clock.advance(61_000);
    expect((await post('forgot-password', { email })).status).toBe(200);
    const code = lastCodeTo(t, email);
    const statuses: number[] = [];
    for (let i = 1; i <= guesses; i++) {
      const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
      statuses.push((await post('verify-password-token', { email, token: wrong })).status);
    }
    return { code, statuses };
  }

  it('pauses code entry for the account after 10 wrong codes in an hour, even for the right code, and tells the owner', async () => {
    const { email } = await signUpStudent(t);
    const first = await newCodeAndGuess(email, 5);
    const second = await newCodeAndGuess(email, 5);
    expect([...first.statuses, ...second.statuses]).toEqual(Array(10).fill(400));
    const paused = t.mailer.sent.filter((mail) => mail.kind === 'codes_paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]!.text).toMatch(/codes cannot be entered for it for the next 59 minutes/);

    const third = await newCodeAndGuess(email, 1);
    expect(third.statuses).toEqual([429]);
    const right = await post('reset-password', { email, token: third.code, password: 'New-Indigo81' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    expect((await post('verify-account', { email, otp: third.code })).status).toBe(429);
    expect(t.mailer.sent.filter((mail) => mail.kind === 'codes_paused')).toHaveLength(1);

    // An hour after the first wrong code, a new code works again.
    t.clock.advance(60 * 60_000);
    const { code } = await newCodeAndGuess(email, 0);
    expect((await post('reset-password', { email, token: code, password: 'New-Indigo81' })).status).toBe(200);
  });

  it("counts each account's wrong codes apart", async () => {
    const one = await signUpStudent(t);
    const other = await signUpStudent(t);
    await newCodeAndGuess(one.email, 5);
    await newCodeAndGuess(one.email, 5);
    const { code } = await newCodeAndGuess(other.email, 0);
    expect((await post('verify-password-token', { email: other.email, token: code })).status).toBe(200);
  });

  it('keeps one account when the same address signs up several times at once', async () => {
    const body = { first_name: 'Ada', last_name: 'Obi', email: 'twice@example.com', password: STUDENT_PASSWORD };
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => post('signup', { ...body, email: i % 2 ? 'TWICE@example.com' : body.email })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(students)).toHaveLength(1);
  });
});

describe('the User object', () => {
  it('has exactly the documented keys in every answer that carries it', async () => {
    const { email, token } = await signUpStudent(t);
    const kyc = await post('kyc', { gender: 'other', date_of_birth: '1998-07-09', state: 'Kano', country: 'Nigeria' }, { token });
    const login = await post('login', { email, password: STUDENT_PASSWORD });
    const users = [
      (await readJson(kyc)).data,
      ((await readJson(login)).data as { user: unknown }).user,
      (await readJson(await profile(token))).data,
    ] as Record<string, unknown>[];
    for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_KEYS);
  });
});

describe('bodies', () => {
  it('refuses an unknown field on every account call that takes a body', async () => {
    const { email, token } = await signUpStudent(t);
    const calls: [string, Record<string, unknown>, string?][] = [
      ['signup', { first_name: 'A', last_name: 'B', email: 'x@example.com', password: STUDENT_PASSWORD }],
      ['resend-otp', { email }],
      ['verify-account', { email, otp: '123456' }],
      ['login', { email, password: STUDENT_PASSWORD }],
      ['forgot-password', { email }],
      ['verify-password-token', { email, token: '123456' }],
      ['reset-password', { email, token: '123456', password: 'New-Indigo81' }],
      ['kyc', { gender: 'male', date_of_birth: '1990-01-01', state: 'Lagos', country: 'Nigeria' }, token],
    ];
    for (const [path, body, bearer] of calls) {
      const answer = await post(path, { ...body, role: 'admin' }, bearer ? { token: bearer } : {});
      expect(answer.status, path).toBe(400);
      expect(await readJson(answer), path).toEqual({ message: 'Unknown field: role', errors: { role: ['Unknown field: role'] } });
    }
    const patch = await post(
      'password',
      { currentPassword: STUDENT_PASSWORD, password: 'New-Indigo81', role: 'admin' },
      { token, method: 'PATCH' },
    );
    expect(patch.status).toBe(400);
  });

  it('trims the password at login as sign-up trims it, so spaces typed around it do not lock the student out', async () => {
    const { email } = await signUpStudent(t, { password: `  ${STUDENT_PASSWORD} ` });
    expect((await post('login', { email, password: STUDENT_PASSWORD })).status).toBe(200);
    expect((await post('login', { email, password: ` ${STUDENT_PASSWORD}  ` })).status).toBe(200);
  });
});

describe('a sign-up whose code mail cannot go out', () => {
  it('keeps no account, so the student can simply sign up again', async () => {
    const body = { first_name: 'Ada', last_name: 'Obi', email: 'mailfail@example.com', password: STUDENT_PASSWORD };
    t.mailer.failing = true;
    expect((await post('signup', body)).status).toBe(503);
    expect(await t.db.select().from(students)).toHaveLength(0);
    t.mailer.failing = false;
    expect((await post('signup', body)).status).toBe(201);
    expect(lastCodeTo(t, 'mailfail@example.com')).toMatch(/^\d{6}$/);
  });
});

describe('what the forms rely on', () => {
  it('counts verification codes and reset codes apart: a student who has just verified can ask for a reset at once', async () => {
    const { email } = await signUpStudent(t);
    const before = t.mailer.sent.length;
    expect((await post('forgot-password', { email })).status).toBe(200);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)!.kind).toBe('reset_code');
    // The one-a-minute rule still holds for each kind.
    expect((await post('forgot-password', { email })).status).toBe(429);
  });

  it('says a taken address under the e-mail field too', async () => {
    const { email } = await signUpStudent(t);
    const again = await post('signup', { first_name: 'B', last_name: 'A', email, password: 'Another-Pass9' });
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({
      message: 'An account with this email already exists',
      errors: { email: ['An account with this email already exists'] },
    });
  });

  it('asks for six digits when a code is not six digits, and spends no try on it', async () => {
    const { email } = await signUpStudent(t, {}, { verified: false });
    const short = await post('verify-account', { email, otp: '12345' });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toMatchObject({ errors: { otp: ['Enter the 6-digit code'] } });
    expect((await post('verify-account', { email, otp: lastCodeTo(t, email) })).status).toBe(200);
  });
});

describe('an address claimed but never verified', () => {
  it("gives the owner's own sign-up details when the owner's browser sends its claim with the code, though a stranger signed up first", async () => {
    const email = 'claimed@example.com';
    const stranger = { first_name: 'Not', last_name: 'Mine', email, password: 'Stranger-Pass9', phone_number: '08031234567' };
    expect((await post('signup', stranger)).status).toBe(201);
    t.clock.advance(61_000);
    const owner = { first_name: 'Ada', last_name: 'Obi', email, password: 'Owner-Indigo7' };
    const again = await post('signup', owner);
    expect(again.status).toBe(201);
    const { claim } = ((await readJson(again)) as { data: { claim: string } }).data;
    const verified = await post('verify-account', { email, otp: lastCodeTo(t, email), claim });
    expect((await readJson(verified)).data).toMatchObject({ user: { first_name: 'Ada', last_name: 'Obi', email, phone_number: null } });
    expect((await post('login', { email, password: 'Owner-Indigo7' })).status).toBe(200);
    expect((await post('login', { email, password: 'Stranger-Pass9' })).status).toBe(401);
    // Verified now: the address is taken.
    expect((await post('signup', stranger)).status).toBe(409);
  });

  it('is removed a week after sign-up; verified and newer accounts stay', async () => {
    const { pruneUnverifiedStudents } = await import('#features/accounts/server/students.ts');
    const old = await signUpStudent(t, {}, { verified: false });
    const recent = await signUpStudent(t, {}, { verified: false });
    const verified = await signUpStudent(t);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    for (const email of [old.email, verified.email])
      await t.db.update(students).set({ createdAt: eightDaysAgo }).where(eq(students.email, email));
    expect(await pruneUnverifiedStudents(t.db, new Date())).toBe(1);
    const left = (await t.db.select({ email: students.email }).from(students)).map((row) => row.email);
    expect(left).toEqual(expect.arrayContaining([recent.email, verified.email]));
    expect(left).not.toContain(old.email);
  });
});
