// Refunds that race each other on real PostgreSQL (PGlite's one connection hides races): a student
// who paid twice for one course, and two admins refunding both payments at once while the provider
// takes its time. Before, the first refund moved the enrolment onto the second payment while the
// second refund held that payment and waited for the enrolment: PostgreSQL ended one of them as a
// deadlock (500) after the provider had already given the money back.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestProvider } from '#server/payments/test-provider.ts';
import { enrolments, payments } from '#server/db/schema.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, seedSecondPayment, signUpStudent } from './support/factories.ts';
import { send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const SECOND = 'ADR-SECOND0PAYMENT01';
const refundedAtProvider: string[] = [];

const t = useTestApp({
  startAt: '2026-11-23T09:00:00Z',
  // The provider is slow, the second payment's refund slower: the first refund reaches the
  // enrolment while the second still holds its payment.
  payments: (db, clock) => {
    const provider = createTestProvider({ db, clock });
    return {
      ...provider,
      async refund(reference: string, reason: string) {
        await new Promise((resolve) => setTimeout(resolve, reference === SECOND ? 400 : 100));
        refundedAtProvider.push(reference);
        return provider.refund(reference, reason);
      },
    };
  },
});

describe('refunds racing on one course', () => {
  it('refunding both payments of a course paid twice, at once: both refunded, the course ends, nothing half-done', async () => {
    refundedAtProvider.length = 0;
    const admin = await seedStaff(t, { role: 'admin' });
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const first = await enrolStudent(t, student.token, 'course-02');
    await seedSecondPayment(t, student.id, 'course-02', SECOND);
    const answers = await Promise.all(
      [first, SECOND].map((reference) =>
        send(t.app, `staff/payments/${reference}/refund`, { reason: 'Both back' }, { token: admin.token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await t.db.select().from(payments).where(eq(payments.studentId, student.id));
    expect(rows.map((row) => row.status)).toEqual(['refunded', 'refunded']);
    // Every refund the provider made is recorded.
    expect(refundedAtProvider.sort()).toEqual([first, SECOND].sort());
    const left = await t.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.id), eq(enrolments.courseId, 'course-02')));
    expect(left).toHaveLength(0);
  });

  it('a refund racing a revocation and a manual enrolment of the same course: no error, and the last word stands', async () => {
    const admin = await seedStaff(t, { role: 'admin' });
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const paid = await enrolStudent(t, student.token, 'course-02');
    const answers = await Promise.all([
      send(t.app, `staff/payments/${paid}/refund`, { reason: 'Asked' }, { token: admin.token }),
      send(t.app, `staff/enrolments/${student.id}/course-02`, { reason: 'Reversed' }, { token: admin.token, method: 'DELETE' }),
      send(t.app, 'staff/enrolments', { student_id: student.id, course_id: 'course-02', note: 'Cash' }, { token: admin.token }),
    ]);
    expect(answers[0].status).toBe(200);
    expect([200, 404]).toContain(answers[1].status);
    expect([201, 409]).toContain(answers[2].status);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, paid));
    expect(payment!.status).toBe('refunded');
    // Whatever the order, the course is held only by the manual enrolment, if anything.
    const left = await t.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.id), eq(enrolments.courseId, 'course-02')));
    expect(left.every((row) => row.source === 'manual' && row.paymentId === null)).toBe(true);
  });
});
