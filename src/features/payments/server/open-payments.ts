// A checkout opened twice for one course (two tabs, the Back button, a second tap on a slow phone,
// or all of them at the same moment on two servers) must not become two payments the student can
// both pay. The database holds at most one pending payment per student and course (the unique index
// payments_one_pending_key), so checkout never reads and then writes: it inserts, and when a pending
// payment is already there it answers that one, the same reference and the same page.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments, type PaymentProviderName } from '#server/db/schema.ts';
import { releaseHold } from '#server/scholarships/take-code.ts';

/** How long a provider's payment page is offered again; Paystack's stays usable for longer. */
const OPEN_PAYMENT_REUSED_MS = 30 * 60_000;
/**
 * A pending payment with no page yet is another checkout still asking the provider (its call is cut
 * at 15 s). One older than this never got its page (its server stopped halfway): it is given up.
 */
const STARTING_PAYMENT_MS = 60_000;
/** How long a checkout waits for another one's provider page before answering 503, and how often it looks. */
const WAIT_FOR_PAGE_MS = 20_000;
const LOOK_AGAIN_MS = 100;

/** Letters and digits a person can read back over the phone (no 0/O, 1/I). 32 of them: no bias from the modulo. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 'ADR-' and 16 characters from a CSPRNG: 80 bits, never guessed. */
const newReference = () => `ADR-${[...randomBytes(16)].map((byte) => REFERENCE_ALPHABET[byte % 32]).join('')}`;

interface PaymentRequest {
  studentId: string;
  courseId: string;
  amountKobo: number;
  provider: PaymentProviderName;
  /** A scholarship code's discount: the code it holds, and what it takes off the price. */
  scholarshipCodeId?: string | null;
  discountKobo?: number | null;
}

/**
 * What checkout does next: 'new', a payment this call made (it asks the provider for its page);
 * 'open', the pending payment already there, page and all; 'busy', another checkout's payment whose
 * page did not come in time.
 */
export type PaymentClaim =
  { kind: 'new'; id: string; reference: string } | { kind: 'open'; reference: string; authorizationUrl: string } | { kind: 'busy' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The student's one pending payment for the course: a new one, or the one already open when it is at
 * today's price, provider and scholarship code, and younger than half an hour. One that is not (its page is no longer
 * offered, the price changed, its start was cut off) is superseded: marked failed, 'superseded',
 * which verify still asks the provider about, so a page paid after all still settles.
 */
export async function claimPayment(db: Database, request: PaymentRequest, now: Date): Promise<PaymentClaim> {
  const giveUpAt = Date.now() + WAIT_FOR_PAGE_MS;
  while (Date.now() < giveUpAt) {
    const reference = newReference();
    const [inserted] = await db
      .insert(payments)
      .values({ ...request, reference, currency: 'NGN', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [payments.studentId, payments.courseId], where: sql`${payments.status} = 'pending'` })
      .returning({ id: payments.id });
    if (inserted) return { kind: 'new', id: inserted.id, reference };

    const [pending] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.studentId, request.studentId), eq(payments.courseId, request.courseId), eq(payments.status, 'pending')));
    // Settled or failed since the insert: try again.
    if (!pending) continue;
    const age = now.getTime() - pending.createdAt.getTime();
    const reusable =
      pending.amountKobo === request.amountKobo &&
      pending.provider === request.provider &&
      pending.scholarshipCodeId === (request.scholarshipCodeId ?? null) &&
      age < OPEN_PAYMENT_REUSED_MS;
    if (reusable && pending.authorizationUrl)
      return { kind: 'open', reference: pending.reference, authorizationUrl: pending.authorizationUrl };
    if (reusable && age < STARTING_PAYMENT_MS) {
      await sleep(LOOK_AGAIN_MS);
      continue;
    }
    const [superseded] = await db
      .update(payments)
      .set({ status: 'failed', failureReason: 'superseded', updatedAt: now })
      .where(and(eq(payments.id, pending.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    // Its code, when this checkout does not use it again, is no longer held (nor its seat).
    if (superseded && pending.scholarshipCodeId && pending.scholarshipCodeId !== (request.scholarshipCodeId ?? null))
      await releaseHold(db, pending.scholarshipCodeId, request.studentId, pending.createdAt);
  }
  return { kind: 'busy' };
}
