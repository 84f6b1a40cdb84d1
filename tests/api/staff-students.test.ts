// The staff console's summary, students and requests: search, a student's page, deactivation with
// the admin command's rule, the inbox with replies, the newsletter CSV, the audit entries, and who
// may call what (a student token: 401).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import {
  RequestAnswerSchema,
  RequestsPageSchema,
  StudentDetailSchema,
  StudentsPageSchema,
  SummarySchema,
  AuditPageSchema,
} from '#features/staff/schemas.ts';
import { setStudentActive } from '#features/accounts/server/students.ts';
import { students } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, seedContactMessage, seedSecondPayment, seedSubscription, signUpStudent } from './support/factories.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const t = useTestApp({ startAt: '2026-11-23T09:00:00Z', env: { STAFF_EMAIL: 'staff@adire.test' } });

const addressOf = (to: unknown) => (typeof to === 'string' ? to : (to as { address: string }).address);

describe('staff students', () => {
  it('a student token is 401 on every staff operation; no token is 401', async () => {
    const student = await signUpStudent(t);
    for (const path of [
      'staff/summary',
      'staff/students',
      `staff/students/${student.id}`,
      'staff/payments',
      'staff/requests',
      'staff/newsletter.csv',
    ])
      for (const token of [student.token, undefined]) expect((await get(t.app, path, token ? { token } : {})).status, path).toBe(401);
    expect((await send(t.app, `staff/students/${student.id}/deactivate`, { reason: 'x' }, { token: student.token })).status).toBe(401);
  });

  it('lists newest first, paged, and searches by any part of a name, an e-mail address or a phone number', async () => {
    const { token } = await seedStaff(t);
    const ngozi = await signUpStudent(t, { first_name: 'Ngozi', last_name: 'Okafor', email: 'ngozi.okafor@example.com' });
    t.clock.advance(60_000);
    await signUpStudent(t, { first_name: 'Tunde', last_name: 'Bakare', email: 'tb@example.com' });
    await t.db.update(students).set({ phoneNumber: '08031234567' }).where(eq(students.id, ngozi.id));
    const all = await readData(await get(t.app, 'staff/students?per_page=1', { token }), StudentsPageSchema);
    expect(all.total_count).toBe(2);
    expect(all.total_pages).toBe(2);
    expect(all.students[0]!.first_name).toBe('Tunde');
    for (const search of ['gozi oka', 'NGOZI.OKAFOR@', '0803123', '+234 803 123'])
      expect(
        (
          await readData(await get(t.app, `staff/students?search=${encodeURIComponent(search)}`, { token }), StudentsPageSchema)
        ).students.map((s) => s.id),
        search,
      ).toEqual([ngozi.id]);
    // Pattern characters are text, not wildcards.
    expect((await readData(await get(t.app, 'staff/students?search=%25', { token }), StudentsPageSchema)).total_count).toBe(0);
    for (const bad of ['per_page=0', 'per_page=101', 'page=0', 'per_page=abc'])
      expect((await get(t.app, `staff/students?${bad}`, { token })).status, bad).toBe(400);
  });

  it("a student's page has the profile, enrolments with progress and source, and payments", async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    const reference = await enrolStudent(t, student.token, 'course-02');
    const page = await readData(await get(t.app, `staff/students/${student.id}`, { token }), StudentDetailSchema);
    expect(page.student).toMatchObject({ id: student.id, email: student.email, deactivated: false });
    expect(page.enrolments).toEqual([expect.objectContaining({ course_id: 'course-02', progress: 0, source: 'test' })]);
    expect(page.payments.map((p) => [p.reference, p.status])).toEqual([[reference, 'success']]);
    expect((await get(t.app, 'staff/students/5b0c7f52-3f1e-4d7e-9a43-2f6c1f0f2a11', { token })).status).toBe(404);
    expect((await get(t.app, 'staff/students/not-an-id', { token })).status).toBe(404);
  });

  it('deactivates with a reason: the student hears the deactivation message; activation lets them sign in; both are audited', async () => {
    const member = await seedStaff(t);
    const admin = await seedStaff(t, { role: 'admin' });
    const student = await signUpStudent(t);
    expect((await send(t.app, `staff/students/${student.id}/deactivate`, { reason: ' ' }, { token: member.token })).status).toBe(400);
    expect((await send(t.app, `staff/students/${student.id}/deactivate`, { reason: 'Chargeback' }, { token: member.token })).status).toBe(
      200,
    );
    const refused = await get(t.app, 'user/student/profile', { token: student.token });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(DEACTIVATED_MESSAGE);
    const login = await send(t.app, 'user/auth/student/login', { email: student.email, password: student.password });
    expect(((await login.json()) as { message: string }).message).toBe(DEACTIVATED_MESSAGE);
    const listed = await readData(await get(t.app, `staff/students?search=${student.email}`, { token: member.token }), StudentsPageSchema);
    expect(listed.students[0]!.deactivated).toBe(true);
    t.clock.advance(1000);
    expect((await send(t.app, `staff/students/${student.id}/activate`, { reason: 'Settled' }, { token: member.token })).status).toBe(200);
    // The old session stays ended; signing in works again.
    expect((await get(t.app, 'user/student/profile', { token: student.token })).status).toBe(401);
    expect((await send(t.app, 'user/auth/student/login', { email: student.email, password: student.password })).status).toBe(200);
    const audit = await readData(await get(t.app, 'staff/audit', { token: admin.token }), AuditPageSchema);
    expect(audit.entries.map((e) => [e.action, e.target, e.actor, e.details?.reason])).toEqual([
      ['student.activate', `student:${student.id}`, member.staff.email, 'Settled'],
      ['student.deactivate', `student:${student.id}`, member.staff.email, 'Chargeback'],
    ]);
  });

  it('the admin command still switches a student off and on through the shared code', async () => {
    const student = await signUpStudent(t);
    expect(await setStudentActive(t.db, student.email.toUpperCase(), false, t.clock.now())).toBe(true);
    expect((await get(t.app, 'user/student/profile', { token: student.token })).status).toBe(401);
    expect(await setStudentActive(t.db, 'nobody@example.com', false, t.clock.now())).toBe(false);
  });

  it('the summary counts students, enrolments in 7 and 30 days, revenue, open requests and payments to refund', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token, 'course-02');
    await seedContactMessage(t);
    const summary = await readData(await get(t.app, 'staff/summary', { token }), SummarySchema);
    expect(summary).toEqual({
      students: 1,
      enrolments_7d: 1,
      enrolments_30d: 1,
      revenue_30d: '70000.00',
      open_requests: 1,
      needs_refund: 0,
      scholarships: [],
    });
    t.clock.advance(8 * 24 * 3600_000);
    const later = await seedStaff(t);
    expect(await readData(await get(t.app, 'staff/summary', { token: later.token }), SummarySchema)).toMatchObject({
      enrolments_7d: 0,
      enrolments_30d: 1,
    });
  });
  it('revenue leaves out a second payment for a course already owned: that money is to give back', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token, 'course-02');
    await seedSecondPayment(t, student.id, 'course-02');
    expect(await readData(await get(t.app, 'staff/summary', { token }), SummarySchema)).toMatchObject({
      revenue_30d: '70000.00',
      needs_refund: 1,
    });
  });

  it('revenue counts the money taken by hand for a manual enrolment (bank transfer, cash), for 30 days', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t);
    const student = await signUpStudent(t);
    await enrolStudent(t, student.token, 'course-02');
    const body = { student_id: student.id, course_id: 'course-03', note: 'Cash at the front desk', amount_received: '80000.50' };
    expect((await send(t.app, 'staff/enrolments', body, { token })).status).toBe(201);
    expect(await readData(await get(t.app, 'staff/summary', { token }), SummarySchema)).toMatchObject({ revenue_30d: '150000.50' });
    t.clock.advance(31 * 24 * 3600_000);
    const later = await seedStaff(t);
    expect(await readData(await get(t.app, 'staff/summary', { token: later.token }), SummarySchema)).toMatchObject({ revenue_30d: '0.00' });
  });
});

describe('staff requests', () => {
  it('lists contact and tutor requests by kind and status; a reply is mailed with Reply-To the staff address, kept, and answers it', async () => {
    const { token, staff } = await seedStaff(t);
    const contact = await seedContactMessage(t, { email: 'ada@example.com' });
    t.clock.advance(1000);
    const tutor = await seedContactMessage(t, { email: 'amaka@example.com', first_name: 'Amaka' }, 'tutor_request');
    const listed = await readData(await get(t.app, 'staff/requests', { token }), RequestsPageSchema);
    expect(listed.requests.map((r) => [r.id, r.kind, r.status])).toEqual([
      [tutor, 'tutor', 'open'],
      [contact, 'contact', 'open'],
    ]);
    expect(
      (await readData(await get(t.app, 'staff/requests?kind=tutor', { token }), RequestsPageSchema)).requests.map((r) => r.id),
    ).toEqual([tutor]);
    expect((await get(t.app, 'staff/requests?kind=tutor_request', { token })).status).toBe(400);

    const mailsBefore = t.mailer.sent.length;
    const replied = await readData(
      await send(t.app, `staff/requests/${tutor}/reply`, { message: 'Mrs Bello teaches on Saturdays.' }, { token }),
      RequestAnswerSchema,
    );
    expect(replied.status).toBe('answered');
    expect(replied.replies).toEqual([{ by: staff.email, body: 'Mrs Bello teaches on Saturdays.', at: t.clock.now().toISOString() }]);
    const mail = t.mailer.sent[mailsBefore]!;
    expect(addressOf(mail.to)).toBe('amaka@example.com');
    expect(mail.replyTo?.address).toBe('staff@adire.test');
    expect(mail.text).toContain('Mrs Bello teaches on Saturdays.');
    expect(
      (await readData(await get(t.app, 'staff/requests?status=answered', { token }), RequestsPageSchema)).requests[0]!.replies,
    ).toHaveLength(1);

    const closed = await readData(
      await send(t.app, `staff/requests/${contact}`, { status: 'closed' }, { token, method: 'PATCH' }),
      RequestAnswerSchema,
    );
    expect(closed.status).toBe('closed');
    expect((await send(t.app, `staff/requests/${contact}`, { status: 'done' }, { token, method: 'PATCH' })).status).toBe(400);
    expect((await send(t.app, 'staff/requests/5b0c7f52-3f1e-4d7e-9a43-2f6c1f0f2a11/reply', { message: 'x' }, { token })).status).toBe(404);
    expect((await send(t.app, `staff/requests/${contact}/reply`, { message: '' }, { token })).status).toBe(400);
  });

  it('a reply whose mail fails is not kept and the request stays open (503)', async () => {
    const { token } = await seedStaff(t);
    const id = await seedContactMessage(t);
    t.mailer.failing = true;
    const refused = await send(t.app, `staff/requests/${id}/reply`, { message: 'Hello' }, { token });
    expect(refused.status).toBe(503);
    t.mailer.failing = false;
    const [request] = (await readData(await get(t.app, 'staff/requests', { token }), RequestsPageSchema)).requests;
    expect(request).toMatchObject({ id, status: 'open', replies: [] });
  });

  it('the newsletter CSV lists every subscriber, formula-safe', async () => {
    const { token } = await seedStaff(t);
    await seedSubscription(t, 'ada.obi@example.com');
    await seedSubscription(t, '-cmd@example.com');
    const response = await get(t.app, 'staff/newsletter.csv', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    ).toEqual(["'-cmd@example.com", 'ada.obi@example.com']);
  });
});
