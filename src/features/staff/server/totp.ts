// The second factor: TOTP as RFC 6238 with the authenticator apps' defaults (SHA-1, 6 digits,
// 30-second steps), by the otpauth library. A code is accepted for the step before and after the
// server's (a phone's clock a little off); which step it matched is returned, so the caller can
// refuse a step already used (see takeTotpStep in ./sign-in.ts).
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Adire Fashion Academy';
const PERIOD_SECONDS = 30;

function totp(secret: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new shared secret: 160 random bits from the CSPRNG (otpauth draws them with crypto.getRandomValues), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/...` URI the enrolment page draws as a QR code. */
export const otpauthUrl = (secret: string, email: string): string => totp(secret, email).toString();

/** The time step a right code matched (the one before, now's, or the one after), or null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
