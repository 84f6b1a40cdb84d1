// Whether a student may use a scholarship code on a course, and taking it: held by a pending payment,
// used when that payment succeeds (or at once for a 100 % code), a seat freed again by a refund.
//
// Exactly once, on one database or across many servers: every step that holds or uses a code first
// locks its scholarship's row (SELECT ... FOR UPDATE), then reads the code and the seats again and
// writes in the same transaction. Two checkouts for the last seat, or for one code, queue on that
// lock; the second reads what the first wrote and is refused. Reading the seats without the lock
// would let both count the same free seat (tests/api/scholarships-races.test.ts).
import { and, eq, gt, isNull, lte, ne, notExists, sql } from 'drizzle-orm';
import type { StudentRecord } from '#server/auth/sessions.ts';
import type { Database } from '#server/db/client.ts';
import { payments, scholarshipCodes, scholarshipCourses, scholarships } from '#server/db/schema.ts';
import { ApiError } from '#server/http/api-error.ts';
import {
  agesRefusal,
  CODE_NOT_VALID,
  CODE_USED,
  KYC_REQUIRED,
  NO_SEATS_LEFT,
  SCHOLARSHIP_CLOSED,
  statesRefusal,
  type ScholarshipMention,
} from '#lib/schemas/scholarships.ts';
import { scholarshipCodeHash } from './codes.ts';
import { partnerName } from './partners.ts';
import { scholarshipStatus, SEATS_TAKEN, type ScholarshipRow } from './scholarship-answers.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Transaction;
type CodeRow = typeof scholarshipCodes.$inferSelect;

/** How long a pending payment holds its code (and so its seat): then another student may use it. */
const CODE_HELD_MS = 30 * 60_000;

/** A refusal of a code: 400, the reason on the `code` field. */
export const codeRefusal = (message: string) => new ApiError(400, message, { fieldErrors: { code: [message] } });

export interface CodeTerms {
  codeId: string;
  scholarship: ScholarshipRow;
  priceKobo: number;
  /** Rounded down: a partial discount always leaves at least one kobo to pay. */
  discountKobo: number;
  totalKobo: number;
  mention: ScholarshipMention;
}

const discountOf = (priceKobo: number, percent: number) => Math.floor((priceKobo * percent) / 100);

/** Whole years from a KYC date of birth ('2001-04-17') to today in Lagos. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const today = new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);
  const [year, monthDay] = [Number(dateOfBirth.slice(0, 4)), dateOfBirth.slice(5)];
  return Number(today.slice(0, 4)) - year - (today.slice(5) < monthDay ? 1 : 0);
}

/** The student's own hold, or a hold that has run out, does not stand in the way. */
const heldByOther = (code: CodeRow, studentId: string, now: Date) =>
  code.heldBy !== null && code.heldBy !== studentId && code.heldUntil !== null && code.heldUntil > now;

/** Seats left for `codeId`: the seats less those taken and those held by other codes' pending payments. */
async function seatsLeftFor(db: Reader, scholarship: ScholarshipRow, codeId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({
      taken: SEATS_TAKEN,
      held: sql<number>`count(*) filter (where ${and(isNull(scholarshipCodes.usedAt), gt(scholarshipCodes.heldUntil, now), ne(scholarshipCodes.id, codeId))})::int`,
    })
    .from(scholarshipCodes)
    .where(eq(scholarshipCodes.scholarshipId, scholarship.id));
  return scholarship.seats - (row?.taken ?? 0) - (row?.held ?? 0);
}

async function findCode(db: Reader, code: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(scholarshipCodes)
    .where(eq(scholarshipCodes.codeHash, scholarshipCodeHash(code)));
  return row;
}

/**
 * The code's terms for this student and course, or the refusal (400 on `code`). With `tx`, the
 * scholarship's row is locked first and everything is read again under the lock: what checkout
 * takes. Without, a plain read: what a quote shows.
 */
export async function judgeCode(
  db: Reader,
  student: StudentRecord,
  course: { id: string; priceKobo: number },
  code: string,
  now: Date,
  locked = false,
): Promise<CodeTerms> {
  if (!student.kycCompletedAt || !student.dateOfBirth || !student.state) throw codeRefusal(KYC_REQUIRED);
  const first = await findCode(db, code);
  if (!first) throw codeRefusal(CODE_NOT_VALID);
  const lockedRow = locked
    ? (await db.select().from(scholarships).where(eq(scholarships.id, first.scholarshipId)).for('update'))[0]
    : undefined;
  const found = locked ? await findCode(db, code) : first;
  const [scholarship] = lockedRow ? [lockedRow] : await db.select().from(scholarships).where(eq(scholarships.id, first.scholarshipId));
  if (!found || !scholarship) throw codeRefusal(CODE_NOT_VALID);
  const [covers] = await db
    .select({ id: scholarshipCourses.courseId })
    .from(scholarshipCourses)
    .where(and(eq(scholarshipCourses.scholarshipId, scholarship.id), eq(scholarshipCourses.courseId, course.id)));
  if (!covers) throw codeRefusal(CODE_NOT_VALID);
  if (scholarshipStatus(scholarship, now) !== 'open') throw codeRefusal(SCHOLARSHIP_CLOSED);
  if (found.usedAt || heldByOther(found, student.id, now)) throw codeRefusal(CODE_USED);
  if (scholarship.minAge !== null && scholarship.maxAge !== null) {
    const age = ageOn(student.dateOfBirth, now);
    if (age < scholarship.minAge || age > scholarship.maxAge) throw codeRefusal(agesRefusal(scholarship.minAge, scholarship.maxAge));
  }
  if (scholarship.states.length > 0 && !scholarship.states.some((state) => state.toLowerCase() === student.state?.toLowerCase()))
    throw codeRefusal(statesRefusal(scholarship.states));
  if ((await seatsLeftFor(db, scholarship, found.id, now)) < 1) throw codeRefusal(NO_SEATS_LEFT);
  const discountKobo = discountOf(course.priceKobo, scholarship.discountPercent);
  return {
    codeId: found.id,
    scholarship,
    priceKobo: course.priceKobo,
    discountKobo,
    totalKobo: course.priceKobo - discountKobo,
    mention: { name: scholarship.name, partner: scholarship.partner, partner_name: await partnerName(scholarship.partner) },
  };
}

/** A pending payment's hold on the code, for 30 minutes (inside judgeCode's locked transaction). */
export async function holdCode(tx: Transaction, codeId: string, studentId: string, now: Date): Promise<void> {
  await tx
    .update(scholarshipCodes)
    .set({ heldBy: studentId, heldUntil: new Date(now.getTime() + CODE_HELD_MS) })
    .where(eq(scholarshipCodes.id, codeId));
}

/**
 * A payment that held the code has failed: only a pending payment holds a code and its seat
 * (docs/product.md), so the hold ends now rather than after its 30 minutes, unless another pending
 * payment of the student's still names the code, or a later checkout of theirs has held it again
 * (a hold ending after this payment's own 30 minutes is not this payment's). (A page only left,
 * Paystack's 'abandoned', may still be paid on: settle-payment.ts keeps its hold.)
 */
export async function releaseHold(db: Reader, codeId: string, studentId: string, paymentStartedAt: Date): Promise<void> {
  const stillPending = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.scholarshipCodeId, codeId), eq(payments.studentId, studentId), eq(payments.status, 'pending')));
  await db
    .update(scholarshipCodes)
    .set({ heldBy: null, heldUntil: null })
    .where(
      and(
        eq(scholarshipCodes.id, codeId),
        eq(scholarshipCodes.heldBy, studentId),
        lte(scholarshipCodes.heldUntil, new Date(paymentStartedAt.getTime() + CODE_HELD_MS)),
        isNull(scholarshipCodes.usedAt),
        notExists(stillPending),
      ),
    );
}

/** Uses the code up for the student: its seat is taken. */
export async function useCode(tx: Transaction, codeId: string, studentId: string, now: Date): Promise<void> {
  await tx
    .update(scholarshipCodes)
    .set({ usedAt: now, usedBy: studentId, heldBy: null, heldUntil: null })
    .where(and(eq(scholarshipCodes.id, codeId), isNull(scholarshipCodes.usedAt)));
}

/**
 * The payment a code discounted has succeeded: the code is used and its seat taken, unless, its
 * hold having run out, another student has used it or taken the last seat meanwhile (false: the
 * payment is then to refund). The price agreed at checkout stands even if the scholarship has closed since.
 */
export async function takeHeldCode(tx: Transaction, codeId: string, studentId: string, now: Date): Promise<boolean> {
  const [code] = await tx.select().from(scholarshipCodes).where(eq(scholarshipCodes.id, codeId));
  if (!code) return false;
  const [scholarship] = await tx.select().from(scholarships).where(eq(scholarships.id, code.scholarshipId)).for('update');
  const [fresh] = await tx.select().from(scholarshipCodes).where(eq(scholarshipCodes.id, codeId));
  if (!scholarship || !fresh || fresh.usedAt || heldByOther(fresh, studentId, now)) return false;
  if ((await seatsLeftFor(tx, scholarship, codeId, now)) < 1) return false;
  await useCode(tx, codeId, studentId, now);
  return true;
}

/**
 * A refunded payment gives its seat back; the code stays used. Only a code this student used (a
 * second payment never took one, and the code may have gone to somebody else since).
 */
export async function freeSeat(tx: Transaction, codeId: string, studentId: string, at: Date): Promise<void> {
  await tx
    .update(scholarshipCodes)
    .set({ seatFreedAt: at })
    .where(and(eq(scholarshipCodes.id, codeId), eq(scholarshipCodes.usedBy, studentId), isNull(scholarshipCodes.seatFreedAt)));
}
