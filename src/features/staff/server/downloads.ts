// The console's CSV downloads: a course's enrolments and the newsletter's subscribers, with the
// formula-safe rules of the admin command's report (enrolment-report.ts).
import { asc, eq } from 'drizzle-orm';
import { koboToDecimal } from '#lib/money.ts';
import type { Database } from '#server/db/client.ts';
import { courses, enrolments, newsletterSubscriptions, payments, students } from '#server/db/schema.ts';
import { csvTable } from '#lib/csv.ts';
import { progressOf } from './student-list.ts';

const ENROLMENT_COLUMNS = ['student', 'email', 'phone', 'course', 'source', 'amount', 'enrolled_at', 'progress'] as const;

/** One row per enrolment in the course, oldest first; null when no course has this id. */
export async function courseEnrolmentsCsv(db: Database, courseId: string): Promise<string | null> {
  const [course] = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const rows = await db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      phone: students.phoneNumber,
      source: enrolments.source,
      provider: payments.provider,
      paidKobo: payments.amountKobo,
      receivedKobo: enrolments.amountReceivedKobo,
      enrolledAt: enrolments.enrolledAt,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .leftJoin(payments, eq(payments.id, enrolments.paymentId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(asc(enrolments.enrolledAt), asc(enrolments.id));
  const progress = await progressOf(db, [courseId]);
  const amount = (kobo: number | null) => (kobo === null ? '' : koboToDecimal(kobo));
  return csvTable(
    ENROLMENT_COLUMNS,
    rows.map((row) => ({
      student: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone ?? '',
      course: course.title,
      source: row.source ?? row.provider ?? 'manual',
      amount: amount(row.paidKobo ?? row.receivedKobo),
      enrolled_at: row.enrolledAt.toISOString(),
      progress: String(progress(row.studentId, courseId)),
    })),
  );
}

export async function newsletterCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email, at: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id));
  return csvTable(
    ['email', 'subscribed_at'] as const,
    rows.map((row) => ({ email: row.email, subscribed_at: row.at.toISOString() })),
  );
}
