// A stranger who knows an address can neither take over its account by signing up again, nor stop
// its owner from verifying or resetting by guessing codes; wrong codes look the same for real and
// unknown addresses; the e-mail link signs in only with the account's password; and the link keeps
// the way back (next) the student signed up with.
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '#server/mail/mailer.ts';
import { lastCodeTo, STUDENT_PASSWORD } from './support/factories.ts';
import { get, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const post = (path: string, body?: unknown, ip?: string) => send(t.app, `user/auth/student/${path}`, body, ip ? { ip } : {});
const mailsTo = (email: string) => t.mailer.sent.filter((mail) => (typeof mail.to === 'string' ? mail.to : mail.to.address) === email);

/** The link of the newest mail of `kind` to `email`, from its text and its HTML (they must agree). */
function linkIn(email: string, kind: string): URL {
  const mail: OutgoingMail | undefined = mailsTo(email).findLast((sent) => sent.kind === kind);
  const fromText = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  const fromHtml = /href="([^"]+)"/.exec(mail?.html ?? '')?.[1]?.replaceAll('&amp;', '&');
  expect(fromText).toBeTruthy();
  expect(fromHtml).toBe(fromText);
  return new URL(fromText!);
}

/** Ten wrong guesses of the 6-digit code, as a stranger would send them; the statuses. */
async function guessTen(path: string, email: string, field: 'otp' | 'token', extra: Record<string, string> = {}): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await post(path, { email, [field]: String(100_000 + i), ...extra }, '198.51.100.9')).status);
  return statuses;
}

const victim = {
  first_name: 'Chioma',
  last_name: 'Eze',
  email: 'newstudent@example.com',
  password: STUDENT_PASSWORD,
  phone_number: '08031234567',
};
const attacker = {
  first_name: 'Scammer',
  last_name: 'Named',
  email: victim.email,
  password: 'Attacker-Pass9',
  phone_number: '08099999999',
};

describe('a second sign-up for an address not yet verified (N2)', () => {
  it('changes nothing: the owner verifies with their code, the stranger’s password is refused and the names are the owner’s', async () => {
    const first = await post('signup', victim);
    expect(first.status).toBe(201);
    const firstBody = await readJson(first);
    const code = lastCodeTo(t, victim.email);

    t.clock.advance(1_000);
    const second = await post('signup', attacker, '203.0.113.50');
    expect(second.status).toBe(201);
    const secondBody = await readJson(second);
    // Answered exactly as a first sign-up: same message, same address; only the claim token differs.
    expect(secondBody.message).toBe(firstBody.message);
    expect((secondBody.data as { email: string }).email).toBe(victim.email);
    // Within the minute: no second code, as resend would not send one.
    expect(mailsTo(victim.email)).toHaveLength(1);

    // The owner's browser sends its own sign-up's claim beside the code, as the code page does.
    const claim = (firstBody.data as { claim: string }).claim;
    const verified = await post('verify-account', { email: victim.email, otp: code, claim });
    expect(verified.status).toBe(200);
    expect((await readJson(verified)).data).toMatchObject({
      user: { first_name: 'Chioma', last_name: 'Eze', phone_number: '08031234567', is_verified: true },
    });
    expect((await post('login', { email: victim.email, password: attacker.password })).status).toBe(401);
    const login = await post('login', { email: victim.email, password: victim.password });
    expect(login.status).toBe(200);
    expect((await readJson(login)).data).toMatchObject({ user: { first_name: 'Chioma', last_name: 'Eze' } });
  });

  it('mails the code again a minute later, as resend does, and still changes nothing', async () => {
    const first = await post('signup', victim);
    expect(first.status).toBe(201);
    t.clock.advance(61_000);
    expect((await post('signup', attacker)).status).toBe(201);
    expect(mailsTo(victim.email).map((mail) => mail.kind)).toEqual(['verification_code', 'verification_code']);
    // The newest code (the one the second sign-up sent) does not hand over the stranger's details either.
    const claim = ((await readJson(first)).data as { claim: string }).claim;
    const verified = await post('verify-account', { email: victim.email, otp: lastCodeTo(t, victim.email), claim });
    expect((await readJson(verified)).data).toMatchObject({ user: { first_name: 'Chioma', last_name: 'Eze' } });
    expect((await post('login', { email: victim.email, password: attacker.password })).status).toBe(401);
    expect((await post('login', { email: victim.email, password: victim.password })).status).toBe(200);
  });
});

describe('a stranger signs up first, the owner second, and the owner types the code in another browser', () => {
  it('keeps no password: the stranger’s is refused, the owner is signed in, told to choose one, and can by Forgot Password', async () => {
    expect((await post('signup', attacker, '203.0.113.50')).status).toBe(201);
    t.clock.advance(61_000);
    expect((await post('signup', victim)).status).toBe(201);
    // No claim token beside the code: the browser that signed up is not this one.
    const verified = await post('verify-account', { email: victim.email, otp: lastCodeTo(t, victim.email) });
    expect(verified.status).toBe(200);
    const { token } = (await readJson(verified)).data as { token: string };
    expect((await post('login', { email: victim.email, password: attacker.password }, '203.0.113.50')).status).toBe(401);
    expect((await post('login', { email: victim.email, password: victim.password })).status).toBe(401);
    const notices = await readJson(await get(t.app, 'user/student/notifications', { token }));
    expect((notices.data as { notifications: { title: string }[] }).notifications.map((notice) => notice.title)).toContain(
      'Choose a new password',
    );

    expect((await post('forgot-password', { email: victim.email })).status).toBe(200);
    const link = linkIn(victim.email, 'reset_code');
    const reset = await post('reset-password', { email: victim.email, token: link.searchParams.get('token'), password: 'New-Indigo81' });
    expect(reset.status).toBe(200);
    expect((await post('login', { email: victim.email, password: 'New-Indigo81' })).status).toBe(200);
  });

  it('one sign-up alone keeps its password when the code is typed in another browser', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    expect((await post('verify-account', { email: victim.email, otp: lastCodeTo(t, victim.email) })).status).toBe(200);
    expect((await post('login', { email: victim.email, password: victim.password })).status).toBe(200);
  });
});

describe('strangers guessing codes cannot stop the owner (N4)', () => {
  it('a reset by the mail’s link works after 10 wrong codes paused code entry; the link’s token is long and used once', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    expect((await post('verify-account', { email: victim.email, otp: lastCodeTo(t, victim.email) })).status).toBe(200);
    expect((await post('forgot-password', { email: victim.email })).status).toBe(200);
    const link = linkIn(victim.email, 'reset_code');
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.searchParams.get('email')).toBe(victim.email);
    const token = link.searchParams.get('token')!;
    const code = lastCodeTo(t, victim.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain(code);

    expect(await guessTen('verify-password-token', victim.email, 'token')).toEqual(Array(10).fill(400));
    // The code itself is paused now ...
    expect((await post('verify-password-token', { email: victim.email, token: code })).status).toBe(429);
    // ... the link is not.
    expect((await post('verify-password-token', { email: victim.email, token })).status).toBe(200);
    const reset = await post('reset-password', { email: victim.email, token, password: 'New-Indigo81' });
    expect(reset.status).toBe(200);
    expect((await post('login', { email: victim.email, password: 'New-Indigo81' })).status).toBe(200);
    // Used once, and the code went with it.
    expect((await post('reset-password', { email: victim.email, token, password: 'Other-Indigo81' })).status).toBe(400);
    // A link for another address, or a made-up one, opens nothing.
    expect((await post('verify-password-token', { email: 'other@example.com', token })).status).toBe(400);
  });

  it('verification by the mail’s link works after 10 wrong codes paused code entry for a new account', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    const code = lastCodeTo(t, victim.email);
    expect(await guessTen('verify-account', victim.email, 'otp')).toEqual(Array(10).fill(400));
    expect((await post('verify-account', { email: victim.email, otp: code })).status).toBe(429);
    const link = linkIn(victim.email, 'verification_code');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.has('code')).toBe(false);
    const verified = await post('verify-email-link', { email: victim.email, token, password: victim.password });
    expect(verified.status).toBe(200);
    expect((await readJson(verified)).data).toMatchObject({ user: { email: victim.email, is_verified: true } });
  });

  it('an earlier mail’s link still works after a stranger asked for new codes', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    const token = linkIn(victim.email, 'verification_code').searchParams.get('token')!;
    t.clock.advance(61_000);
    expect((await post('resend-otp', { email: victim.email }, '203.0.113.50')).status).toBe(200);
    expect((await post('verify-email-link', { email: victim.email, token, password: victim.password })).status).toBe(200);
  });
});

describe('wrong codes tell nobody which addresses have accounts (N9)', () => {
  it('11 guesses at verify-password-token get the same statuses for a real and a missing address', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    expect((await post('verify-account', { email: victim.email, otp: lastCodeTo(t, victim.email) })).status).toBe(200);
    const statuses = async (email: string) => [
      ...(await guessTen('verify-password-token', email, 'token')),
      (await post('verify-password-token', { email, token: '999999' })).status,
    ];
    const real = await statuses(victim.email);
    const missing = await statuses('nobody-here@example.com');
    expect(real).toEqual([...(Array(10).fill(400) as number[]), 429]);
    expect(missing).toEqual(real);
  });
});

describe('the e-mail link signs in only with the password (L1)', () => {
  it('confirms the address with the link and the account’s password; a wrong password signs nobody in and verifies nothing', async () => {
    expect((await post('signup', victim)).status).toBe(201);
    const token = linkIn(victim.email, 'verification_code').searchParams.get('token')!;
    const wrong = await post('verify-email-link', { email: victim.email, token, password: 'Not-The-Password1' });
    expect(wrong.status).toBe(401);
    expect(await readJson(wrong)).toMatchObject({ message: 'Invalid email or password' });
    // Still unverified: login says so.
    expect((await post('login', { email: victim.email, password: victim.password })).status).toBe(403);
    // Without a password, the link alone is refused as an invalid body.
    expect((await post('verify-email-link', { email: victim.email, token })).status).toBe(400);
    const right = await post('verify-email-link', { email: victim.email, token, password: victim.password });
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toBe('no-store');
    const { data } = (await readJson(right)) as { data: { token: string } };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Used: the link does not work again.
    expect((await post('verify-email-link', { email: victim.email, token, password: victim.password })).status).toBe(400);
  });

  it('takes the password of the owner’s own later sign-up when a stranger signed up first, and gives the owner’s details', async () => {
    expect((await post('signup', attacker)).status).toBe(201);
    t.clock.advance(61_000);
    expect((await post('signup', victim)).status).toBe(201);
    const token = linkIn(victim.email, 'verification_code').searchParams.get('token')!;
    const right = await post('verify-email-link', { email: victim.email, token, password: victim.password });
    expect(right.status).toBe(200);
    expect((await readJson(right)).data).toMatchObject({ user: { first_name: 'Chioma', last_name: 'Eze' } });
    expect((await post('login', { email: victim.email, password: attacker.password })).status).toBe(401);
  });
});

describe('the verification link keeps the way back (item 18)', () => {
  it('carries a safe same-site next from sign-up, and drops one that leads off the site', async () => {
    expect((await post('signup', { ...victim, next: '/courses/course-02/checkout' })).status).toBe(201);
    expect(linkIn(victim.email, 'verification_code').searchParams.get('next')).toBe('/courses/course-02/checkout');
    const other = 'other@example.com';
    expect((await post('signup', { ...victim, email: other, next: '//evil.example/x' })).status).toBe(201);
    expect(linkIn(other, 'verification_code').searchParams.has('next')).toBe(false);
  });
});
