// Scholarships in the staff console (docs/product.md, 'Scholarships and discount codes'): an admin
// creates one (the partner a project page, the courses in the catalogue, the terms checked), edits it
// while no seat is taken, closes it early and makes codes (10 characters without look-alikes, from a
// CSPRNG, only their hashes kept); any member lists them with seats taken and downloads the
// beneficiaries' CSV, formula-safe; each change is in the audit log; a staff member may not change.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_PERMITTED_MESSAGE } from '#lib/errors.ts';
import {
  CodesSchema,
  courseUnknown,
  EnrolledByScholarshipSchema,
  PARTNER_UNKNOWN,
  SCHOLARSHIP_CLOSED,
  SCHOLARSHIP_IN_USE,
  ScholarshipSchema,
  ScholarshipsPageSchema,
} from '#lib/schemas/scholarships.ts';
import { AuditPageSchema, SummarySchema } from '#features/staff/schemas.ts';
import { scholarshipCodes, students } from '#server/db/schema.ts';
import { seedStaff } from '../support/staff.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { kycStudent, SCHOLARSHIP_BODY, SCHOLARSHIP_TIME, seedScholarship } from './support/scholarships.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: SCHOLARSHIP_TIME });

const refusalOf = async (response: Response) => {
  const body = (await response.json()) as { message: string; errors?: Record<string, string[]> };
  return { status: response.status, message: body.message, errors: body.errors };
};

describe('scholarships in the staff console', () => {
  it('an admin creates one: the answer has its terms, dates in Lagos, no seat taken, and it is audited', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t, { role: 'admin' });
    const body = { ...SCHOLARSHIP_BODY, course_ids: ['course-02', 'course-03', 'course-02'], min_age: 18, max_age: 35, states: ['Lagos'] };
    const created = await readData(await send(t.app, 'staff/scholarships', body, { token }), ScholarshipSchema, 201);
    expect(created).toMatchObject({
      name: 'LSETF Fashion Skills 2027',
      partner: 'lsetf',
      partner_name: 'Lagos State Employment Trust Fund',
      course_ids: ['course-02', 'course-03'],
      discount_percent: 50,
      seats: 10,
      seats_taken: 0,
      codes_issued: 0,
      starts_at: '2026-12-31T23:00:00.000Z',
      ends_at: '2027-03-31T22:59:59.999Z',
      min_age: 18,
      max_age: 35,
      states: ['Lagos'],
      status: 'open',
      closed_at: null,
    });
    const list = await readData(await get(t.app, 'staff/scholarships', { token }), ScholarshipsPageSchema);
    expect([list.scholarships.map((s) => s.id), list.total_count]).toEqual([[created.id], 1]);
    expect(await readData(await get(t.app, `staff/scholarships/${created.id}`, { token }), ScholarshipSchema)).toEqual(created);
    expect((await get(t.app, 'staff/scholarships/00000000-0000-4000-8000-000000000000', { token })).status).toBe(404);
    expect((await get(t.app, 'staff/scholarships/not-an-id', { token })).status).toBe(404);
    const audit = await readData(await get(t.app, 'staff/audit?action=scholarship.create', { token }), AuditPageSchema);
    expect(audit.entries.map((entry) => entry.target)).toEqual([`scholarship:${created.id}`]);
  });

  it('refuses a partner that is no project page, a course not in the catalogue, and terms that do not hold', async () => {
    await seedCatalogue(t.db);
    const { token } = await seedStaff(t, { role: 'admin' });
    const refused = async (change: Record<string, unknown>) =>
      refusalOf(await send(t.app, 'staff/scholarships', { ...SCHOLARSHIP_BODY, ...change }, { token }));
    expect(await refused({ partner: 'shell' })).toMatchObject({ status: 400, errors: { partner: [PARTNER_UNKNOWN] } });
    expect(await refused({ course_ids: ['course-02', 'no-such-course'] })).toMatchObject({
      status: 400,
      errors: { course_ids: [courseUnknown('no-such-course')] },
    });
    expect((await refused({ course_ids: [] })).errors).toEqual({ course_ids: ['Choose at least one course'] });
    expect((await refused({ discount_percent: 0 })).errors).toHaveProperty('discount_percent');
    expect((await refused({ discount_percent: 101 })).errors).toHaveProperty('discount_percent');
    expect((await refused({ discount_percent: 12.5 })).errors).toHaveProperty('discount_percent');
    expect((await refused({ seats: 0 })).errors).toHaveProperty('seats');
    expect((await refused({ ends_at: '2026-12-01' })).errors).toEqual({ ends_at: ['The closing date must be after the opening date'] });
    expect((await refused({ min_age: 18 })).errors).toEqual({ max_age: ['Give both the youngest and the oldest age, or neither'] });
    expect((await refused({ min_age: 40, max_age: 30 })).errors).toEqual({ min_age: ['The youngest age must be at most the oldest'] });
    expect(Object.keys((await refused({ states: ['Atlantis'] })).errors ?? {})).toEqual(['states.0']);
    expect((await refused({ starts_at: 'next week' })).errors).toHaveProperty('starts_at');
    expect(await readData(await get(t.app, 'staff/scholarships', { token }), ScholarshipsPageSchema)).toMatchObject({ total_count: 0 });
  });

  it('makes single-use codes of 10 characters without look-alikes, shown once and kept only as hashes', async () => {
    const { admin, scholarship } = await seedScholarship(t);
    const { codes } = await readData(
      await send(t.app, `staff/scholarships/${scholarship.id}/codes`, { count: 500 }, { token: admin }),
      CodesSchema,
      201,
    );
    expect(codes).toHaveLength(500);
    expect(new Set(codes).size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
    // Drawn from a CSPRNG: every one of the 32 characters turns up in 5000 of them.
    expect(new Set(codes.join('')).size).toBe(32);
    const stored = await t.db.select().from(scholarshipCodes).where(eq(scholarshipCodes.scholarshipId, scholarship.id));
    expect(stored.length).toBeGreaterThanOrEqual(500);
    const everything = JSON.stringify(stored);
    for (const code of codes.slice(0, 20)) expect(everything).not.toContain(code);
    for (const count of [0, 501, '5']) {
      const refused = await send(t.app, `staff/scholarships/${scholarship.id}/codes`, { count }, { token: admin });
      expect(refused.status).toBe(400);
    }
    const page = await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema);
    expect(page.codes_issued).toBe(stored.length);
  });

  it('a staff member reads and downloads but may not create, edit, close or make codes', async () => {
    const { scholarship } = await seedScholarship(t);
    const { token } = await seedStaff(t);
    for (const [path, body, method] of [
      ['staff/scholarships', SCHOLARSHIP_BODY, 'POST'],
      [`staff/scholarships/${scholarship.id}`, { seats: 5 }, 'PATCH'],
      [`staff/scholarships/${scholarship.id}/close`, undefined, 'POST'],
      [`staff/scholarships/${scholarship.id}/codes`, { count: 1 }, 'POST'],
    ] as const) {
      const refused = await send(t.app, path, body, { token, method });
      expect([path, refused.status, (await readJson(refused)).message]).toEqual([path, 403, NOT_PERMITTED_MESSAGE]);
    }
    expect((await get(t.app, 'staff/scholarships', { token })).status).toBe(200);
    expect((await get(t.app, `staff/scholarships/${scholarship.id}/beneficiaries.csv`, { token })).status).toBe(200);
    const student = await kycStudent(t);
    expect((await get(t.app, 'staff/scholarships', { token: student.token })).status).toBe(401);
    expect((await get(t.app, `staff/scholarships/${scholarship.id}/beneficiaries.csv`, { token: student.token })).status).toBe(401);
    expect(await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token }), ScholarshipSchema)).toMatchObject({
      seats: 10,
    });
  });

  it('edits while no seat is taken (checked as a new one), then refuses with 409 once a code is used', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 100 });
    const edited = await readData(
      await send(
        t.app,
        `staff/scholarships/${scholarship.id}`,
        { seats: 3, course_ids: ['course-02', 'course-04'] },
        { token: admin, method: 'PATCH' },
      ),
      ScholarshipSchema,
    );
    expect(edited).toMatchObject({ seats: 3, course_ids: ['course-02', 'course-04'], name: scholarship.name, discount_percent: 100 });
    const badDates = await send(
      t.app,
      `staff/scholarships/${scholarship.id}`,
      { ends_at: '2026-12-01' },
      { token: admin, method: 'PATCH' },
    );
    expect(await refusalOf(badDates)).toMatchObject({
      status: 400,
      errors: { ends_at: ['The closing date must be after the opening date'] },
    });
    expect((await send(t.app, `staff/scholarships/${scholarship.id}`, {}, { token: admin, method: 'PATCH' })).status).toBe(400);
    expect(
      (await send(t.app, `staff/scholarships/${scholarship.id}`, { partner: 'nobody' }, { token: admin, method: 'PATCH' })).status,
    ).toBe(400);

    const student = await kycStudent(t);
    await readData(
      await send(t.app, 'user/courses/course-02/checkout', { code: codes[0] }, { token: student.token }),
      EnrolledByScholarshipSchema,
      201,
    );
    const locked = await send(t.app, `staff/scholarships/${scholarship.id}`, { seats: 4 }, { token: admin, method: 'PATCH' });
    expect(await refusalOf(locked)).toMatchObject({ status: 409, message: SCHOLARSHIP_IN_USE });
    const after = await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema);
    expect([after.seats, after.seats_taken]).toEqual([3, 1]);
    const audit = await readData(await get(t.app, 'staff/audit?action=scholarship.edit', { token: admin }), AuditPageSchema);
    expect(audit.entries).toHaveLength(1);
  });

  it('closes early: the status says so, codes are refused and no more are made; closing twice changes nothing', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t);
    t.clock.advance(1000);
    const closed = await readData(
      await send(t.app, `staff/scholarships/${scholarship.id}/close`, undefined, { token: admin }),
      ScholarshipSchema,
    );
    expect([closed.status, closed.closed_at]).toEqual(['closed', '2027-01-10T09:00:01.000Z']);
    t.clock.advance(60_000);
    const again = await readData(
      await send(t.app, `staff/scholarships/${scholarship.id}/close`, undefined, { token: admin }),
      ScholarshipSchema,
    );
    expect(again.closed_at).toBe(closed.closed_at);
    const student = await kycStudent(t);
    const quote = await get(t.app, `user/courses/course-02/quote?code=${codes[0]}`, { token: student.token });
    expect(await refusalOf(quote)).toMatchObject({ status: 400, errors: { code: [SCHOLARSHIP_CLOSED] } });
    const more = await send(t.app, `staff/scholarships/${scholarship.id}/codes`, { count: 1 }, { token: admin });
    expect(await refusalOf(more)).toMatchObject({ status: 409, message: SCHOLARSHIP_CLOSED });
    const audit = await readData(await get(t.app, 'staff/audit?per_page=100', { token: admin }), AuditPageSchema);
    // Creating and making codes share one instant of the test's clock: their order in the log is not the point.
    const actions = audit.entries.map((entry) => entry.action).filter((action) => action.startsWith('scholarship.'));
    expect(actions.toSorted()).toEqual(['scholarship.close', 'scholarship.codes', 'scholarship.create']);
  });

  it('the beneficiaries CSV lists who came, with state and age from KYC, formula-safe; the summary counts seats', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 100 }, 2);
    const student = await kycStudent(t, { date_of_birth: '2001-04-17', state: 'Lagos' });
    await t.db
      .update(students)
      .set({ firstName: '=HYPERLINK("http://evil.example")', phoneNumber: '+2348012345678' })
      .where(eq(students.id, student.id));
    await readData(
      await send(t.app, 'user/courses/course-02/checkout', { code: codes[0] }, { token: student.token }),
      EnrolledByScholarshipSchema,
      201,
    );
    const csv = await get(t.app, `staff/scholarships/${scholarship.id}/beneficiaries.csv`, { token: admin });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe('name,email,phone,state,age,course,enrolled_at,progress');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"") Obi",${student.email},'+2348012345678,Lagos,25,Course number 2,${SCHOLARSHIP_TIME.replace('Z', '.000Z')},0`,
    );
    const summary = await readData(await get(t.app, 'staff/summary', { token: admin }), SummarySchema);
    expect(summary.scholarships).toEqual([{ id: scholarship.id, name: scholarship.name, partner: 'lsetf', seats: 10, seats_taken: 1 }]);
    // Revoked by an admin, the enrolment gives its seat back (the code stays used) and leaves the CSV.
    const revoked = await send(
      t.app,
      `staff/enrolments/${student.id}/course-02`,
      { reason: 'Never attended' },
      { token: admin, method: 'DELETE' },
    );
    expect(revoked.status).toBe(200);
    expect(
      (await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema)).seats_taken,
    ).toBe(0);
    expect(
      (await (await get(t.app, `staff/scholarships/${scholarship.id}/beneficiaries.csv`, { token: admin })).text()).split('\r\n'),
    ).toHaveLength(1);
    await send(t.app, `staff/scholarships/${scholarship.id}/close`, undefined, { token: admin });
    expect((await readData(await get(t.app, 'staff/summary', { token: admin }), SummarySchema)).scholarships).toEqual([]);
  });
});
