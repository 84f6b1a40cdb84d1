// The accounts feature's state and actions. Islands render and call these; the actions talk to the
// API, keep the session store, remember where a code went and when ('OTP time sent',
// docs/product.md#data), and send the browser to the next page of the flow
// (docs/product.md#auth-flows).
import { isApiError } from '#lib/errors.ts';
import { DASHBOARD_PATH, go, nextFromQuery, safeNext, withNext } from '#lib/navigation.ts';
import type { User } from '#lib/schemas/user.ts';
import { replayCall } from '#lib/http.ts';
import { offlineStudentWritten, setSession, updateSessionUser, type Session } from '#lib/session.ts';
import { noteSignedOut } from '#lib/signed-out.ts';
import { forgetSignedOutNote, signedOutNote } from '#lib/signed-out-note.ts';
import type * as v from 'valibot';
import { accountsApi } from './api.ts';
import { AUTH_PATHS } from './paths.ts';
import { forgetCode, rememberCode, type CodeFlow } from './sent-codes.ts';
import type { kycSchema, LoginSchema, ResetPasswordSchema, SignupSchema } from './schemas.ts';

type Out<S extends v.GenericSchema> = v.InferOutput<S>;

const WAY_BACK_KEY = 'adire.way-back';

/**
 * Where a new student was going when they signed up (the checkout of a course), kept in the
 * browser as well as in each page's ?next= until KYC is done: the code's e-mail link opens a page
 * that has no ?next= of its own.
 */
function rememberWayBack(next: string | null) {
  if (typeof localStorage === 'undefined') return;
  if (next) localStorage.setItem(WAY_BACK_KEY, next);
  else localStorage.removeItem(WAY_BACK_KEY);
}

/** This page's ?next=, else the way back remembered at signup. */
function wayBack(): string | null {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(WAY_BACK_KEY);
  return nextFromQuery() ?? safeNext(stored);
}

/** Where a signed-in student goes: back where they were going, else KYC until it is done, else the dashboard. */
function afterSignIn(user: User, next: string | null) {
  return next ?? (user.kyc_completed ? DASHBOARD_PATH : AUTH_PATHS.kyc);
}

const CLAIM_KEY = 'adire.signup-claim';

/**
 * The claim token of this browser's sign-up: sent with the code, it gives the account this sign-up's
 * details even if a stranger signed up for the address first (the server's claims.ts).
 */
function rememberClaim(email: string, claim: string | null) {
  if (typeof localStorage === 'undefined') return;
  if (claim) localStorage.setItem(CLAIM_KEY, JSON.stringify({ email, claim }));
  else localStorage.removeItem(CLAIM_KEY);
}

function claimFor(email: string): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(CLAIM_KEY) ?? 'null') as { email?: unknown; claim?: unknown } | null;
    return stored?.email === email && typeof stored.claim === 'string' ? stored.claim : undefined;
  } catch {
    return undefined;
  }
}

export async function signUp(input: Out<typeof SignupSchema>, next: string | null = null) {
  // The way back rides in the mail's link too, for a student who opens it in another browser.
  const back = safeNext(next);
  const { data } = await accountsApi.signUp({ ...input, ...(back ? { next: back } : {}) });
  rememberClaim(data.email, data.claim);
  rememberCode('verify', data.email);
  rememberWayBack(next);
  go(withNext(AUTH_PATHS.verify, next));
}

export async function resendCode(purpose: CodeFlow, email: string) {
  if (purpose === 'verify') await accountsApi.resendCode(email);
  else await accountsApi.forgotPassword(email);
  rememberCode(purpose, email);
}

/** After the code, KYC comes first, then where the student was going (docs/product.md#auth-flows). */
export async function verifyAccount(email: string, otp: string, next: string | null = wayBack()) {
  const { data } = await accountsApi.verifyAccount(email, otp, claimFor(email));
  verified(data, next);
}

/** The e-mail link's page: the link's token and the account's password; then on as after the code. */
export async function verifyEmailLink(email: string, token: string, password: string, next: string | null = wayBack()) {
  const { data } = await accountsApi.verifyEmailLink(email, token, password);
  verified(data, next);
}

function verified(data: { token: string; user: User }, next: string | null) {
  setSession(data);
  carryOnVerified(data.user, next);
}

let carriedOn = false;

/** Leaves the code page for the step after a verified address, once (the session's change comes back here too). */
function carryOnVerified(user: User, next: string | null) {
  if (carriedOn) return;
  carriedOn = true;
  forgetCode('verify');
  rememberClaim(user.email, null);
  go(user.kyc_completed ? (next ?? DASHBOARD_PATH) : withNext(AUTH_PATHS.kyc, next), { replace: true });
}

/**
 * The code page, when the session says `email` is verified and signed in: the e-mail's link was
 * followed in another tab (the session store follows other tabs), or the student is signed in with
 * it already. It carries on as after the code, instead of still asking for one.
 */
export function carryOnIfVerified(session: Session | null, email: string | null) {
  const user = session?.user;
  if (!user?.is_verified || !email || user.email.toLowerCase() !== email.toLowerCase()) return;
  carryOnVerified(user, wayBack());
}

export async function completeKyc(input: Out<ReturnType<typeof kycSchema>>, next: string | null = wayBack()) {
  const { data } = await accountsApi.completeKyc(input);
  updateSessionUser(data);
  rememberWayBack(null);
  go(withNext(AUTH_PATHS.signedUp, next));
}

export async function logIn(input: Out<typeof LoginSchema>, next: string | null = null) {
  try {
    const { data } = await accountsApi.logIn(input);
    setSession(data);
    // Back in: the change that met the ended session goes now, if it was this student's.
    const replay = signedOutNote()?.replay;
    forgetSignedOutNote();
    if (replay?.userId === data.user.id) await replayCall(replay);
    // The service worker serves this student's saved files from the next page on.
    await offlineStudentWritten();
    go(afterSignIn(data.user, next), { replace: true });
  } catch (error) {
    // Not verified yet: the server has sent a new code; enter it on the code page.
    if (isApiError(error) && error.status === 403) {
      rememberCode('verify', input.email);
      rememberWayBack(next);
      go(withNext(AUTH_PATHS.verify, next));
    }
    throw error;
  }
}

export async function forgotPassword(email: string) {
  await accountsApi.forgotPassword(email);
  rememberCode('reset', email);
  go(AUTH_PATHS.reset);
}

export async function resetPassword(input: Out<typeof ResetPasswordSchema>) {
  await accountsApi.resetPassword(input);
  forgetCode('reset');
  noteSignedOut({ why: 'reset', email: input.email });
  // Every session of the account has ended on the server; this one too.
  setSession(null);
  go(AUTH_PATHS.resetDone, { replace: true });
}
