// Why a student is on the login page, said there in one line: whatever ended the session (the
// server refusing it, the 12-minute idle logout, a password change, a reset) leaves a note in this
// tab's sessionStorage, with the e-mail to prefill and, when a change of theirs (a material ticked)
// met the ended session, that call to send again once they are back in. The address stays out of
// the page's address (no personal data in URLs), and the note out of other tabs and other days.
// This is the side that writes the note, on every portal page; the login page reads it
// (./signed-out-note.ts), so its texts and checks stay off the pages that only write it.
export const NOTE_KEY = 'adire.signed-out';

/** Why the session ended: the login page says it in one line (SIGNED_OUT_TEXT, ./signed-out-note.ts). */
export type SignedOutReason = 'ended' | 'idle' | 'password' | 'reset';

export interface Replay {
  method: 'put' | 'post' | 'patch' | 'delete';
  /** Under the API's user/ routes only. */
  path: string;
  json: unknown;
  /** Only the same student's call is sent again. */
  userId: string;
}

export interface SignedOutNote {
  why: SignedOutReason;
  email?: string;
  replay?: Replay;
}

export function noteSignedOut(note: SignedOutNote) {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(NOTE_KEY, JSON.stringify(note));
}
