// Wrong passwords, for sign-in and for the settings page's current password alike (docs/product.md
// #limits-and-timings). Each try is counted before the password is checked, so however many arrive
// at once only the allowance is ever checked; a right one is then not held against anybody.
// - Per account and client address: the 6th try within 15 minutes after 5 wrong ones is refused
//   (429) until the window passes. Keyed on both, so someone guessing from their own address locks
//   out only that address: the student's own phone, on another address, still signs in.
// - Per account from every address: at most 100 wrong passwords an hour, a ceiling on guessing from
//   many addresses; only that, and only for the rest of the hour, can hold the student out too.
// A password reset by mailed code forgets both, so the student is never kept out after proving it.
// Staff sign-in counts the same way in buckets of its own (scope 'staff-password'): a member who is
// also a student, under one address, is not held out of one by wrong tries at the other.
// Scholarship codes are counted the same way too (scope 'scholarship-code', keyed on the student's
// id): a code is guessed no more easily than a password.
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { countRequest, uncountRequest } from '#server/db/rate-limit-buckets.ts';
import { rateLimitBuckets } from '#server/db/schema.ts';
import { secondsUntil, tooManyRequests } from '#server/http/rate-limit.ts';

export const PASSWORD_FAILURES_ALLOWED = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURES_ALLOWED = 100;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

/** Whose passwords are counted: students' ('password', the first and the default) or staff's. */
export type PasswordScope = 'password' | 'staff-password' | 'scholarship-code';

const accountKey = (email: string, scope: PasswordScope = 'password') => `${scope}:${email.toLowerCase()}`;
const pairKey = (email: string, client: string, scope: PasswordScope) => `${accountKey(email, scope)}@${client}`;

/**
 * Runs `check` (the password comparison) unless the account's allowance for this client address,
 * or its hourly ceiling, is spent (then 429 with Retry-After, without comparing). Answers `check`'s
 * verdict; a wrong password stays counted, a right one is taken off the count again.
 */
export async function tryPassword(
  db: Database,
  email: string,
  client: string,
  now: Date,
  check: () => Promise<boolean>,
  scope: PasswordScope = 'password',
): Promise<boolean> {
  const pair = await countRequest(db, pairKey(email, client, scope), now, PASSWORD_WINDOW_MS);
  if (pair.hits > PASSWORD_FAILURES_ALLOWED) throw tooManyRequests(secondsUntil(pair.resetsAt, now));
  // Only a try this address may make reaches the account's count, so a locked-out address cannot
  // push it up with tries that are refused anyway.
  const account = await countRequest(db, accountKey(email, scope), now, ACCOUNT_WINDOW_MS);
  if (account.hits > ACCOUNT_FAILURES_ALLOWED) throw tooManyRequests(secondsUntil(account.resetsAt, now));
  const right = await check();
  if (right) await Promise.all([uncountRequest(db, pairKey(email, client, scope)), uncountRequest(db, accountKey(email, scope))]);
  return right;
}

/** Forgets every wrong password counted for the account, from every address (after a reset). */
export async function forgetWrongPasswords(db: Database, email: string): Promise<void> {
  const key = accountKey(email);
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key} or starts_with(${rateLimitBuckets.key}, ${`${key}@`})`);
}
