// The console's summary and students (docs/product.md, 'Staff operations'): the front page's
// counts, the searchable list, a student's page, and deactivating or reactivating an account with a
// reason (the admin command's code, setActive, and an audit entry in the same transaction).
import { Hono } from 'hono';
import { setActive } from '#server/auth/student-status.ts';
import { toUser } from '#server/auth/user.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { apiOrigin } from '#server/http/public-url.ts';
import { validateInput } from '#server/http/validate.ts';
import { ReasonBodySchema, StudentDetailSchema, StudentsPageSchema, StudentsQuerySchema, SummarySchema } from '../schemas.ts';
import { auditActor, recordAudit } from './audit.ts';
import { NO_SUCH_STUDENT } from './enrolment-changes.ts';
import { EXAMPLE_STUDENT_DETAIL, EXAMPLE_STUDENT_ROW } from './examples.ts';
import { studentPayments } from './payment-list.ts';
import { requireStaff, type StaffEnv } from './require-staff.ts';
import { EXAMPLE_SCHOLARSHIP } from './scholarship-examples.ts';
import { findStudentById, studentEnrolments, studentsPage } from './student-list.ts';
import { staffSummary } from './summary.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Mounted at /staff. */
export function createStaffStudentRoutes(services: ApiServices) {
  const { db } = services;
  const guard = requireStaff(services);
  const studentOr404 = async (id: string) => {
    const student = UUID.test(id) ? await findStudentById(db, id) : null;
    if (!student) throw new ApiError(404, NO_SUCH_STUDENT);
    return student;
  };
  const routes = new Hono<StaffEnv>()
    .get(
      '/summary',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "The console's front page: students, enrolments in 7 and 30 days, revenue in 30 days, open requests, payments to refund",
        examples: {
          data: {
            students: 1240,
            enrolments_7d: 18,
            enrolments_30d: 64,
            revenue_30d: '1250000.00',
            open_requests: 3,
            needs_refund: 1,
            scholarships: [{ id: EXAMPLE_SCHOLARSHIP.id, name: EXAMPLE_SCHOLARSHIP.name, partner: 'lsetf', seats: 50, seats_taken: 12 }],
          },
        },
        success: { message: 'OK', data: SummarySchema },
      }),
      guard,
      async (c) => c.json({ message: 'OK', data: await staffSummary(db, services.clock()) }, 200),
    )
    .get(
      '/students',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: 'Students, newest first; `search` matches any part of a name, an e-mail address or a phone number',
        examples: { data: { students: [EXAMPLE_STUDENT_ROW], total_pages: 1, total_count: 1 } },
        query: StudentsQuerySchema,
        success: { message: 'OK', data: StudentsPageSchema },
      }),
      guard,
      async (c) => c.json({ message: 'OK', data: await studentsPage(db, validateInput(StudentsQuerySchema, c.req.query())) }, 200),
    )
    .get(
      '/students/:id',
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: "A student's page: profile and KYC, enrolments with progress and source, payments",
        examples: { data: EXAMPLE_STUDENT_DETAIL },
        success: { message: 'OK', data: StudentDetailSchema },
        errors: { 404: NO_SUCH_STUDENT },
      }),
      guard,
      async (c) => {
        const student = await studentOr404(c.req.param('id'));
        const [enrolments, payments] = await Promise.all([studentEnrolments(db, student.id), studentPayments(db, student.id)]);
        const data = {
          student: { ...toUser(student, apiOrigin(services.env, c)), deactivated: student.deactivatedAt !== null },
          enrolments,
          payments,
        };
        return c.json({ message: 'OK', data }, 200);
      },
    );
  for (const active of [false, true]) {
    const message = active ? 'The student can sign in again.' : 'The student is deactivated.';
    routes.post(
      `/students/:id/${active ? 'activate' : 'deactivate'}`,
      describeJsonRoute({
        tag: 'Staff',
        staff: 'staff',
        summary: active
          ? 'Reactivate a student: they may sign in again'
          : 'Deactivate a student: every call with their sessions answers the deactivation message',
        description: `With a reason, kept in the audit log. ${active ? 'Sessions from before stay ended.' : 'The student cannot sign in, and an open tab is told why.'}`,
        examples: { body: { reason: active ? 'Paid the balance' : 'Chargeback on a card payment' } },
        body: ReasonBodySchema,
        success: { message },
        errors: { 404: NO_SUCH_STUDENT },
      }),
      guard,
      async (c) => {
        const { reason } = await readJsonBody(c, ReasonBodySchema);
        const student = await studentOr404(c.req.param('id'));
        const by = auditActor(c, services);
        await db.transaction(async (tx) => {
          await setActive(tx, student, active, by.at);
          await recordAudit(tx, {
            ...by,
            action: active ? 'student.activate' : 'student.deactivate',
            target: `student:${student.id}`,
            details: { reason, email: student.email },
          });
        });
        return c.json({ message, data: null }, 200);
      },
    );
  }
  return routes;
}
