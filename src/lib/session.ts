// The signed-in session, shared by every island and the header script, kept in localStorage so
// it survives reloads and tabs. The accounts feature writes it; everything else only reads it.
// What comes back from storage is parsed with the same schema as the API's answer: a stored value
// that an older release wrote, or that someone edited, is dropped rather than trusted.
import { atom } from 'nanostores';
import * as v from 'valibot';
import { SignedInSchema, type User } from './schemas/user.ts';
import { SESSION_EVENT, SESSION_KEY } from './session-key.ts';

export type Session = v.InferOutput<typeof SignedInSchema>;

function readStored(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const result = v.safeParse(SignedInSchema, JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null'));
    return result.success && result.output.token ? result.output : null;
  } catch {
    return null;
  }
}

export const $session = atom<Session | null>(readStored());

/** The student the service worker was last told about from this tab (see the listener below). */
let offlineStudent: string | null = $session.get()?.user.id ?? null;

$session.listen((session) => {
  if (typeof localStorage === 'undefined') return;
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  // Saved course files are served only to the student signed in (docs/product.md#offline-study):
  // written when that changes (a sign-in, any logout), not at every refresh of the profile.
  const student = session?.user.id ?? null;
  if (student !== offlineStudent) {
    offlineStudent = student;
    void import('./offline/student.ts').then(({ setOfflineStudent }) => setOfflineStudent(student));
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
