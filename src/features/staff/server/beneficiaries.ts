// The partner's list of who came through their scholarship: one row per enrolment had with one of
// its codes, oldest first, formula-safe like every CSV the console gives (#lib/csv.ts).
import { asc, eq } from 'drizzle-orm';
import { csvTable } from '#lib/csv.ts';
import type { Database } from '#server/db/client.ts';
import { courses, enrolments, scholarshipCodes, students } from '#server/db/schema.ts';
import { ageOn } from '#server/scholarships/take-code.ts';
import { progressOf } from './student-list.ts';

const COLUMNS = ['name', 'email', 'phone', 'state', 'age', 'course', 'enrolled_at', 'progress'] as const;

export async function beneficiariesCsv(db: Database, scholarshipId: string, now: Date): Promise<string> {
  const rows = await db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      email: students.email,
      phone: students.phoneNumber,
      state: students.state,
      dateOfBirth: students.dateOfBirth,
      courseId: enrolments.courseId,
      course: courses.title,
      enrolledAt: enrolments.enrolledAt,
    })
    .from(enrolments)
    .innerJoin(scholarshipCodes, eq(scholarshipCodes.id, enrolments.scholarshipCodeId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(eq(scholarshipCodes.scholarshipId, scholarshipId))
    .orderBy(asc(enrolments.enrolledAt), asc(enrolments.id));
  const progress = await progressOf(
    db,
    [...new Set(rows.map((row) => row.courseId))],
    rows.map((row) => row.studentId),
  );
  return csvTable(
    COLUMNS,
    rows.map((row) => ({
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      phone: row.phone ?? '',
      state: row.state ?? '',
      age: row.dateOfBirth ? String(ageOn(row.dateOfBirth, now)) : '',
      course: row.course,
      enrolled_at: row.enrolledAt.toISOString(),
      progress: String(progress(row.studentId, row.courseId)),
    })),
  );
}
