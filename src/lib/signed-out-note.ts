// The note a signed-out student finds on the login page (./signed-out.ts writes it): its texts, and
// reading it back, checked, since sessionStorage may hold an edited or older value.
import { NOTE_KEY, type Replay, type SignedOutNote, type SignedOutReason } from './signed-out.ts';

export const SIGNED_OUT_TEXT = {
  ended: 'Your session has ended. Log in again to carry on.',
  idle: 'You were logged out after 12 minutes without activity. Log in again to carry on.',
  password: 'Your password has been changed. Log in with your new password.',
  reset: 'Your password has been reset. Log in with your new password.',
} as const satisfies Record<SignedOutReason, string>;
export const REPLAY_TEXT = 'What you were saving will be saved once you are back in.';

// Checked by hand, not with a schema: this module is on every portal page, and a few hundred bytes count there.
const isReplay = (value: unknown): value is Replay => {
  const replay = value as Partial<Replay> | null;
  return (
    typeof replay === 'object' &&
    replay !== null &&
    ['put', 'post', 'patch', 'delete'].includes(replay.method as string) &&
    typeof replay.path === 'string' &&
    replay.path.startsWith('user/') &&
    typeof replay.userId === 'string'
  );
};

const isNote = (value: unknown): value is SignedOutNote => {
  const note = value as Partial<SignedOutNote> | null;
  return (
    typeof note === 'object' &&
    note !== null &&
    typeof note.why === 'string' &&
    Object.hasOwn(SIGNED_OUT_TEXT, note.why) &&
    (note.email === undefined || typeof note.email === 'string') &&
    (note.replay === undefined || isReplay(note.replay))
  );
};

/** The note as stored: a string, stable between reads, for React's external-store hook. */
export const storedSignedOutNote = (): string | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(NOTE_KEY));

/** A stored note, if it is one (an edited or older value is ignored). */
export function parseSignedOutNote(stored: string | null): SignedOutNote | null {
  try {
    const note: unknown = JSON.parse(stored ?? 'null');
    return isNote(note) ? note : null;
  } catch {
    return null;
  }
}

/** The note, while the student has not signed in again (a reload of the login page keeps it). */
export const signedOutNote = () => parseSignedOutNote(storedSignedOutNote());

export function forgetSignedOutNote() {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(NOTE_KEY);
}
