// Scholarships for the API tests: one made by an admin through the staff routes, its codes, and
// students whose KYC (age and state) a code is judged by.
import { CodesSchema, ScholarshipSchema, type Scholarship } from '#lib/schemas/scholarships.ts';
import { seedStaff } from '../../support/staff.ts';
import { seedCatalogue } from './catalogue.ts';
import { signUpStudent } from './factories.ts';
import { readData, send, type TestAppFixture } from './test-app.ts';

export const SCHOLARSHIP_BODY = {
  name: 'LSETF Fashion Skills 2027',
  partner: 'lsetf',
  course_ids: ['course-02'],
  discount_percent: 50,
  seats: 10,
  starts_at: '2027-01-01',
  ends_at: '2027-03-31',
};

/** Where the scholarship tests' clock starts: inside SCHOLARSHIP_BODY's window. */
export const SCHOLARSHIP_TIME = '2027-01-10T09:00:00Z';

export async function seedScholarship(
  t: TestAppFixture,
  overrides: Partial<Record<keyof typeof SCHOLARSHIP_BODY | 'min_age' | 'max_age' | 'states', unknown>> = {},
  codes = 1,
): Promise<{ admin: string; scholarship: Scholarship; codes: string[] }> {
  await seedCatalogue(t.db);
  const { token: admin } = await seedStaff(t, { role: 'admin' });
  const scholarship = await readData(
    await send(t.app, 'staff/scholarships', { ...SCHOLARSHIP_BODY, ...overrides }, { token: admin }),
    ScholarshipSchema,
    201,
  );
  const made = await readData(
    await send(t.app, `staff/scholarships/${scholarship.id}/codes`, { count: codes }, { token: admin }),
    CodesSchema,
    201,
  );
  return { admin, scholarship, codes: made.codes };
}

/** A signed-in student with KYC done: born `date_of_birth`, living in `state`. */
export async function kycStudent(
  t: TestAppFixture,
  {
    date_of_birth = '2001-04-17',
    state = 'Lagos',
    first_name = 'Ada',
  }: { date_of_birth?: string; state?: string; first_name?: string } = {},
) {
  const student = await signUpStudent(t, { first_name });
  const kyc = await send(
    t.app,
    'user/auth/student/kyc',
    { gender: 'female', date_of_birth, state, country: 'Nigeria' },
    { token: student.token },
  );
  if (kyc.status !== 200) throw new Error(`KYC answered ${kyc.status}: ${await kyc.text()}`);
  return student;
}
