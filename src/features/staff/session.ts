// The staff member signed in on this browser: its own store under its own key, never the student
// session (docs/decisions/017). A student signed in on the same browser keeps their session, and
// nothing the student pages read ever holds a staff token.
import { atom } from 'nanostores';
import * as v from 'valibot';
import { StaffSignedInSchema } from './schemas.ts';

const STAFF_SESSION_KEY = 'adire.staff-session';
const STAFF_LOGIN_PATH = '/staff/login';
/** The server ends a staff session 15 minutes after its last call; the page leaves after as long without a touch. */
export const STAFF_IDLE_MS = 15 * 60_000;

export type StaffSession = v.InferOutput<typeof StaffSignedInSchema>;

function readStored(): StaffSession | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed = v.safeParse(StaffSignedInSchema, JSON.parse(localStorage.getItem(STAFF_SESSION_KEY) ?? 'null'));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const $staffSession = atom<StaffSession | null>(readStored());

/** Lesson uploads under way on this page: a long upload is work, so the idle sign-out waits for it (console.ts). */
export const $uploadsUnderWay = atom(0);

$staffSession.listen((session) => {
  if (session) localStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(STAFF_SESSION_KEY);
});

if (typeof window !== 'undefined') {
  // Signed out in another tab: this one follows.
  window.addEventListener('storage', (event) => {
    if (event.key === STAFF_SESSION_KEY) $staffSession.set(readStored());
  });
}

/** Forgets the session and goes to the staff login, coming back here afterwards. */
export function leaveForLogin(why: 'ended' | 'idle' | 'out' = 'ended') {
  $staffSession.set(null);
  const here = location.pathname + location.search;
  const next = location.pathname.startsWith(STAFF_LOGIN_PATH) || why === 'out' ? '' : `&next=${encodeURIComponent(here)}`;
  location.assign(`${STAFF_LOGIN_PATH}?why=${why}${next}`);
}

/** Where to go after signing in: a staff page named by ?next=, else the summary. */
export function staffNext(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/staff(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/staff';
}
