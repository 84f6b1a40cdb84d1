// Student accounts through the API: every call's happy path and its errors, the code and sign-in
// limits under concurrency, sessions ended by password changes, and no way to learn which
// addresses have accounts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import { MESSAGES } from '#features/accounts/server/answers.ts';
import { COMMON_PASSWORD_MESSAGE } from '#server/auth/passwords.ts';
import { SESSION_ENDED } from '#server/auth/require-student.ts';
import { SESSION_IDLE_MS } from '#server/auth/sessions.ts';
import { students } from '#server/db/schema.ts';
import { lastCodeTo, signUpStudent, STUDENT_PASSWORD } from './support/factories.ts';
import { readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ env: { PUBLIC_SITE_URL: 'https://adire.test' } });

const post = (path: string, body?: unknown, token?: string, method = 'POST') =>
  send(t.app, `user/auth/student/${path}`, body, { method, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const profile = (token: string, method = 'GET', body?: unknown) =>
  send(t.app, 'user/student/profile', body, { method, headers: { authorization: `Bearer ${token}` } });
const login = (email: string, password: string, ip?: string) =>
  send(t.app, 'user/auth/student/login', { email, password }, ip ? { ip } : {});

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect((await readJson(response)).message).toBe(message);
}

describe('sign-up and verification', () => {
  it('creates the account, mails a code, and the code signs the student in', async () => {
    const signup = await post('signup', {
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'Ada.Obi@Example.com',
      password: STUDENT_PASSWORD,
      phone_number: '+234 803 123 4567',
      home_address: '',
    });
    expect(signup.status).toBe(201);
    expect(await readJson(signup)).toEqual({
      message: MESSAGES.signedUp,
      data: { email: 'ada.obi@example.com', claim: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown },
    });
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const mail = t.mailer.sent[0]!;
    expect(mail.subject).toBe('Your verification code');
    expect(mail.text).toContain('If this was not you');
    expect(mail.html).toContain(lastCodeTo(t, 'ada.obi@example.com'));

    const verify = await post('verify-account', { email: 'ada.obi@example.com', otp: lastCodeTo(t, 'ada.obi@example.com') });
    expect(verify.status).toBe(200);
    const { data } = (await readJson(verify)) as { data: { token: string; user: Record<string, unknown> } };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({ email: 'ada.obi@example.com', phone_number: '08031234567', home_address: null, is_verified: true });
    expect(Object.keys(data.user)).not.toContain('password_hash');
    expect(JSON.stringify(data.user)).not.toMatch(/argon2/);
    const me = await profile(data.token);
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a second account for an address in any letter case, and a common password', async () => {
    await signUpStudent(t, { email: 'bola@example.com' });
    const again = await post('signup', { first_name: 'B', last_name: 'A', email: 'BOLA@example.com', password: 'Another-Pass9' });
    await expectError(again, 409, 'An account with this email already exists');
    const common = await post('signup', { first_name: 'C', last_name: 'D', email: 'chidi@example.com', password: 'Password123' });
    expect(common.status).toBe(400);
    expect(await readJson(common)).toEqual({ message: COMMON_PASSWORD_MESSAGE, errors: { password: [COMMON_PASSWORD_MESSAGE] } });
  });

  it('gives the password rules as field messages', async () => {
    const weak = await post('signup', { first_name: 'C', last_name: 'D', email: 'chidi@example.com', password: 'short' });
    expect(await readJson(weak)).toMatchObject({ errors: { password: ['Password must be at least 8 characters long.'] } });
    const noUpper = await post('signup', { first_name: 'C', last_name: 'D', email: 'chidi@example.com', password: 'lowercase1' });
    expect(await readJson(noUpper)).toMatchObject({ errors: { password: ['Password must contain at least one uppercase letter.'] } });
  });

  it('refuses a wrong code, an expired code and a used one alike', async () => {
    const { email } = await signUpStudent(t, {}, { verified: false });
    const code = lastCodeTo(t, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expectError(await post('verify-account', { email, otp: wrong }), 400, 'Invalid or expired code');
    t.clock.advance(10 * 60_000 + 1);
    await expectError(await post('verify-account', { email, otp: code }), 400, 'Invalid or expired code');
    t.clock.advance(61_000);
    expect((await post('resend-otp', { email })).status).toBe(200);
    const fresh = lastCodeTo(t, email);
    expect((await post('verify-account', { email, otp: fresh })).status).toBe(200);
    await expectError(await post('verify-account', { email, otp: fresh }), 400, 'Invalid or expired code');
  });

  it('sends at most one new code a minute per address, known or not, with the same answer', async () => {
    const { email } = await signUpStudent(t, {}, { verified: false });
    const tooSoon = await post('resend-otp', { email });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(61_000);
    const known = await post('resend-otp', { email });
    const unknown = await post('resend-otp', { email: 'nobody@example.com' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await readJson(known)).toEqual(await readJson(unknown));
  });

  it('ends a code after 5 wrong tries, counted atomically: 9 parallel guesses, then the right code fails', async () => {
    const { email } = await signUpStudent(t, {}, { verified: false });
    const code = lastCodeTo(t, email);
    // Nine: under the account's 10 wrong codes an hour, so what refuses the right code is the code's own 5 tries.
    const guesses = Array.from({ length: 9 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((otp) => post('verify-account', { email, otp }, undefined)));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const [row] = await t.db.select().from(students).where(eq(students.email, email));
    const { oneTimeCodes } = await import('#server/db/schema.ts');
    const [stored] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.studentId, row!.id));
    expect(stored!.attempts).toBe(5);
    await expectError(await post('verify-account', { email, otp: code }), 400, 'Invalid or expired code');
  });
});

describe('sign-in', () => {
  it('signs a verified student in, and logout ends that session only', async () => {
    const { email, password, token: first } = await signUpStudent(t);
    const answer = await login(email, password);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { data } = (await readJson(answer)) as { data: { token: string } };
    expect((await post('logout', undefined, data.token)).status).toBe(200);
    await expectError(await profile(data.token), 401, SESSION_ENDED);
    expect((await profile(first)).status).toBe(200);
  });

  it('answers an unknown address and a wrong password the same way', async () => {
    const { email } = await signUpStudent(t);
    const wrong = await login(email, 'Wrong-Pass1');
    const unknown = await login('nobody@example.com', 'Wrong-Pass1');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    const [wrongBody, unknownBody] = [await readJson(wrong), await readJson(unknown)];
    expect(wrongBody).toEqual(unknownBody);
    expect(unknownBody).toEqual({ message: 'Invalid email or password' });
  });

  it('takes about as long for an unknown address as for a wrong password (the hash work runs either way)', async () => {
    const { email } = await signUpStudent(t);
    const time = async (address: string) => {
      const started = performance.now();
      await login(address, 'Wrong-Pass1', `198.51.100.${Math.floor(Math.random() * 200)}`);
      return performance.now() - started;
    };
    // The lower quartile: a busy machine only ever adds time, so the quicker samples show the work itself.
    // The band is relative: one hash takes about 15 ms here, so a fixed 15 ms would let a skipped hash pass.
    const lowerQuartile = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 4)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm both paths (the dummy hash is made on first use), then interleave the samples. The clock
    // steps over the 15-minute window before each wrong try, or the sixth would be refused unchecked.
    await time(email);
    await time('warm-up@example.com');
    for (let i = 0; i < 9; i++) {
      t.clock.advance(15 * 60_000 + 1000);
      known.push(await time(email));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const [a, b] = [lowerQuartile(known), lowerQuartile(unknown)];
    expect(Math.abs(a - b), `known ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`).toBeLessThan(Math.max(5, 0.4 * Math.max(a, b)));
  });

  it('sends an unverified account a new code with 403', async () => {
    const { email, password } = await signUpStudent(t, {}, { verified: false });
    t.clock.advance(61_000);
    const before = t.mailer.sent.length;
    await expectError(await login(email, password), 403, 'Please verify your email address');
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('checks at most 5 passwords for an address from one client address in 15 minutes, however many arrive at once', async () => {
    const { email, password } = await signUpStudent(t);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `Wrong-Pass${i}`, '203.0.113.7')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    const refused = await login(email, password, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(email, password, '203.0.113.7')).status).toBe(200);
  });

  it("lets the student in from their own device while someone else's address is locked out", async () => {
    const { email, password } = await signUpStudent(t);
    for (let i = 0; i < 5; i++) expect((await login(email, `Wrong-Pass${i}`, '203.0.113.66')).status).toBe(401);
    expect((await login(email, password, '203.0.113.66')).status).toBe(429);
    expect((await login(email, password, '198.51.100.20')).status).toBe(200);
    // A right password is no failure: the student can sign in as often as they like.
    for (let i = 0; i < 8; i++) expect((await login(email, password, '198.51.100.20')).status).toBe(200);
  });

  it('forgets the wrong passwords once the password is reset with a mailed code', async () => {
    const { email } = await signUpStudent(t);
    for (let i = 0; i < 6; i++) await login(email, `Wrong-Pass${i}`, '203.0.113.67');
    t.clock.advance(61_000);
    await send(t.app, 'user/auth/student/forgot-password', { email });
    const reset = await send(t.app, 'user/auth/student/reset-password', { email, token: lastCodeTo(t, email), password: 'New-Indigo81' });
    expect(reset.status).toBe(200);
    expect((await login(email, 'New-Indigo81', '203.0.113.67')).status).toBe(200);
  });

  it('refuses every address for the rest of the hour after 100 wrong passwords from many addresses', async () => {
    const { email, password } = await signUpStudent(t);
    for (let i = 0; i < 100; i++) await login(email, `Wrong-Pass${i}`, `10.0.${Math.floor(i / 4)}.${i % 4}`);
    const refused = await login(email, password, '198.51.100.21');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    t.clock.advance(60 * 60_000);
    expect((await login(email, password, '198.51.100.21')).status).toBe(200);
  });

  it('refuses a deactivated account with the exact message, at login and on every signed-in call', async () => {
    const { email, password, token } = await signUpStudent(t);
    await t.db.update(students).set({ deactivatedAt: t.clock.now() }).where(eq(students.email, email));
    await expectError(await login(email, password), 401, DEACTIVATED_MESSAGE);
    await expectError(await profile(token), 401, DEACTIVATED_MESSAGE);
  });

  it('ends a session 30 minutes after its last request', async () => {
    const { token } = await signUpStudent(t);
    t.clock.advance(SESSION_IDLE_MS - 60_000);
    expect((await profile(token)).status).toBe(200);
    t.clock.advance(SESSION_IDLE_MS + 1);
    await expectError(await profile(token), 401, SESSION_ENDED);
  });
});

describe('KYC and profile', () => {
  it('saves KYC, refusing a future birth date and a state outside the 37', async () => {
    const { token } = await signUpStudent(t);
    const future = await post('kyc', { gender: 'female', date_of_birth: '2999-01-01', state: 'Lagos', country: 'Nigeria' }, token);
    expect(await readJson(future)).toMatchObject({ errors: { date_of_birth: ['Date of birth cannot be in the future'] } });
    // An ISO-shaped day that is not on the calendar is refused with a message, not left to the database.
    const february30 = await post('kyc', { gender: 'female', date_of_birth: '2001-02-30', state: 'Lagos', country: 'Nigeria' }, token);
    expect(february30.status).toBe(400);
    expect(await readJson(february30)).toMatchObject({ errors: { date_of_birth: ['Date of birth must be a day that exists'] } });
    const missing = await post('kyc', {}, token);
    expect(await readJson(missing)).toMatchObject({
      errors: {
        gender: ['Gender is required'],
        date_of_birth: ['DOB is required'],
        state: ['State is required'],
        country: ['Country is required'],
      },
    });
    const texas = await post('kyc', { gender: 'female', date_of_birth: '2001-05-04', state: 'Texas', country: 'Nigeria' }, token);
    expect(texas.status).toBe(400);
    const saved = await post('kyc', { gender: 'female', date_of_birth: '2001-05-04', state: 'FCT - Abuja', country: 'Nigeria' }, token);
    expect(saved.status).toBe(200);
    expect((await readJson(saved)).data).toMatchObject({ kyc_completed: true, state: 'FCT - Abuja', date_of_birth: '2001-05-04' });
    expect((await post('kyc', { gender: 'female', date_of_birth: '2001-05-04', state: 'Lagos', country: 'Nigeria' })).status).toBe(401);
  });

  it('updates the home address and phone, never the names or e-mail', async () => {
    const { token } = await signUpStudent(t, { email: 'emeka@example.com' });
    const renamed = await profile(token, 'PUT', { home_address: '12 Allen Avenue, Ikeja', first_name: 'Other' });
    await expectError(renamed, 400, 'Unknown field: first_name');
    await expectError(await profile(token, 'PUT', { home_address: ' ' }), 400, 'Home address is required');
    const saved = await profile(token, 'PUT', { home_address: '12 Allen Avenue, Ikeja', phone_number: '0803 123 4567' });
    expect((await readJson(saved)).data).toMatchObject({
      email: 'emeka@example.com',
      home_address: '12 Allen Avenue, Ikeja',
      phone_number: '08031234567',
    });
  });
});

describe('passwords', () => {
  it('resets a forgotten password with the mailed code, ending every session', async () => {
    const { email, token } = await signUpStudent(t);
    t.clock.advance(61_000);
    const forgot = await post('forgot-password', { email });
    const unknown = await post('forgot-password', { email: 'nobody@example.com' });
    expect(await readJson(forgot)).toEqual(await readJson(unknown));
    const code = lastCodeTo(t, email);
    expect((await post('verify-password-token', { email, token: code })).status).toBe(200);
    const common = await post('reset-password', { email, token: code, password: 'Welcome123' });
    expect(common.status).toBe(400);
    expect((await post('reset-password', { email, token: code, password: 'New-Indigo8' })).status).toBe(200);
    await expectError(await post('reset-password', { email, token: code, password: 'New-Indigo9' }), 400, 'Invalid or expired code');
    await expectError(await profile(token), 401, SESSION_ENDED);
    expect(t.mailer.sent.at(-1)!.subject).toBe('Your password was changed');
    expect((await login(email, STUDENT_PASSWORD)).status).toBe(401);
    expect((await login(email, 'New-Indigo8')).status).toBe(200);
  });

  it('changes the password when the current one is right, ending every session', async () => {
    const { email, token } = await signUpStudent(t);
    const other = ((await readJson(await login(email, STUDENT_PASSWORD))).data as { token: string }).token;
    const change = (body: object) => post('password', body, token, 'PATCH');
    await expectError(await change({ currentPassword: 'Not-Mine99', password: 'New-Indigo8' }), 400, 'Current password is incorrect');
    const same = await change({ currentPassword: STUDENT_PASSWORD, password: STUDENT_PASSWORD });
    expect(await readJson(same)).toMatchObject({ errors: { currentPassword: ['Password cannot match new password'] } });
    expect((await change({ currentPassword: STUDENT_PASSWORD, password: 'New-Indigo8' })).status).toBe(200);
    await expectError(await profile(token), 401, SESSION_ENDED);
    await expectError(await profile(other), 401, SESSION_ENDED);
    expect((await login(email, 'New-Indigo8')).status).toBe(200);
  });

  it('counts wrong current passwords with the wrong sign-ins, so a stolen session cannot guess the password', async () => {
    const { email, token } = await signUpStudent(t);
    const change = (currentPassword: string) => post('password', { currentPassword, password: 'New-Indigo8' }, token, 'PATCH');
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await change(`Guess-Pass${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expect((await change(STUDENT_PASSWORD)).status).toBe(429);
    // The same count as sign-in's, for this account and this client address.
    expect((await login(email, STUDENT_PASSWORD)).status).toBe(429);
    expect((await login(email, STUDENT_PASSWORD, '198.51.100.30')).status).toBe(200);
  });
});

describe('logs', () => {
  it('carry no code, token, hash or password through a whole journey', async () => {
    const { email, token } = await signUpStudent(t, { email: 'logs@example.com' });
    const codes = t.mailer.sent.map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1]).filter(Boolean) as string[];
    await post('kyc', { gender: 'male', date_of_birth: '1999-02-03', state: 'Lagos', country: 'Nigeria' }, token);
    t.clock.advance(61_000);
    await post('forgot-password', { email });
    const resetCode = lastCodeTo(t, email);
    await post('reset-password', { email, token: resetCode, password: 'New-Indigo8' });
    const session = ((await readJson(await login(email, 'New-Indigo8'))).data as { token: string }).token;
    await post('password', { currentPassword: 'New-Indigo8', password: 'Newer-Indigo9' }, session, 'PATCH');
    const [row] = await t.db.select().from(students).where(eq(students.email, email));
    const secrets = [...codes, resetCode, token, session, row!.passwordHash, STUDENT_PASSWORD, 'New-Indigo8', 'Newer-Indigo9'];
    const logged = [...t.log.lines, ...t.log.output].join('\n');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});
