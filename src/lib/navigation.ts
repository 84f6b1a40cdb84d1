// Where the browser goes: the login page with the way back (?next=), and the check that a way back
// stays on this site, so a crafted link cannot send someone elsewhere after they sign in.
export const LOGIN_PATH = '/auth/login';
export const SIGNUP_PATH = '/auth/signup';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';

/** A same-site path to return to, or null: it must start with one '/', and not lead back into /auth. */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\s\\]/.test(raw)) return null;
  if (raw === '/auth' || raw.startsWith('/auth/') || raw.startsWith('/auth?')) return null;
  return raw;
}

/** A page of the sign-in flow, with the way back when there is one. */
export function withNext(path: string, next?: string | null): string {
  const back = safeNext(next);
  return back ? `${path}?next=${encodeURIComponent(back)}` : path;
}

/** The login page, with the way back when there is one. */
export const loginUrl = (next?: string | null) => withNext(LOGIN_PATH, next);

/** The signup page, with the way back when there is one: it is carried through the code and KYC. */
export const signupUrl = (next?: string | null) => withNext(SIGNUP_PATH, next);

/** This page's path and query, the way back after signing in. */
export const currentPath = () => location.pathname + location.search;

/** The ?next= of this page, if it is safe. */
export const nextFromQuery = () => safeNext(new URLSearchParams(location.search).get('next'));

/** Goes to another page of the site; replace: true keeps the page left out of the history. */
export function go(path: string, { replace = false } = {}) {
  if (replace) location.replace(path);
  else location.assign(path);
}
