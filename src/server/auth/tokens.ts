// Secrets handed to a person (session tokens, one-time codes) come from the operating system's
// CSPRNG and are kept only as hashes, so a copy of the database signs nobody in.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A code of `digits` decimal digits, each equally likely (randomInt rejects biased draws). */
export function newNumericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** SHA-256, hex. Enough for a 256-bit token; codes add a per-record salt (see hashCode). */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A one-time code has only a million values, so its hash is salted with what it belongs to: one
 * precomputed table cannot read every code of a copied database at once.
 */
export function hashCode(code: string, owner: string, purpose: string): string {
  return sha256(`${purpose}:${owner}:${code}`);
}

/** Compares two secrets or digests in constant time; an empty one never matches. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
