// Where this browser sent a code and when ('OTP time sent', docs/product.md#data), per flow, kept in
// localStorage across reloads. Apart from the accounts stores (which call the API) so that the code
// pages' load script (code-page-at-load.ts) shows the address and the resend countdown without them.
import { atom } from 'nanostores';

/** The server sends at most one code a minute to an address (docs/product.md#limits-and-timings). */
export const RESEND_AFTER_MS = 60_000;

/** The flow a code belongs to: confirming the e-mail address, or resetting the password (the server's CodePurpose). */
export type CodeFlow = 'verify' | 'reset';
export interface SentCode {
  email: string;
  /** Epoch ms: when the last code for this purpose was asked for. */
  at: number;
}
type SentCodes = Partial<Record<CodeFlow, SentCode>>;

const CODES_KEY = 'adire.otp-time-sent';

function readCodes(): SentCodes {
  if (typeof localStorage === 'undefined') return {};
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CODES_KEY) ?? '{}');
    const codes: SentCodes = {};
    for (const purpose of ['verify', 'reset'] as const) {
      const entry = (stored as Record<string, Partial<SentCode> | undefined>)?.[purpose];
      if (typeof entry?.email === 'string' && typeof entry.at === 'number') codes[purpose] = { email: entry.email, at: entry.at };
    }
    return codes;
  } catch {
    return {};
  }
}

/** The OTP verification e-mail and the OTP time sent, per purpose, kept across reloads. */
export const $sentCodes = atom<SentCodes>(readCodes());
$sentCodes.listen((codes) => {
  if (typeof localStorage !== 'undefined') localStorage.setItem(CODES_KEY, JSON.stringify(codes));
});

export function rememberCode(purpose: CodeFlow, email: string, at = Date.now()) {
  $sentCodes.set({ ...$sentCodes.get(), [purpose]: { email, at } });
}

/** The address a code for this purpose went to, when it is the one the page is about. */
export function rememberedEmail(purpose: CodeFlow): string | null {
  return $sentCodes.get()[purpose]?.email ?? null;
}

/** An address to verify, without claiming a code went there just now (e.g. from the mail's link). */
export function rememberEmail(purpose: CodeFlow, email: string) {
  const sent = $sentCodes.get()[purpose];
  if (sent?.email === email) return;
  rememberCode(purpose, email, 0);
}

export function forgetCode(purpose: CodeFlow) {
  const { [purpose]: _done, ...rest } = $sentCodes.get();
  $sentCodes.set(rest);
}

/** Whole seconds until another code may be asked for this address, 0 when it may be now. */
export function secondsUntilResend(sent: SentCode | undefined, email: string, now = Date.now()): number {
  if (!sent || sent.email !== email) return 0;
  return Math.max(0, Math.ceil((sent.at + RESEND_AFTER_MS - now) / 1000));
}
