// The console's front page: counts a member checks every morning, each a link to its list.
import { and, asc, count, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import { koboToDecimal } from '#lib/money.ts';
import type { Database } from '#server/db/client.ts';
import { contactMessages, enrolments, payments, scholarshipCodes, scholarships, students } from '#server/db/schema.ts';
import { SEATS_TAKEN } from '#server/scholarships/scholarship-answers.ts';

const DAY_MS = 24 * 60 * 60_000;

export async function staffSummary(db: Database, now: Date) {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [[all], [week], [month], [revenue], [received], [open], [refund], seats] = await Promise.all([
    db.select({ n: count() }).from(students),
    db
      .select({ n: count() })
      .from(enrolments)
      .where(gte(enrolments.enrolledAt, since(7))),
    db
      .select({ n: count() })
      .from(enrolments)
      .where(gte(enrolments.enrolledAt, since(30))),
    // Money that stayed: successful payments paid in the 30 days (refunded ones are no longer
    // 'success'), less those to give back (a second payment for a course already owned).
    db
      .select({ kobo: sql<string>`coalesce(sum(${payments.amountKobo}), 0)` })
      .from(payments)
      .where(and(eq(payments.status, 'success'), eq(payments.needsRefund, false), gte(payments.paidAt, since(30)))),
    // And money taken by hand (bank transfer, cash) for the manual enrolments of the 30 days.
    db
      .select({ kobo: sql<string>`coalesce(sum(${enrolments.amountReceivedKobo}), 0)` })
      .from(enrolments)
      .where(and(eq(enrolments.source, 'manual'), gte(enrolments.enrolledAt, since(30)))),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'open')),
    db
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.status, 'success'), eq(payments.needsRefund, true))),
    // The open scholarships' seats: in their window, not closed early.
    db
      .select({
        id: scholarships.id,
        name: scholarships.name,
        partner: scholarships.partner,
        seats: scholarships.seats,
        seats_taken: SEATS_TAKEN,
      })
      .from(scholarships)
      .leftJoin(scholarshipCodes, eq(scholarshipCodes.scholarshipId, scholarships.id))
      .where(and(isNull(scholarships.closedAt), lte(scholarships.startsAt, now), gt(scholarships.endsAt, now)))
      .groupBy(scholarships.id)
      .orderBy(asc(scholarships.endsAt), asc(scholarships.id)),
  ]);
  return {
    students: all?.n ?? 0,
    enrolments_7d: week?.n ?? 0,
    enrolments_30d: month?.n ?? 0,
    revenue_30d: koboToDecimal(Number(revenue?.kobo ?? 0) + Number(received?.kobo ?? 0)),
    open_requests: open?.n ?? 0,
    needs_refund: refund?.n ?? 0,
    scholarships: seats,
  };
}
