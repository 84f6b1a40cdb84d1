// The signed-in session, shared by every island and the header script, kept in localStorage so
// it survives reloads and tabs. The accounts feature writes it; everything else only reads it.
// Only this store writes it, with the answer of a sign-in or of the profile; what comes back from
// storage is checked for what the pages read of it (the token, the user's name, address and
// states), and a stored value that an older release wrote, or that someone edited, without them is
// dropped rather than trusted. Checked by hand, not with the answer's schema: every page reads the
// session as it opens, and valibot would be 3.4 KB gzip more on each (docs/architecture.md,
// Budgets); every signed-in page fetches the user again at once (profile/signed-in-user.ts).
import { atom } from 'nanostores';
import type { SignedIn, User } from './schemas/user.ts';
import { SESSION_EVENT, SESSION_KEY } from './session-key.ts';

export type Session = SignedIn;

const TEXTS = ['id', 'first_name', 'last_name', 'email'] as const;
const FLAGS = ['is_verified', 'kyc_completed'] as const;

/** A stored session the pages can read: a token, and a user with the texts and states they show. */
function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const { token, user } = value as { token?: unknown; user?: Record<string, unknown> | null };
  return (
    typeof token === 'string' &&
    token !== '' &&
    typeof user === 'object' &&
    user !== null &&
    TEXTS.every((key) => typeof user[key] === 'string') &&
    FLAGS.every((key) => typeof user[key] === 'boolean')
  );
}

function readStored(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    return isSession(stored) ? stored : null;
  } catch {
    return null;
  }
}

export const $session = atom<Session | null>(readStored());

/** The student the service worker was last told about from this tab (see the listener below). */
let offlineStudent: string | null = $session.get()?.user.id ?? null;
/** That telling: settled once the worker's store holds it (it never fails: student.ts). */
let offlineStudentTold: Promise<void> = Promise.resolve();

/** How long a page that is about to leave waits for the telling; a store that hangs must not hold the student. */
const TELLING_WAIT_MS = 2000;

/**
 * Settles once the service worker's store knows who is signed in now (or after 2 s). A page that
 * leaves right after a sign-in or a logout waits for it: the telling loads its module first, and
 * leaving the page cancels that, so the worker would go on serving the saved files of the student
 * before (after a logout, to whoever uses the phone) until the next page is idle.
 */
export const offlineStudentWritten = (): Promise<void> =>
  Promise.race([offlineStudentTold, new Promise<void>((resolve) => setTimeout(resolve, TELLING_WAIT_MS))]);

$session.listen((session) => {
  if (typeof localStorage === 'undefined') return;
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  // Saved course files are served only to the student signed in (docs/product.md#offline-study):
  // written when that changes (a sign-in, any logout), not at every refresh of the profile.
  const student = session?.user.id ?? null;
  if (student !== offlineStudent) {
    offlineStudent = student;
    offlineStudentTold = import('./offline/student.ts').then(
      ({ setOfflineStudent }) => setOfflineStudent(student),
      () => undefined,
    );
  }
  document.documentElement.dataset.auth = session ? 'user' : 'visitor';
  window.dispatchEvent(new Event(SESSION_EVENT));
});

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) $session.set(readStored());
  });
}

export function setSession(session: Session | null) {
  $session.set(session);
}

/** Replaces the signed-in user (after KYC or a profile save), keeping the token. */
export function updateSessionUser(user: User) {
  const session = $session.get();
  if (session) $session.set({ ...session, user });
}

/** Initials for an avatar without a picture: 'Ada Obi' -> 'AO'. */
export function initialsOf(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [user.first_name, user.last_name].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}
