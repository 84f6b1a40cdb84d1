// A scholarship code's discount over the wire: Paystack (the local fake, support/fake-paystack.ts) is
// asked for exactly the total in kobo, and the payment it reports settles with the code used.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutSchema } from '#features/payments/schemas.ts';
import { ScholarshipSchema } from '#lib/schemas/scholarships.ts';
import { createPaystackProvider } from '#server/payments/paystack.ts';
import { startFakePaystack, type FakePaystack } from './support/fake-paystack.ts';
import { kycStudent, SCHOLARSHIP_TIME, seedScholarship } from './support/scholarships.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';

const SECRET = 'sk_test_abc123';
const SITE = 'https://adire.test';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack({ secretKey: SECRET, siteUrl: SITE });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const t = useTestApp({
  startAt: SCHOLARSHIP_TIME,
  env: { PUBLIC_SITE_URL: SITE },
  payments: () => createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, siteUrl: SITE }),
});

describe('a scholarship code on Paystack', () => {
  it('asks Paystack for the total in kobo (35 % off 70000.00: 4550000 kobo) and settles with the code used', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, { discount_percent: 35 });
    const student = await kycStudent(t);
    const started = await readData(
      await send(t.app, 'user/courses/course-02/checkout', { code: codes[0] }, { token: student.token }),
      CheckoutSchema,
      201,
    );
    expect(started.amount).toBe('45500.00');
    expect(fake.transactions.get(started.reference)!.amount).toBe(4_550_000);
    expect(fake.problems).toEqual([]);
    fake.settle(started.reference, 'success');
    const verified = await get(t.app, `user/payments/${started.reference}/verify`, { token: student.token });
    expect(((await verified.json()) as { data: { status: string } }).data.status).toBe('success');
    const page = await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema);
    expect(page.seats_taken).toBe(1);
  });
});
