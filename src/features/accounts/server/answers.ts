// What the account routes answer, and the rules every one of them follows: the messages, the
// per-address rate limit, no caching of answers that carry a person's data or a token, and the
// wrong-code refusal under its field.
import type { Context } from 'hono';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { rateLimit, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { INVALID_CODE } from '../schemas.ts';

export const MESSAGES = {
  signedUp: 'Account created. We have sent a 6-digit code to your e-mail address.',
  codeResent: 'If that address is waiting to be verified, a new code is on its way.',
  verified: 'Your e-mail address is verified.',
  kycSaved: 'Your details have been saved.',
  loggedIn: 'Welcome back!',
  loggedOut: 'You have been logged out.',
  resetSent: 'If an account uses that address, a password reset code is on its way.',
  codeValid: 'The code is valid.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  unverified: 'Please verify your email address',
  invalidLink: 'This link has been used or has expired',
} as const;

/** Per client address, generous: a Nigerian carrier puts many phones behind one address. */
const ACCOUNT_IP_LIMIT: RateLimitPolicy = { limit: 100, windowMs: 10 * 60_000 };

/** The rate limit of one account route (its own bucket per client address). */
export const accountRateLimit = (services: ApiServices, rule: string) => rateLimit(services, rule, ACCOUNT_IP_LIMIT);

/** Answers carrying a person's data or a token are never kept by a cache. */
export function noStore(c: Context) {
  c.header('cache-control', 'no-store');
}

export const invalidCode = (field: string) => new ApiError(400, INVALID_CODE, { fieldErrors: { [field]: [INVALID_CODE] } });

export const invalidLink = () => new ApiError(400, MESSAGES.invalidLink, { fieldErrors: { token: [MESSAGES.invalidLink] } });
