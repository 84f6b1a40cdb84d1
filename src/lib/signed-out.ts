// Why a student is on the login page, said there in one line: whatever ended the session (the
// server refusing it, the 12-minute idle logout, a password change, a reset) leaves a note in this
// tab's sessionStorage, with the e-mail to prefill and, when a change of theirs (a material ticked)
// met the ended session, that call to send again once they are back in. The address stays out of
// the page's address (no personal data in URLs), and the note out of other tabs and other days.
import * as v from 'valibot';

const NOTE_KEY = 'adire.signed-out';

export const SIGNED_OUT_TEXT = {
  ended: 'Your session has ended. Log in again to carry on.',
  idle: 'You were logged out after 12 minutes without activity. Log in again to carry on.',
  password: 'Your password has been changed. Log in with your new password.',
  reset: 'Your password has been reset. Log in with your new password.',
} as const;
export const REPLAY_TEXT = 'What you were saving will be saved once you are back in.';

const ReplaySchema = v.object({
  method: v.picklist(['put', 'post', 'patch', 'delete']),
  path: v.pipe(v.string(), v.regex(/^user\//)),
  json: v.unknown(),
  /** Only the same student's call is sent again. */
  userId: v.string(),
});
export type Replay = v.InferOutput<typeof ReplaySchema>;

const NoteSchema = v.object({
  why: v.picklist(Object.keys(SIGNED_OUT_TEXT) as (keyof typeof SIGNED_OUT_TEXT)[]),
  email: v.optional(v.string()),
  replay: v.optional(ReplaySchema),
});
export type SignedOutNote = v.InferOutput<typeof NoteSchema>;

export function noteSignedOut(note: SignedOutNote) {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(NOTE_KEY, JSON.stringify(note));
}

/** The note as stored: a string, stable between reads, for React's external-store hook. */
export const storedSignedOutNote = (): string | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(NOTE_KEY));

/** A stored note, if it is one (an edited or older value is ignored). */
export function parseSignedOutNote(stored: string | null): SignedOutNote | null {
  try {
    const result = v.safeParse(NoteSchema, JSON.parse(stored ?? 'null'));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** The note, while the student has not signed in again (a reload of the login page keeps it). */
export const signedOutNote = () => parseSignedOutNote(storedSignedOutNote());

export function forgetSignedOutNote() {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(NOTE_KEY);
}
