// Where the browser goes: the login page with the way back (?next=), and the check that a way back
// stays on this site, so a crafted link cannot send someone elsewhere after they sign in.
export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/dashboard';

/** A same-site path to return to, or null: it must start with one '/', and not lead back into /auth. */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\s\\]/.test(raw)) return null;
  if (raw === '/auth' || raw.startsWith('/auth/') || raw.startsWith('/auth?')) return null;
  return raw;
}

/** The login page, with the way back when there is one. */
export function loginUrl(next?: string | null): string {
  const back = safeNext(next);
  return back ? `${LOGIN_PATH}?next=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/** This page's path and query, the way back after signing in. */
export const currentPath = () => location.pathname + location.search;

/** The ?next= of this page, if it is safe. */
export const nextFromQuery = () => safeNext(new URLSearchParams(location.search).get('next'));

/** Goes to another page of the site; replace: true keeps the page left out of the history. */
export function go(path: string, { replace = false } = {}) {
  if (replace) location.replace(path);
  else location.assign(path);
}
