// Findings of the review of 2026-11-27 on scholarship codes at checkout.
import { describe, expect, it } from 'vitest';
import { CheckoutSchema } from '#features/payments/schemas.ts';
import { QuoteSchema } from '#lib/schemas/scholarships.ts';
import { kycStudent, SCHOLARSHIP_BODY, SCHOLARSHIP_TIME, seedScholarship } from './support/scholarships.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';

const t = useTestApp({ startAt: SCHOLARSHIP_TIME });

describe('a declined payment with a code', () => {
  it('no longer holds the last seat: only a pending payment does (docs/product.md)', async () => {
    const { codes } = await seedScholarship(t, { seats: 1 }, 2);
    const [first, second] = codes as [string, string];
    const ada = await kycStudent(t);
    const started = await readData(
      await send(t.app, 'user/courses/course-02/checkout', { code: first }, { token: ada.token }),
      CheckoutSchema,
      201,
    );
    const declined = await send(t.app, `user/test-payments/${started.reference}`, { outcome: 'decline' }, { token: ada.token });
    expect(declined.status).toBe(200);
    // Back on the checkout page, which checks the payment: failed.
    const verified = await get(t.app, `user/payments/${started.reference}/verify`, { token: ada.token });
    expect(((await verified.json()) as { data: { status: string } }).data.status).toBe('failed');

    // Another student, with the other code, minutes later: the seat is free again.
    const bola = await kycStudent(t, { first_name: 'Bola' });
    const quote = await readData(await get(t.app, `user/courses/course-02/quote?code=${second}`, { token: bola.token }), QuoteSchema);
    expect(quote.discount).not.toBe('0.00');
    // And Ada's own code may go to her again, or to nobody else meanwhile: it is not used.
    expect((await get(t.app, `user/courses/course-02/quote?code=${first}`, { token: bola.token })).status).toBe(200);
  });
});

describe('a payment with a code superseded by a checkout without it', () => {
  it('no longer holds the last seat: the student chose to pay the full price', async () => {
    const { codes } = await seedScholarship(t, { seats: 1 }, 2);
    const [first, second] = codes as [string, string];
    const ada = await kycStudent(t);
    const withCode = await send(t.app, 'user/courses/course-02/checkout', { code: first }, { token: ada.token });
    expect(withCode.status).toBe(201);
    // Back, and checkout again without the code: the first payment is superseded.
    const full = await readData(await send(t.app, 'user/courses/course-02/checkout', undefined, { token: ada.token }), CheckoutSchema, 201);
    expect(full.amount).toBe('70000.00');
    const bola = await kycStudent(t, { first_name: 'Bola' });
    expect((await get(t.app, `user/courses/course-02/quote?code=${second}`, { token: bola.token })).status).toBe(200);
  });
});

describe('a scholarship with a date that is not in the calendar', () => {
  it('is refused with the date message, not moved to the next month', async () => {
    const { admin } = await seedScholarship(t);
    for (const starts_at of ['2027-02-30', '2027-02-29T09:00:00Z', '2027-04-31']) {
      const body = { ...SCHOLARSHIP_BODY, starts_at, ends_at: '2027-06-30' };
      const refused = await send(t.app, 'staff/scholarships', body, { token: admin });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.starts_at).toEqual([
        'The opening date must be a date (2027-01-31) or a date and time (2027-01-31T09:00:00Z)',
      ]);
    }
  });
});
