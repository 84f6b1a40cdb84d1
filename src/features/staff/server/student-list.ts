// The console's students: paged newest first, searched by any part of a name, an e-mail address or
// a phone number (one column, search_text, with the trigram index students_search_trgm_idx; the
// list itself walks students_created_at_idx), and one student's page.
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  courseMaterials,
  courses,
  enrolments,
  materialProgress,
  payments,
  scholarshipCodes,
  scholarships,
  students,
} from '#server/db/schema.ts';
import { koboToDecimal } from '#lib/money.ts';
import { percentDone } from '#lib/percent-done.ts';
import { SCHOLARSHIP_TAG, scholarshipTag } from './payment-list.ts';

type Reader = Pick<Database, 'select'>;

/** `like` treats % _ and \ as patterns: a search is the text itself. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function searchFilter(search: string | undefined): SQL | undefined {
  const text = search?.toLowerCase();
  if (!text) return undefined;
  const matches: SQL[] = [sql`${students.searchText} like ${likeText(text)}`];
  // Phones are stored in the national form (0 + 10 digits): '+234 803 ...' finds '0803...'.
  const digits = text.replace(/\D/g, '').replace(/^234/, '0');
  if (digits.length >= 3 && digits !== text) matches.push(sql`${students.searchText} like ${likeText(digits)}`);
  return or(...matches);
}

export async function studentsPage(db: Reader, query: { page: number; per_page: number; search?: string | undefined }) {
  const where = searchFilter(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(students)
      .where(where)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(students).where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ studentId: enrolments.studentId, n: count() })
          .from(enrolments)
          .where(inArray(enrolments.studentId, ids))
          .groupBy(enrolments.studentId);
  const enrolled = new Map(counts.map((row) => [row.studentId, row.n]));
  const totalCount = total?.n ?? 0;
  return {
    students: rows.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone_number: row.phoneNumber,
      is_verified: row.verifiedAt !== null,
      kyc_completed: row.kycCompletedAt !== null,
      deactivated: row.deactivatedAt !== null,
      enrolments: enrolled.get(row.id) ?? 0,
      created_at: row.createdAt.toISOString(),
    })),
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.per_page),
  };
}

export async function findStudentById(db: Reader, id: string) {
  const [row] = await db.select().from(students).where(eq(students.id, id));
  return row ?? null;
}

/** Each enrolment of a student with its course, progress and how it was had (the payment's provider, or manual). */
export async function studentEnrolments(db: Reader, studentId: string) {
  const rows = await db
    .select({
      courseId: enrolments.courseId,
      title: courses.title,
      enrolledAt: enrolments.enrolledAt,
      source: sql<'paystack' | 'test' | 'manual' | 'scholarship'>`coalesce(${enrolments.source}, ${payments.provider}, 'manual')`,
      discountKobo: enrolments.discountKobo,
      ...SCHOLARSHIP_TAG,
    })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .leftJoin(payments, eq(payments.id, enrolments.paymentId))
    .leftJoin(scholarshipCodes, eq(scholarshipCodes.id, enrolments.scholarshipCodeId))
    .leftJoin(scholarships, eq(scholarships.id, scholarshipCodes.scholarshipId))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(enrolments.enrolledAt));
  const progress = await progressOf(
    db,
    rows.map((row) => row.courseId),
    [studentId],
  );
  return rows.map((row) => ({
    course_id: row.courseId,
    title: row.title,
    enrolled_at: row.enrolledAt.toISOString(),
    progress: progress(studentId, row.courseId),
    source: row.source,
    discount: koboToDecimal(row.discountKobo ?? 0),
    scholarship: scholarshipTag(row),
  }));
}

/**
 * Progress (percent of live materials ticked, the learning pages' rule) of these students in these
 * courses, in two grouped queries whatever their number.
 */
export async function progressOf(db: Reader, courseIds: readonly string[], studentIds?: readonly string[]) {
  if (courseIds.length === 0) return () => 0;
  const [live, done] = await Promise.all([
    db
      .select({ courseId: courseMaterials.courseId, n: count() })
      .from(courseMaterials)
      .where(and(inArray(courseMaterials.courseId, [...courseIds]), isNull(courseMaterials.retiredAt)))
      .groupBy(courseMaterials.courseId),
    db
      .select({ studentId: materialProgress.studentId, courseId: materialProgress.courseId, n: count() })
      .from(materialProgress)
      .innerJoin(
        courseMaterials,
        and(eq(courseMaterials.courseId, materialProgress.courseId), eq(courseMaterials.id, materialProgress.materialId)),
      )
      .where(
        and(
          inArray(materialProgress.courseId, [...courseIds]),
          studentIds ? inArray(materialProgress.studentId, [...studentIds]) : undefined,
          isNull(courseMaterials.retiredAt),
          sql`${materialProgress.completedAt} is not null`,
        ),
      )
      .groupBy(materialProgress.studentId, materialProgress.courseId),
  ]);
  const liveBy = new Map(live.map((row) => [row.courseId, row.n]));
  const doneBy = new Map(done.map((row) => [`${row.studentId}/${row.courseId}`, row.n]));
  return (studentId: string, courseId: string) => percentDone(doneBy.get(`${studentId}/${courseId}`) ?? 0, liveBy.get(courseId) ?? 0);
}
