// Staff enrol a student by hand (bank transfer, cash) and admins revoke an enrolment
// (docs/product.md, 'Staff operations'). One enrolment per student and course is the database's
// unique key: two members enrolling the same student at once make one, the other gets 409.
import { and, eq } from 'drizzle-orm';
import { formatDate, formatNaira } from '#lib/format.ts';
import { decimalToKobo, koboToDecimal } from '#lib/money.ts';
import type { ApiServices } from '#server/deps.ts';
import { courses, enrolments, students } from '#server/db/schema.ts';
import { ApiError } from '#server/http/api-error.ts';
import { freeSeat } from '#server/scholarships/take-code.ts';
import { notify } from '#server/notifications/notify.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { manualReceiptMail } from './operation-mails.ts';

export const NO_SUCH_STUDENT = 'No student has this id';
export const NO_SUCH_COURSE = 'No course has this id';
export const ALREADY_ENROLLED = 'The student is already enrolled in this course';
export const NOT_ENROLLED = 'The student is not enrolled in this course';

type By = Omit<AuditEntry, 'action' | 'target' | 'details'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function enrolByHand(
  services: ApiServices,
  input: { student_id: string; course_id: string; note: string; amount_received?: string | undefined },
  by: By,
) {
  const { db } = services;
  const [student] = await db.select().from(students).where(eq(students.id, input.student_id));
  if (!student) throw new ApiError(404, NO_SUCH_STUDENT);
  const [course] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, input.course_id));
  if (!course) throw new ApiError(404, NO_SUCH_COURSE);
  const amountKobo = input.amount_received === undefined ? null : decimalToKobo(input.amount_received);
  const enrolled = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(enrolments)
      .values({
        studentId: student.id,
        courseId: course.id,
        enrolledAt: by.at,
        source: 'manual',
        note: input.note,
        amountReceivedKobo: amountKobo,
      })
      .onConflictDoNothing({ target: [enrolments.studentId, enrolments.courseId] })
      .returning();
    if (!row) return null;
    await notify(
      tx,
      {
        studentId: student.id,
        kind: 'enrolment',
        title: `You are enrolled in ${course.title}`,
        body: 'The college enrolled you by hand. The course is in My courses.',
        sourceKey: `manual-enrolment:${row.id}`,
      },
      by.at,
    );
    await recordAudit(tx, {
      ...by,
      action: 'enrolment.create',
      target: `student:${student.id}`,
      details: { course_id: course.id, note: input.note, amount_received: amountKobo === null ? null : koboToDecimal(amountKobo) },
    });
    return row;
  });
  if (!enrolled) throw new ApiError(409, ALREADY_ENROLLED);
  try {
    const amount = amountKobo === null ? null : formatNaira(koboToDecimal(amountKobo));
    await services.mailer.send(manualReceiptMail(student, course.title, amount, input.note, formatDate(by.at)));
  } catch (error) {
    services.log.error(`[staff] the receipt mail for manual enrolment ${enrolled.id} did not go out`, error);
  }
  return { student_id: student.id, course_id: course.id, enrolled_at: enrolled.enrolledAt.toISOString(), source: 'manual' as const };
}

export async function revokeEnrolment(services: ApiServices, studentId: string, courseId: string, reason: string, by: By) {
  if (!UUID.test(studentId)) throw new ApiError(404, NOT_ENROLLED);
  await services.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(enrolments)
      .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)))
      .returning();
    if (!removed) throw new ApiError(404, NOT_ENROLLED);
    // A seat had with a scholarship code is free again, as after a refund; the code stays used.
    if (removed.scholarshipCodeId) await freeSeat(tx, removed.scholarshipCodeId, studentId, by.at);
    const [course] = await tx.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId));
    await notify(
      tx,
      {
        studentId,
        kind: 'enrolment',
        title: `You are no longer enrolled in ${course?.title ?? 'a course'}`,
        body: `The college ended your enrolment: ${reason}. If you have a question, use the contact form.`,
        sourceKey: `revoke:${removed.id}`,
      },
      by.at,
    );
    await recordAudit(tx, {
      ...by,
      action: 'enrolment.revoke',
      target: `student:${studentId}`,
      details: { course_id: courseId, reason, payment_id: removed.paymentId },
    });
  });
}
