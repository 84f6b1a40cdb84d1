// A student's side of scholarships (docs/product.md, 'Scholarships and discount codes'): the quote,
// checkout with a code (a partial one charges the total and holds the code 30 minutes; a 100 % one
// enrols at once with no payment), every refusal in its exact words on `code` with nothing used up,
// KYC first, the code used and the seat taken when the payment succeeds, a refund giving the seat
// back, the course page's call, My courses and the staff's view, and the limits on guessing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MyCoursesSchema } from '#features/learning/schemas.ts';
import { CheckoutSchema } from '#features/payments/schemas.ts';
import { PaymentsPageSchema, StudentDetailSchema } from '#features/staff/schemas.ts';
import {
  agesRefusal,
  CODE_NOT_VALID,
  CODE_USED,
  CourseScholarshipSchema,
  EnrolledByScholarshipSchema,
  KYC_REQUIRED,
  NO_SEATS_LEFT,
  QuoteSchema,
  SCHOLARSHIP_CLOSED,
  ScholarshipSchema,
  statesRefusal,
} from '#lib/schemas/scholarships.ts';
import { enrolments, notifications, payments, scholarshipCodes, testCharges } from '#server/db/schema.ts';
import { scholarshipCodeHash } from '#server/scholarships/codes.ts';
import { seedStaff } from '../support/staff.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { signUpStudent } from './support/factories.ts';
import { kycStudent, SCHOLARSHIP_BODY, SCHOLARSHIP_TIME, seedScholarship } from './support/scholarships.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: SCHOLARSHIP_TIME });

const MENTION = { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'Lagos State Employment Trust Fund' };
const quote = (token: string, code: string, course = 'course-02') =>
  get(t.app, `user/courses/${course}/quote?code=${encodeURIComponent(code)}`, { token });
const checkout = (token: string, code?: string, course = 'course-02') =>
  send(t.app, `user/courses/${course}/checkout`, code === undefined ? undefined : { code }, { token });
const refusal = async (response: Response) => {
  const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
  return [response.status, body.message, body.errors];
};
const refusedWith = (message: string) => [400, message, { code: [message] }];
const seatsTaken = async (admin: string, id: string) =>
  (await readData(await get(t.app, `staff/scholarships/${id}`, { token: admin }), ScholarshipSchema)).seats_taken;
const pay = (token: string, reference: string, outcome: 'pay' | 'decline' = 'pay') =>
  send(t.app, `user/test-payments/${reference}`, { outcome }, { token });
const verify = async (token: string, reference: string) =>
  ((await (await get(t.app, `user/payments/${reference}/verify`, { token })).json()) as { data: { status: string } }).data.status;
const enrolled = async (studentId: string, course = 'course-02') =>
  (
    await t.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, course)))
  ).length === 1;

describe('the quote', () => {
  it('without a code: the full price, nothing off, no scholarship; 404 for no course, 401 signed out', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    for (const path of ['user/courses/course-02/quote', 'user/courses/course-02/quote?code='])
      expect(await readData(await get(t.app, path, { token: student.token }), QuoteSchema)).toEqual({
        price: '70000.00',
        discount: '0.00',
        total: '70000.00',
        scholarship: null,
      });
    expect((await get(t.app, 'user/courses/no-such-course/quote', { token: student.token })).status).toBe(404);
    expect((await get(t.app, 'user/courses/course-02/quote')).status).toBe(401);
  });

  it("with a code: the discount, the total and the scholarship's name and partner, in any case or spacing; nothing is used", async () => {
    const { admin, scholarship, codes } = await seedScholarship(t);
    const student = await kycStudent(t);
    const code = codes[0]!;
    const typed = `${code.slice(0, 5).toLowerCase()} - ${code.slice(5)}`;
    for (const form of [code, typed])
      expect(await readData(await quote(student.token, form), QuoteSchema)).toEqual({
        price: '70000.00',
        discount: '35000.00',
        total: '35000.00',
        scholarship: MENTION,
      });
    expect(await seatsTaken(admin, scholarship.id)).toBe(0);
    const [row] = await t.db.select().from(scholarshipCodes).where(eq(scholarshipCodes.scholarshipId, scholarship.id));
    expect([row!.usedAt, row!.heldBy]).toEqual([null, null]);
  });
});

describe('refusals: the exact texts on code, from quote and checkout alike, and nothing used up', () => {
  /** Both calls refuse with `message`; no payment, no enrolment, no seat; the code then works for an eligible student. */
  async function refusedAndUnused(token: string, code: string, message: string, course = 'course-02') {
    expect(await refusal(await quote(token, code, course))).toEqual(refusedWith(message));
    expect(await refusal(await checkout(token, code, course))).toEqual(refusedWith(message));
    expect(await t.db.select().from(payments)).toEqual([]);
  }

  it('KYC not complete: the KYC message, before anything else', async () => {
    const { codes } = await seedScholarship(t);
    const student = await signUpStudent(t);
    await refusedAndUnused(student.token, codes[0]!, KYC_REQUIRED);
    await refusedAndUnused(student.token, 'ABCDEFGHJK', KYC_REQUIRED);
    const eligible = await kycStudent(t);
    expect((await quote(eligible.token, codes[0]!)).status).toBe(200);
  });

  it('not valid for this course: an unknown code, a malformed one, or a code of a scholarship on other courses', async () => {
    const { codes } = await seedScholarship(t);
    const student = await kycStudent(t);
    await refusedAndUnused(student.token, 'ABCDEFGHJK', CODE_NOT_VALID);
    await refusedAndUnused(student.token, 'O0I1O0I1O0', CODE_NOT_VALID);
    await refusedAndUnused(student.token, codes[0]!, CODE_NOT_VALID, 'course-05');
    expect((await quote(student.token, codes[0]!)).status).toBe(200);
  });

  it('closed: before it opens, after it ends, and once closed early', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t);
    const student = await kycStudent(t);
    // Codes are made only for a scholarship not yet over: the past one's is put in directly.
    const codeOf = async (window: { starts_at: string; ends_at: string }, code: string) => {
      const made = await readData(
        await send(t.app, 'staff/scholarships', { ...SCHOLARSHIP_BODY, ...window }, { token: admin }),
        ScholarshipSchema,
        201,
      );
      await t.db.insert(scholarshipCodes).values({ scholarshipId: made.id, codeHash: scholarshipCodeHash(code), createdAt: t.clock.now() });
      return code;
    };
    await refusedAndUnused(
      student.token,
      await codeOf({ starts_at: '2027-01-11', ends_at: '2027-02-01' }, 'LATERCQDE2'),
      SCHOLARSHIP_CLOSED,
    );
    await refusedAndUnused(
      student.token,
      await codeOf({ starts_at: '2027-01-01', ends_at: '2027-01-09' }, 'EARLYCQDE2'),
      SCHOLARSHIP_CLOSED,
    );
    expect((await quote(student.token, codes[0]!)).status).toBe(200);
    await send(t.app, `staff/scholarships/${scholarship.id}/close`, undefined, { token: admin });
    // Another student: this one has spent 4 of the 5 refused tries the limits allow.
    await refusedAndUnused((await kycStudent(t)).token, codes[0]!, SCHOLARSHIP_CLOSED);
  });

  it("ages and states come from the student's KYC", async () => {
    const { codes } = await seedScholarship(t, { min_age: 18, max_age: 35, states: ['Lagos', 'Ogun'] }, 1);
    const older = await kycStudent(t, { date_of_birth: '1980-01-01' });
    await refusedAndUnused(older.token, codes[0]!, agesRefusal(18, 35));
    expect(agesRefusal(18, 35)).toBe('This scholarship is for ages 18 to 35');
    // 35 until the day before the 36th birthday (in Lagos), 18 from the 18th.
    const turning36 = await kycStudent(t, { date_of_birth: '1991-01-11' });
    expect((await quote(turning36.token, codes[0]!)).status).toBe(200);
    const thirtySix = await kycStudent(t, { date_of_birth: '1991-01-10' });
    await refusedAndUnused(thirtySix.token, codes[0]!, agesRefusal(18, 35));
    const elsewhere = await kycStudent(t, { state: 'Kano' });
    await refusedAndUnused(elsewhere.token, codes[0]!, statesRefusal(['Lagos', 'Ogun']));
    expect(statesRefusal(['Lagos', 'Ogun'])).toBe('This scholarship is for students in Lagos and Ogun');
    const ogun = await kycStudent(t, { state: 'Ogun', date_of_birth: '2008-01-10' });
    expect(await readData(await quote(ogun.token, codes[0]!), QuoteSchema)).toMatchObject({ total: '35000.00' });
  });

  it('already used, and no seats left: a used code is refused to anyone; the last seat gone, other codes are refused', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 100, seats: 1 }, 2);
    const first = await kycStudent(t);
    await readData(await checkout(first.token, codes[0]), EnrolledByScholarshipSchema, 201);
    const second = await kycStudent(t);
    expect(await refusal(await quote(second.token, codes[0]!))).toEqual(refusedWith(CODE_USED));
    expect(await refusal(await checkout(second.token, codes[0]))).toEqual(refusedWith(CODE_USED));
    expect(await refusal(await quote(second.token, codes[1]!))).toEqual(refusedWith(NO_SEATS_LEFT));
    expect(await refusal(await checkout(second.token, codes[1]))).toEqual(refusedWith(NO_SEATS_LEFT));
    expect([await enrolled(second.id), await seatsTaken(admin, scholarship.id)]).toEqual([false, 1]);
  });
});

describe('checkout with a code', () => {
  it('a partial code: the provider is asked for the total in kobo; paid, the code is used, the seat taken, and everyone sees it', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t);
    const student = await kycStudent(t);
    const started = await readData(await checkout(student.token, codes[0]), CheckoutSchema, 201);
    expect(started.amount).toBe('35000.00');
    const [charge] = await t.db.select().from(testCharges).where(eq(testCharges.reference, started.reference));
    expect(charge!.amountKobo).toBe(3_500_000);
    // The same checkout again (a second tab) answers the same payment; the code is only held.
    const again = await readData(await checkout(student.token, codes[0]), CheckoutSchema, 201);
    expect(again.reference).toBe(started.reference);
    expect(await seatsTaken(admin, scholarship.id)).toBe(0);

    await pay(student.token, started.reference);
    expect(await verify(student.token, started.reference)).toBe('success');
    expect(await seatsTaken(admin, scholarship.id)).toBe(1);
    const [code] = await t.db.select().from(scholarshipCodes).where(eq(scholarshipCodes.scholarshipId, scholarship.id));
    expect([code!.usedBy, code!.heldBy]).toEqual([student.id, null]);

    const mine = await readData(await get(t.app, 'user/student/courses', { token: student.token }), MyCoursesSchema);
    expect(mine.map((course) => [course.course_id, course.scholarship])).toEqual([['course-02', MENTION]]);
    const staffList = await readData(await get(t.app, 'staff/payments', { token: admin }), PaymentsPageSchema);
    expect(staffList.payments[0]).toMatchObject({
      amount: '35000.00',
      discount: '35000.00',
      scholarship: { id: scholarship.id, name: MENTION.name, partner: 'lsetf' },
    });
    const detail = await readData(await get(t.app, `staff/students/${student.id}`, { token: admin }), StudentDetailSchema);
    expect(detail.enrolments[0]).toMatchObject({ discount: '35000.00', scholarship: { id: scholarship.id }, source: 'test' });
    expect(detail.payments[0]).toMatchObject({ discount: '35000.00', scholarship: { name: MENTION.name } });
    const receipt = t.mailer.sent.findLast((mail) => mail.kind === 'receipt')!;
    expect(receipt.text).toContain('Scholarship: LSETF Fashion Skills 2027 (Lagos State Employment Trust Fund)');
    expect(receipt.text).toContain('Scholarship discount: ₦35,000.00');
    expect(receipt.text).toContain('Amount paid: ₦35,000.00');
  });

  it('a 100 % code enrols at once: no payment, a notification, and a receipt that says scholarship', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 100 });
    const student = await kycStudent(t);
    expect(await readData(await quote(student.token, codes[0]!), QuoteSchema)).toMatchObject({ discount: '70000.00', total: '0.00' });
    const answer = await readData(await checkout(student.token, codes[0]!.toLowerCase()), EnrolledByScholarshipSchema, 201);
    expect(answer).toEqual({ enrolled: true, course_id: 'course-02' });
    expect(await t.db.select().from(payments)).toEqual([]);
    const [row] = await t.db.select().from(enrolments).where(eq(enrolments.studentId, student.id));
    expect([row!.source, row!.paymentId, row!.discountKobo]).toEqual(['scholarship', null, 7_000_000]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.studentId, student.id));
    expect(notice).toMatchObject({ kind: 'enrolment', title: 'You are enrolled in Course number 2' });
    expect(notice!.body).toContain('LSETF Fashion Skills 2027');
    const receipt = t.mailer.sent.findLast((mail) => mail.kind === 'receipt')!;
    expect(receipt.text).toContain('Your scholarship pays the whole price');
    expect(receipt.text).toContain('Amount paid: ₦0.00');
    expect(receipt.text).not.toContain('Reference:');
    expect(await seatsTaken(admin, scholarship.id)).toBe(1);
    expect(await refusal(await checkout(student.token, codes[0]))).toEqual([409, 'You are already enrolled in this course.', undefined]);
  });

  it('a pending payment holds its code 30 minutes, then lets it go; paid after another used it, it is to refund', async () => {
    const { scholarship, codes } = await seedScholarship(t, { seats: 1 });
    const first = await kycStudent(t, { first_name: 'Ngozi' });
    const started = await readData(await checkout(first.token, codes[0]), CheckoutSchema, 201);
    const second = await kycStudent(t, { first_name: 'Bola' });
    expect(await refusal(await quote(second.token, codes[0]!))).toEqual(refusedWith(CODE_USED));
    // Both stay signed in (30 idle minutes) while the clock runs.
    const touch = async () => {
      for (const { token } of [first, second]) expect((await get(t.app, 'user/courses/course-02/enrolment', { token })).status).toBe(200);
    };
    t.clock.advance(20 * 60_000);
    await touch();
    t.clock.advance(9 * 60_000);
    expect(await refusal(await checkout(second.token, codes[0]))).toEqual(refusedWith(CODE_USED));
    await touch();
    t.clock.advance(2 * 60_000);
    const taken = await readData(await checkout(second.token, codes[0]), CheckoutSchema, 201);
    await pay(second.token, taken.reference);
    expect(await verify(second.token, taken.reference)).toBe('success');
    // The first student pays on the old page at last: the code went to the second.
    await pay(first.token, started.reference);
    expect(await verify(first.token, started.reference)).toBe('success');
    // A new staff session: the first one's 15 idle minutes are long over.
    const { token: staff } = await seedStaff(t);
    expect([await enrolled(first.id), await enrolled(second.id), await seatsTaken(staff, scholarship.id)]).toEqual([false, true, 1]);
    const list = await readData(await get(t.app, 'staff/payments?status=needs_refund', { token: staff }), PaymentsPageSchema);
    expect(list.payments.map((p) => p.reference)).toEqual([started.reference]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.studentId, first.id));
    expect(notice!.title).toBe('Your scholarship code for Course number 2 had gone');
  });

  it('a refunded scholarship payment frees its seat; the code stays used', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { seats: 1 }, 2);
    const first = await kycStudent(t);
    const started = await readData(await checkout(first.token, codes[0]), CheckoutSchema, 201);
    await pay(first.token, started.reference);
    await verify(first.token, started.reference);
    const second = await kycStudent(t);
    expect(await refusal(await quote(second.token, codes[1]!))).toEqual(refusedWith(NO_SEATS_LEFT));
    const refunded = await send(t.app, `staff/payments/${started.reference}/refund`, { reason: 'Left the programme' }, { token: admin });
    expect(refunded.status).toBe(200);
    expect(await seatsTaken(admin, scholarship.id)).toBe(0);
    expect(await refusal(await quote(second.token, codes[0]!))).toEqual(refusedWith(CODE_USED));
    expect(await readData(await quote(second.token, codes[1]!), QuoteSchema)).toMatchObject({ total: '35000.00' });
  });

  it('checkout without a code is as before: the full price, with no body or an empty one', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const started = await readData(await checkout(student.token), CheckoutSchema, 201);
    expect(started.amount).toBe('70000.00');
    const same = await readData(await send(t.app, 'user/courses/course-02/checkout', {}, { token: student.token }), CheckoutSchema, 201);
    expect(same.reference).toBe(started.reference);
    const [payment] = await t.db.select().from(payments);
    expect([payment!.amountKobo, payment!.scholarshipCodeId, payment!.discountKobo]).toEqual([7_000_000, null, null]);
    expect((await send(t.app, 'user/courses/course-02/checkout', { code: 5 }, { token: student.token })).status).toBe(400);
    expect((await send(t.app, 'user/courses/course-02/checkout', { coupon: 'X' }, { token: student.token })).status).toBe(400);
  });
});

describe('the course page and the limits', () => {
  it('GET courses/{id}/scholarship names the open scholarship with seats left, and shows a change at once', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { seats: 1, discount_percent: 100 });
    const read = async (course = 'course-02') =>
      (await readData(await get(t.app, `user/courses/${course}/scholarship`), CourseScholarshipSchema)).scholarship;
    expect(await read()).toEqual(MENTION);
    expect(await read('course-03')).toBeNull();
    expect((await get(t.app, 'user/courses/no-such-course/scholarship')).status).toBe(404);
    const answer = await get(t.app, 'user/courses/course-02/scholarship');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const student = await kycStudent(t);
    await checkout(student.token, codes[0]);
    expect(await read()).toBeNull();
    await send(t.app, `staff/scholarships/${scholarship.id}/close`, undefined, { token: admin });
    expect(await read()).toBeNull();
  });

  it('a code is guessed no more easily than a password: 5 refused tries per account and address, then 429; a right one is not counted', async () => {
    const { codes } = await seedScholarship(t);
    const student = await kycStudent(t);
    for (let i = 0; i < 4; i += 1) expect((await quote(student.token, `ABCDEFGH${'JK'[i % 2]}${i + 2}`)).status).toBe(400);
    expect((await quote(student.token, codes[0]!)).status).toBe(200);
    expect((await quote(student.token, 'ABCDEFGHJ9')).status).toBe(400);
    const limited = await quote(student.token, 'ABCDEFGHJ8');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Even the right code waits; checkout with a code is counted in the same buckets.
    expect((await quote(student.token, codes[0]!)).status).toBe(429);
    expect((await checkout(student.token, codes[0])).status).toBe(429);
    // From another address the student may still try, and without a code nothing is limited.
    expect((await get(t.app, `user/courses/course-02/quote?code=${codes[0]}`, { token: student.token, ip: '192.0.2.77' })).status).toBe(
      200,
    );
    expect((await get(t.app, 'user/courses/course-02/quote', { token: student.token })).status).toBe(200);
    t.clock.advance(15 * 60_000);
    expect((await quote(student.token, codes[0]!)).status).toBe(200);
  });

  it('and per address across accounts: 50 refused tries from one address, then 429 for any account there', async () => {
    await seedScholarship(t);
    const guessers = await Promise.all(Array.from({ length: 11 }, (_, i) => kycStudent(t, { first_name: `Guesser${'abcdefghijk'[i]}` })));
    let tries = 0;
    for (const guesser of guessers.slice(0, 10))
      for (let i = 0; i < 5; i += 1) {
        tries += 1;
        expect((await quote(guesser.token, `GUESS${String(tries).padStart(5, '2').replace(/[01]/g, '9')}`)).status).toBe(400);
      }
    expect((await quote(guessers[10]!.token, 'GUESSAAAAA')).status).toBe(429);
    expect(
      (await get(t.app, 'user/courses/course-02/quote?code=GUESSAAAAA', { token: guessers[10]!.token, ip: '192.0.2.99' })).status,
    ).toBe(400);
  });
});
