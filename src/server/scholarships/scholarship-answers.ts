// A scholarship as the staff answers give it (its terms, its courses, its seats taken and codes
// made), and as the course page mentions it.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { scholarshipCodes, scholarshipCourses, scholarships } from '#server/db/schema.ts';
import type { Scholarship, ScholarshipMention } from '#lib/schemas/scholarships.ts';
import { projectPartners } from './partners.ts';

export type ScholarshipRow = typeof scholarships.$inferSelect;

/** 'closed' once closed early or past its end, 'scheduled' before its start, else 'open'. */
export const scholarshipStatus = (row: Pick<ScholarshipRow, 'closedAt' | 'startsAt' | 'endsAt'>, now: Date) =>
  row.closedAt || now >= row.endsAt ? ('closed' as const) : now < row.startsAt ? ('scheduled' as const) : ('open' as const);

/** Seats held by enrolments (a code used, its payment not refunded), per scholarship. */
export const SEATS_TAKEN = sql<number>`count(*) filter (where ${scholarshipCodes.usedAt} is not null and ${scholarshipCodes.seatFreedAt} is null)::int`;

export async function toScholarships(db: Database, rows: ScholarshipRow[], now: Date): Promise<Scholarship[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [counts, courses, partners] = await Promise.all([
    db
      .select({ id: scholarshipCodes.scholarshipId, taken: SEATS_TAKEN, issued: sql<number>`count(*)::int` })
      .from(scholarshipCodes)
      .where(inArray(scholarshipCodes.scholarshipId, ids))
      .groupBy(scholarshipCodes.scholarshipId),
    db.select().from(scholarshipCourses).where(inArray(scholarshipCourses.scholarshipId, ids)).orderBy(asc(scholarshipCourses.courseId)),
    projectPartners(),
  ]);
  return rows.map((row) => {
    const count = counts.find((entry) => entry.id === row.id);
    return {
      id: row.id,
      name: row.name,
      partner: row.partner,
      partner_name: partners.get(row.partner)?.name ?? row.partner,
      course_ids: courses.filter((entry) => entry.scholarshipId === row.id).map((entry) => entry.courseId),
      discount_percent: row.discountPercent,
      seats: row.seats,
      seats_taken: count?.taken ?? 0,
      codes_issued: count?.issued ?? 0,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      min_age: row.minAge,
      max_age: row.maxAge,
      states: row.states,
      status: scholarshipStatus(row, now),
      closed_at: row.closedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

/**
 * What the course page says of a scholarship: the open one (in its window, not closed) on this
 * course with a seat left, seats held by pending payments counted as taken; the one ending soonest
 * when there are several. Read on each call, so a change shows at once.
 */
export async function openScholarshipFor(db: Database, courseId: string, now: Date): Promise<ScholarshipMention | null> {
  const held = sql`(${scholarshipCodes.usedAt} is null and ${scholarshipCodes.heldUntil} > ${now.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({ name: scholarships.name, partner: scholarships.partner })
    .from(scholarships)
    .innerJoin(scholarshipCourses, and(eq(scholarshipCourses.scholarshipId, scholarships.id), eq(scholarshipCourses.courseId, courseId)))
    .leftJoin(scholarshipCodes, eq(scholarshipCodes.scholarshipId, scholarships.id))
    .where(and(isNull(scholarships.closedAt), lte(scholarships.startsAt, now), gt(scholarships.endsAt, now)))
    .groupBy(scholarships.id)
    .having(sql`${SEATS_TAKEN} + count(*) filter (where ${held}) < ${scholarships.seats}`)
    .orderBy(asc(scholarships.endsAt), asc(scholarships.id))
    .limit(1);
  if (!row) return null;
  return { name: row.name, partner: row.partner, partner_name: (await projectPartners()).get(row.partner)?.name ?? row.partner };
}
