// Work that must not be waited for. Forgot-password and resend-code answer the same words for every
// address; if they also made and mailed a code before answering, only when the address is real, the
// answer's time would tell which accounts exist (114 ms against 6 ms with SMTP). So the code is made
// and mailed here, after the answer: both kinds of address take the same path up to the answer. A
// mail server that is down is tried again; a final failure is logged by kind (the student can ask for
// another code a minute later).
//
// Why in memory and not in a database table drained by a worker: the message holds the code in clear,
// and codes are stored only hashed; a code mail lost in a crash costs the student one "Resend code".
import type { Logger } from '../log.ts';
import { MailUnavailableError, type Mailer, type OutgoingMail } from './mailer.ts';

/** Waits before the second, third and fourth try while the mail server cannot be reached. */
const RETRY_DELAYS_MS = [1_000, 10_000, 60_000];

const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/** Starts making the mail (a code is issued in `makeMail`) and sending it, and returns at once; never rejects. */
export function sendInBackground(services: { mailer: Mailer; log: Logger }, makeMail: () => Promise<OutgoingMail>): void {
  const { mailer, log } = services;
  // Not before the answer has left: the code's database write would otherwise queue before it.
  const sending = new Promise((resolve) => setImmediate(resolve)).then(makeMail).then(
    (mail) => deliver(mailer, log, mail),
    (error: unknown) => log.error('[mail] A code for a background mail could not be made', error),
  );
  const pending = inFlight.get(mailer) ?? new Set();
  inFlight.set(mailer, pending);
  pending.add(sending);
  void sending.finally(() => pending.delete(sending));
}

/** How many mails handed to `mailer` in the background are still being made, sent or retried (GET /metrics). */
export const backgroundMailPending = (mailer: Mailer): number => inFlight.get(mailer)?.size ?? 0;

/** Resolves when every mail handed to `mailer` in the background has been sent or given up (shutdown, tests). */
export async function backgroundMailSettled(mailer: Mailer): Promise<void> {
  await Promise.all([...(inFlight.get(mailer) ?? [])]);
}

async function deliver(mailer: Mailer, log: Logger, mail: OutgoingMail): Promise<void> {
  const what = `${mail.kind ?? 'background'} mail`;
  for (let attempt = 0; ; attempt++) {
    try {
      await mailer.send(mail);
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(error instanceof MailUnavailableError) || delay === undefined) {
        log.error(`[mail] ${what} could not be sent; the student can ask for another code`, error);
        return;
      }
      log.info(`[mail] ${what} not sent yet (mail server unavailable); trying again in ${delay / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
