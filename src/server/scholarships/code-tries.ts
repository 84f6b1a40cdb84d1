// Scholarship codes are 50 bits, but a quote answers at once whether a guess is a code: each try is
// counted like a password (#server/auth/password-tries.ts, scope 'scholarship-code'), per account
// and address and per account from anywhere, plus a ceiling per client address across accounts, for
// someone guessing with many accounts. A try that turns out right is taken off every count; a
// refused one (any reason) stays counted. docs/product.md, 'Scholarships and discount codes'.
import type { Context } from 'hono';
import { tryPassword } from '#server/auth/password-tries.ts';
import { countRequest, uncountRequest } from '#server/db/rate-limit-buckets.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { secondsUntil, tooManyRequests } from '#server/http/rate-limit.ts';

/** Refused codes per client address, whoever is signed in: a carrier's address carries many students. */
export const CODE_TRIES_PER_ADDRESS = 50;
const ADDRESS_WINDOW_MS = 15 * 60_000;

/**
 * Runs `work` (judging, or taking, the code) unless a limit is spent (429 with Retry-After, without
 * judging). A refusal (400) is counted and thrown; anything else `work` throws is not a guess's answer
 * and is thrown as it is.
 */
export async function tryCode<T>(services: ApiServices, c: Context, studentId: string, work: () => Promise<T>): Promise<T> {
  const { db, env } = services;
  const now = services.clock();
  const client = clientAddress(c, env);
  const addressKey = `scholarship-code@${client}`;
  const address = await countRequest(db, addressKey, now, ADDRESS_WINDOW_MS);
  if (address.hits > CODE_TRIES_PER_ADDRESS) throw tooManyRequests(secondsUntil(address.resetsAt, now));
  let outcome: { value: T } | { refusal: ApiError } | undefined;
  const right = await tryPassword(
    db,
    studentId,
    client,
    now,
    async () => {
      try {
        outcome = { value: await work() };
        return true;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        outcome = { refusal: error };
        return false;
      }
    },
    'scholarship-code',
  );
  if (right) await uncountRequest(db, addressKey);
  if (!outcome) throw new Error('The code was not judged');
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}
