// Seats and codes exactly once under concurrency (docs/product.md, 'Scholarships and discount
// codes'): 25 students racing for a scholarship's last seat, one code raced by two students, and one
// student's two tabs. On PGlite (one connection) and, through scripts/checks/test-postgres.sh, on
// PostgreSQL, where the requests truly run at once and only the scholarship's row lock keeps them
// apart; tests/api/scholarships-two-servers.test.ts runs them across two server processes.
import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CODE_USED, NO_SEATS_LEFT, ScholarshipSchema } from '#lib/schemas/scholarships.ts';
import { enrolments, payments, scholarshipCodes } from '#server/db/schema.ts';
import { kycStudent, SCHOLARSHIP_TIME, seedScholarship } from './support/scholarships.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: SCHOLARSHIP_TIME });

const RACERS = 25;
/** Each racer from an address of its own, as 25 phones would be: the per-address limits are not what is tested. */
const checkout = (token: string, code: string, i: number) =>
  send(t.app, 'user/courses/course-02/checkout', { code }, { token, ip: `198.51.100.${i + 1}` });
const outcome = async (response: Response) =>
  response.status === 201 ? 'won' : `${response.status} ${((await response.json()) as { message: string }).message}`;
const tally = (outcomes: string[]) =>
  Object.fromEntries([...new Set(outcomes)].sort().map((key) => [key, outcomes.filter((o) => o === key).length]));
const racers = () =>
  Promise.all(Array.from({ length: RACERS }, (_, i) => kycStudent(t, { first_name: `Racer${'abcdefghijklmnopqrstuvwxy'[i]}` })));

describe('scholarship races', () => {
  it(`${RACERS} students with codes of their own race for the last seat of a 100 % scholarship: one is enrolled`, async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 100, seats: 3 }, RACERS + 2);
    // Two seats already taken.
    for (const code of codes.slice(RACERS)) await checkout((await kycStudent(t)).token, code, 200);
    const students = await racers();
    const outcomes = await Promise.all(students.map(async (student, i) => outcome(await checkout(student.token, codes[i]!, i))));
    expect(tally(outcomes)).toEqual({ won: 1, [`400 ${NO_SEATS_LEFT}`]: RACERS - 1 });
    const [seated] = await t.db.select({ n: count() }).from(enrolments);
    const [used] = await t.db.select({ n: count() }).from(scholarshipCodes).where(isNotNull(scholarshipCodes.usedAt));
    expect([seated!.n, used!.n]).toEqual([3, 3]);
    expect(
      (await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema)).seats_taken,
    ).toBe(3);
  });

  it(`${RACERS} students race for the last seat of a 50 % scholarship: one payment starts, holding it`, async () => {
    const { codes } = await seedScholarship(t, { seats: 1 }, RACERS);
    const students = await racers();
    const outcomes = await Promise.all(students.map(async (student, i) => outcome(await checkout(student.token, codes[i]!, i))));
    expect(tally(outcomes)).toEqual({ won: 1, [`400 ${NO_SEATS_LEFT}`]: RACERS - 1 });
    const started = await t.db.select().from(payments);
    expect(started.map((payment) => [payment.amountKobo, payment.status])).toEqual([[3_500_000, 'pending']]);
  });

  it('one code raced by two students: one is enrolled, the other told it is used', async () => {
    const { codes } = await seedScholarship(t, { discount_percent: 100 });
    const [first, second] = await Promise.all([kycStudent(t), kycStudent(t)]);
    const outcomes = await Promise.all([first, second].map(async (student, i) => outcome(await checkout(student.token, codes[0]!, i))));
    expect(tally(outcomes)).toEqual({ won: 1, [`400 ${CODE_USED}`]: 1 });
    const [seated] = await t.db.select({ n: count() }).from(enrolments);
    expect(seated!.n).toBe(1);
  });

  it("one student's two tabs with one code: one enrolment, the code used once", async () => {
    const { codes } = await seedScholarship(t, { discount_percent: 100 });
    const student = await kycStudent(t);
    const outcomes = await Promise.all([0, 1].map(async (i) => outcome(await checkout(student.token, codes[0]!, i))));
    expect(outcomes).toContain('won');
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    const rows = await t.db.select().from(enrolments).where(eq(enrolments.studentId, student.id));
    expect(rows).toHaveLength(1);
    const [code] = await t.db.select().from(scholarshipCodes).where(isNotNull(scholarshipCodes.usedAt));
    expect(code!.usedBy).toBe(student.id);
  });
});
