// The signed-in session, shared by every island and the header script, kept in localStorage so
// it survives reloads and tabs. The accounts feature writes it; everything else only reads it.
import { atom } from 'nanostores';

export const SESSION_KEY = 'adire.session';

export interface SessionUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  image_url: string | null;
  [key: string]: unknown;
}

export interface Session {
  token: string;
  user: SessionUser;
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const { token, user } = value as Partial<Session>;
  return typeof token === 'string' && token.length > 0 && !!user && typeof user === 'object' && typeof user.email === 'string';
}

function readStored(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null');
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const $session = atom<Session | null>(readStored());

$session.listen((session) => {
  if (typeof localStorage === 'undefined') return;
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  document.documentElement.dataset.auth = session ? 'user' : 'visitor';
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

/** Initials for an avatar without a picture: 'Ada Obi' -> 'AO'. */
export function initialsOf(user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [user.first_name, user.last_name].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}
