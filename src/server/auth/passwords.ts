// Password storage: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), and a
// refusal of passwords found in a list of ~49,000 common ones.
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from '#server/http/api-error.ts';

// @node-rs/argon2's Algorithm is an ambient const enum that `astro check` cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Hashed once, lazily: checking a password against it costs what checking a real one costs, so an
// unknown e-mail answers in the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `stored`; without a stored hash the same work is done and false returned. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

let common: Set<string> | undefined;

/** True when the password, in any letter case, is one of the common passwords of zxcvbn-ts's list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

/** Refuses (400, under the field) a password from the common list. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new ApiError(400, COMMON_PASSWORD_MESSAGE, { fieldErrors: { [field]: [COMMON_PASSWORD_MESSAGE] } });
}
