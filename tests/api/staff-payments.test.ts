// The staff console's payments and enrolments: the list with the ones to refund first, a payment's
// page, refunds (admin; the enrolment ends unless another payment covers it; notified and mailed;
// twice changes nothing, also two at once), manual enrolment (receipt, notification, 409, race-safe),
// revocation (admin), the course CSV, and who may call what.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_PERMITTED_MESSAGE } from '#lib/errors.ts';
import {
  AuditPageSchema,
  ManualEnrolledSchema,
  PaymentsPageSchema,
  StaffPaymentSchema,
  StudentDetailSchema,
} from '#features/staff/schemas.ts';
import { enrolments, notifications, payments, students } from '#server/db/schema.ts';
import { OTHER_PROVIDER } from '#features/staff/server/refunds.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, seedSecondPayment, signUpStudent } from './support/factories.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const t = useTestApp({ startAt: '2026-11-23T09:00:00Z' });

const addressOf = (to: unknown) => (typeof to === 'string' ? to : (to as { address: string }).address);
const enrolled = async (studentId: string, courseId: string) =>
  (
    await t.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)))
  ).length === 1;
const notificationsOf = (studentId: string) => t.db.select().from(notifications).where(eq(notifications.studentId, studentId));
const auditActions = async (token: string) =>
  (await readData(await get(t.app, 'staff/audit?per_page=100', { token }), AuditPageSchema)).entries.map((e) => e.action);

async function paidStudent() {
  await seedCatalogue(t.db);
  const student = await signUpStudent(t, { first_name: 'Ngozi', last_name: 'Okafor' });
  const reference = await enrolStudent(t, student.token, 'course-02');
  return { student, reference };
}

describe('staff payments', () => {
  it('lists the payments to refund first, then newest first; filters by status and course; pages', async () => {
    const { token } = await seedStaff(t);
    const { student, reference } = await paidStudent();
    t.clock.advance(60_000);
    const other = await enrolStudent(t, student.token, 'course-03');
    const second = await seedSecondPayment(t, student.id, 'course-02');
    t.clock.advance(60_000);
    const all = await readData(await get(t.app, 'staff/payments', { token }), PaymentsPageSchema);
    expect(all.payments.map((p) => [p.reference, p.status])).toEqual([
      [second, 'needs_refund'],
      [other, 'success'],
      [reference, 'success'],
    ]);
    expect(all.payments[1]).toMatchObject({ email: student.email, amount: '80000.00', currency: 'NGN', provider: 'test' });
    const page2 = await readData(await get(t.app, 'staff/payments?per_page=1&page=2', { token }), PaymentsPageSchema);
    expect([page2.payments.map((p) => p.reference), page2.total_pages, page2.total_count]).toEqual([[other], 3, 3]);
    const page3 = await readData(await get(t.app, 'staff/payments?per_page=1&page=3', { token }), PaymentsPageSchema);
    expect(page3.payments.map((p) => p.reference)).toEqual([reference]);
    const refunds = await readData(await get(t.app, 'staff/payments?status=needs_refund', { token }), PaymentsPageSchema);
    expect(refunds.payments.map((p) => p.reference)).toEqual([second]);
    const standing = await readData(await get(t.app, 'staff/payments?status=success&course_id=course-02', { token }), PaymentsPageSchema);
    expect(standing.payments.map((p) => p.reference)).toEqual([reference]);
    expect((await get(t.app, 'staff/payments?status=paid', { token })).status).toBe(400);
    const one = await readData(await get(t.app, `staff/payments/${reference}`, { token }), StaffPaymentSchema);
    expect(one).toMatchObject({ reference, student_id: student.id, course_id: 'course-02', status: 'success', refunded_at: null });
    expect((await get(t.app, 'staff/payments/ADR-NOSUCHPAYMENT000', { token })).status).toBe(404);
  });

  it('refund is admin-only: a staff member gets 403 and nothing changes', async () => {
    const member = await seedStaff(t);
    const { student, reference } = await paidStudent();
    const refused = await send(t.app, `staff/payments/${reference}/refund`, { reason: 'x' }, { token: member.token });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(NOT_PERMITTED_MESSAGE);
    expect((await send(t.app, `staff/payments/${reference}/refund`, { reason: 'x' }, { token: student.token })).status).toBe(401);
    expect(await enrolled(student.id, 'course-02')).toBe(true);
  });

  it('refunds through the provider: the enrolment ends, the student is notified and mailed, audited; twice changes nothing', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const { student, reference } = await paidStudent();
    expect((await send(t.app, `staff/payments/${reference}/refund`, { reason: '' }, { token: admin.token })).status).toBe(400);
    const refunded = await readData(
      await send(t.app, `staff/payments/${reference}/refund`, { reason: 'Asked for it back' }, { token: admin.token }),
      StaffPaymentSchema,
    );
    expect(refunded).toMatchObject({
      reference,
      status: 'refunded',
      refund_reason: 'Asked for it back',
      refunded_at: t.clock.now().toISOString(),
    });
    expect(await enrolled(student.id, 'course-02')).toBe(false);
    expect((await notificationsOf(student.id)).map((n) => n.title)).toContain('Your payment for Course number 2 is refunded');
    const mail = t.mailer.sent.findLast((sent) => sent.kind === 'refund')!;
    expect(addressOf(mail.to)).toBe(student.email);
    expect(mail.text).toContain(reference);
    // Twice: the same answer, no second notification, mail or audit entry.
    const mails = t.mailer.sent.length;
    t.clock.advance(1000);
    const again = await readData(
      await send(t.app, `staff/payments/${reference}/refund`, { reason: 'Again' }, { token: admin.token }),
      StaffPaymentSchema,
    );
    expect(again).toEqual(refunded);
    expect(t.mailer.sent.length).toBe(mails);
    expect((await auditActions(admin.token)).filter((a) => a === 'payment.refund')).toHaveLength(1);
    // A later verify of the refunded payment never enrols again.
    const verified = await get(t.app, `user/payments/${reference}/verify`, { token: student.token });
    expect(((await verified.json()) as { data: { status: string } }).data.status).toBe('refunded');
    expect(await enrolled(student.id, 'course-02')).toBe(false);
  });

  it('refunding a second payment keeps the course; refunding the first moves the enrolment onto the second', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const { student, reference } = await paidStudent();
    const second = await seedSecondPayment(t, student.id, 'course-02');
    expect((await send(t.app, `staff/payments/${reference}/refund`, { reason: 'Refund the first' }, { token: admin.token })).status).toBe(
      200,
    );
    expect(await enrolled(student.id, 'course-02')).toBe(true);
    const page = await readData(await get(t.app, `staff/payments/${second}`, { token: admin.token }), StaffPaymentSchema);
    expect(page.status).toBe('success');
    expect((await send(t.app, `staff/payments/${second}/refund`, { reason: 'And the second' }, { token: admin.token })).status).toBe(200);
    expect(await enrolled(student.id, 'course-02')).toBe(false);
  });

  it('is 409 for a payment that is not successful', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const started = await send(t.app, 'user/courses/course-02/checkout', undefined, { token: student.token });
    const { reference } = ((await started.json()) as { data: { reference: string } }).data;
    expect((await send(t.app, `staff/payments/${reference}/refund`, { reason: 'x' }, { token: admin.token })).status).toBe(409);
    expect((await send(t.app, 'staff/payments/ADR-NOSUCHPAYMENT000/refund', { reason: 'x' }, { token: admin.token })).status).toBe(404);
  });

  it('is 409 for a payment another provider took, and records no refund', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const { student } = await paidStudent();
    const now = t.clock.now();
    // A Paystack charge on a server running the test provider (a copy of live data).
    await t.db.insert(payments).values({
      reference: 'ADR-PAYSTACK0CHARGE1',
      studentId: student.id,
      courseId: 'course-03',
      amountKobo: 8_000_000,
      provider: 'paystack',
      status: 'success',
      createdAt: now,
      updatedAt: now,
      paidAt: now,
    });
    const refused = await send(t.app, 'staff/payments/ADR-PAYSTACK0CHARGE1/refund', { reason: 'x' }, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(OTHER_PROVIDER);
    const page = await readData(await get(t.app, 'staff/payments/ADR-PAYSTACK0CHARGE1', { token: admin.token }), StaffPaymentSchema);
    expect(page).toMatchObject({ status: 'success', refunded_at: null });
    expect(await auditActions(admin.token)).toEqual([]);
  });

  it('two refunds at once make one', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    const { student, reference } = await paidStudent();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send(t.app, `staff/payments/${reference}/refund`, { reason: 'Parallel' }, { token: admin.token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await auditActions(admin.token)).filter((a) => a === 'payment.refund')).toHaveLength(1);
    expect((await notificationsOf(student.id)).filter((n) => n.sourceKey === `refund:${reference}`)).toHaveLength(1);
    expect(t.mailer.sent.filter((m) => m.kind === 'refund')).toHaveLength(1);
  });
});

describe('staff enrolments', () => {
  it('enrols by hand with a note and an amount: 201, a receipt mail, a notification, source manual, audited; 409 the second time', async () => {
    await seedCatalogue(t.db);
    const member = await seedStaff(t);
    const admin = await seedStaff(t, { role: 'admin' });
    const student = await signUpStudent(t);
    const body = { student_id: student.id, course_id: 'course-03', note: 'Bank transfer, GTBank ref 0042', amount_received: '80000' };
    const made = await readData(await send(t.app, 'staff/enrolments', body, { token: member.token }), ManualEnrolledSchema, 201);
    expect(made).toEqual({ student_id: student.id, course_id: 'course-03', enrolled_at: t.clock.now().toISOString(), source: 'manual' });
    const mail = t.mailer.sent.findLast((sent) => sent.kind === 'receipt')!;
    expect(addressOf(mail.to)).toBe(student.email);
    expect(mail.text).toContain('₦80,000.00');
    expect((await notificationsOf(student.id)).map((n) => n.title)).toContain('You are enrolled in Adire Indigo Dyeing');
    const courses = (await (await get(t.app, 'user/student/courses', { token: student.token })).json()) as {
      data: { course_id: string }[];
    };
    expect(courses.data.map((c) => c.course_id)).toEqual(['course-03']);
    const page = await readData(await get(t.app, `staff/students/${student.id}`, { token: member.token }), StudentDetailSchema);
    expect(page.enrolments[0]).toMatchObject({ course_id: 'course-03', source: 'manual' });
    expect((await send(t.app, 'staff/enrolments', body, { token: member.token })).status).toBe(409);
    expect(await auditActions(admin.token)).toEqual(['enrolment.create']);
    for (const bad of [
      { ...body, note: '' },
      { ...body, amount_received: '-5' },
      { ...body, student_id: 'x' },
      { ...body, extra: 1 },
    ])
      expect((await send(t.app, 'staff/enrolments', bad, { token: member.token })).status).toBe(400);
    expect((await send(t.app, 'staff/enrolments', { ...body, course_id: 'no-such-course' }, { token: member.token })).status).toBe(404);
    expect((await send(t.app, 'staff/enrolments', { ...body, student_id: admin.staff.id }, { token: member.token })).status).toBe(404);
  });

  it('refuses an amount received of nothing or past what a payment can hold (400), and enrols nobody', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    const body = { student_id: student.id, course_id: 'course-03', note: 'Bank transfer' };
    for (const amount_received of ['0', '0.00', '999999999.99', '21474836.48', '1e5', '-1', '180000.001', ' '])
      expect((await send(t.app, 'staff/enrolments', { ...body, amount_received }, { token })).status, amount_received).toBe(400);
    expect(await enrolled(student.id, 'course-03')).toBe(false);
    expect((await send(t.app, 'staff/enrolments', { ...body, amount_received: '10000000.00' }, { token })).status).toBe(201);
  });

  it('two manual enrolments at once make one: one 201, one 409', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    const body = { student_id: student.id, course_id: 'course-04', note: 'Cash at the studio' };
    const answers = await Promise.all([1, 2, 3].map(() => send(t.app, 'staff/enrolments', body, { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(t.mailer.sent.filter((m) => m.kind === 'receipt')).toHaveLength(1);
  });

  it('revokes (admin only) with a reason: the student loses the course and is notified', async () => {
    const member = await seedStaff(t);
    const admin = await seedStaff(t, { role: 'admin' });
    const { student } = await paidStudent();
    const path = `staff/enrolments/${student.id}/course-02`;
    expect((await send(t.app, path, { reason: 'x' }, { token: member.token, method: 'DELETE' })).status).toBe(403);
    expect((await send(t.app, path, {}, { token: admin.token, method: 'DELETE' })).status).toBe(400);
    expect((await send(t.app, path, { reason: 'Transfer reversed' }, { token: admin.token, method: 'DELETE' })).status).toBe(200);
    expect(await enrolled(student.id, 'course-02')).toBe(false);
    expect((await notificationsOf(student.id)).map((n) => n.title)).toContain('You are no longer enrolled in Course number 2');
    expect((await send(t.app, path, { reason: 'Again' }, { token: admin.token, method: 'DELETE' })).status).toBe(404);
    expect(await auditActions(admin.token)).toEqual(['enrolment.revoke']);
  });

  it("downloads a course's enrolments as formula-safe CSV", async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t, { first_name: 'Ngozi', last_name: 'Okafor' });
    await enrolStudent(t, student.token, 'course-02');
    t.clock.advance(60_000);
    const other = await signUpStudent(t, { first_name: 'Tunde', last_name: 'Bakare' });
    // A name a spreadsheet would run as a formula.
    await t.db.update(students).set({ firstName: '=SUM(A1)' }).where(eq(students.id, other.id));
    await send(t.app, 'staff/enrolments', { student_id: other.id, course_id: 'course-02', note: '=HYPERLINK("x")' }, { token });
    const response = await get(t.app, 'staff/enrolments.csv?course_id=course-02', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('student,email,phone,course,source,amount,enrolled_at,progress');
    expect(lines[1]).toMatch(new RegExp(`^Ngozi Okafor,${student.email},[^,]*,Course number 2,test,70000.00,[^,]+,0$`));
    expect(lines[2]).toMatch(new RegExp(`^'=SUM\\(A1\\) Bakare,${other.email},[^,]*,Course number 2,manual,,[^,]+,0$`));
    expect((await get(t.app, 'staff/enrolments.csv?course_id=nope', { token })).status).toBe(404);
    expect((await get(t.app, 'staff/enrolments.csv', { token })).status).toBe(400);
  });
});
