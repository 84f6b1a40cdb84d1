// node scripts/checks/login-timing.ts: how long a login takes on this machine, with the real argon2id
// parameters, through the API as the server builds it (app.request, embedded PGlite in memory, or
// DATABASE_URL's PostgreSQL). Prints the median and p95 of 20 sequential logins and of 20
// concurrent ones (20 accounts: one address's parallel tries would meet its 5-a-window limit),
// and the same for a wrong password and an unknown address, whose times should match.
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';
import type { Mailer, OutgoingMail } from '#server/mail/mailer.ts';

const ROUNDS = 20;
const PASSWORD = 'Indigo-Lagos7';
const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  send: (mail) => {
    sent.push(mail);
    return Promise.resolve();
  },
  close() {},
};
const quiet = { info() {}, error() {} };

const handle = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {});
try {
  const app = createApp({ db: handle.db, mailer, env: readEnv({ DATA_DIR: '/nonexistent-timing-data' }), log: quiet });
  let ip = 0;
  const call = (path: string, body: unknown) =>
    app.request(
      `/api/v1/user/auth/student/${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      // A new client address now and then keeps the generous per-address limit out of the figures.
      { incoming: { socket: { remoteAddress: `198.51.100.${Math.floor(ip++ / 50) % 250}` } } },
    );

  const emails = Array.from({ length: ROUNDS }, (_, i) => `timing${i}@example.com`);
  for (const email of emails) {
    const signup = await call('signup', { first_name: 'Ada', last_name: 'Obi', email, password: PASSWORD });
    const otp = /\b(\d{6})\b/.exec(sent.at(-1)!.text)![1];
    const verified = await call('verify-account', { email, otp });
    if (signup.status !== 201 || verified.status !== 200) throw new Error(`Setting up ${email}: ${signup.status}, ${verified.status}`);
  }

  const timed = async (path: string, body: unknown, expected: number) => {
    const started = performance.now();
    const answer = await call(path, body);
    const elapsed = performance.now() - started;
    if (answer.status !== expected) throw new Error(`Expected ${expected}, got ${answer.status}: ${await answer.text()}`);
    return elapsed;
  };
  const stats = (label: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    console.log(`${label.padEnd(34)} median ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`);
  };

  await timed('login', { email: emails[0], password: PASSWORD }, 200); // warm-up
  const sequential: number[] = [];
  for (let i = 0; i < ROUNDS; i++) sequential.push(await timed('login', { email: emails[i % ROUNDS], password: PASSWORD }, 200));
  const concurrent = await Promise.all(emails.map((email) => timed('login', { email, password: PASSWORD }, 200)));
  // Wrong passwords: at most 4 per address, so none meets the limit.
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    wrong.push(await timed('login', { email: emails[i], password: 'Wrong-Pass1' }, 401));
    unknown.push(await timed('login', { email: `nobody${i}@example.com`, password: 'Wrong-Pass1' }, 401));
  }

  console.log(`Login through app.request on ${handle.kind}, argon2id m=19456 KiB t=2 p=1, ${ROUNDS} each:`);
  stats('right password, sequential', sequential);
  stats('right password, 20 at once', concurrent);
  stats('wrong password, sequential', wrong);
  stats('unknown address, sequential', unknown);
} finally {
  await handle.close();
}
