// The built-in test provider's payment page (/payments/test, src/pages/payments/test.astro): it reads the payer's own
// charge and presses Pay or Decline. Mounted only while the test provider runs (src/server/app.ts):
// with Paystack these paths do not exist, so nothing here can settle a real payment.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { koboToDecimal } from '#lib/money.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { payments } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { absoluteUrl, siteOrigin } from '#server/http/public-url.ts';
import { rateLimit } from '#server/http/rate-limit.ts';
import type { TestProvider } from '#server/payments/test-provider.ts';
import { REFERENCE_PATTERN, TestChargeSchema, TestCompletedSchema, TestOutcomeSchema } from '../schemas.ts';
import { PAYMENT_IP_LIMIT, PAYMENT_NOT_FOUND } from './routes.ts';

const MESSAGES = {
  testCharge: 'Test payment',
  testDone: 'Test payment completed.',
};

/** Mounted at /user, after the payment routes, when `testProvider` is the app's provider. */
export function createTestPaymentRoutes(services: ApiServices, testProvider: TestProvider) {
  const { db } = services;
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);

  /** The charge of the signed-in student's own payment; anyone else's, or none, is 404. */
  const testChargeOr404 = async (reference: string, studentId: string) => {
    const owned = REFERENCE_PATTERN.test(reference)
      ? await db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.reference, reference), eq(payments.studentId, studentId)))
      : [];
    const charge = owned.length ? await testProvider.charge(reference) : null;
    if (!charge) throw new ApiError(404, PAYMENT_NOT_FOUND);
    return charge;
  };

  signedIn.get(
    '/test-payments/:reference',
    describeJsonRoute({
      tag: 'Payments',
      summary: "Test mode only: the test payment page reads the charge (the payer's own)",
      examples: { data: { reference: 'ADR-7K2M9QX4PL8N3WZT', amount: '85000.00', currency: 'NGN', status: 'pending' } },
      success: { message: MESSAGES.testCharge, data: TestChargeSchema },
      auth: true,
      errors: { 404: PAYMENT_NOT_FOUND },
    }),
    guard,
    async (c) => {
      const reference = c.req.param('reference');
      const charge = await testChargeOr404(reference, c.var.student.id);
      c.header('cache-control', 'no-store');
      return c.json(
        {
          message: MESSAGES.testCharge,
          data: { reference, amount: koboToDecimal(charge.amountKobo), currency: charge.currency, status: charge.status },
        },
        200,
      );
    },
  );

  signedIn.post(
    '/test-payments/:reference',
    describeJsonRoute({
      tag: 'Payments',
      summary: "Test mode only: Pay or Decline on the test payment page (the payer's own payment)",
      examples: {
        body: { outcome: 'pay' },
        data: { callback_url: 'https://adireacademy.ng/courses/pattern-drafting-foundations/checkout?reference=ADR-7K2M9QX4PL8N3WZT' },
      },
      body: TestOutcomeSchema,
      success: { message: MESSAGES.testDone, data: TestCompletedSchema },
      auth: true,
      rateLimited: true,
      errors: { 404: PAYMENT_NOT_FOUND },
    }),
    rateLimit(services, 'test_payment', PAYMENT_IP_LIMIT),
    guard,
    async (c) => {
      const reference = c.req.param('reference');
      await testChargeOr404(reference, c.var.student.id);
      const { outcome } = await readJsonBody(c, TestOutcomeSchema);
      const done = await testProvider.complete(reference, outcome);
      if (!done) throw new ApiError(404, PAYMENT_NOT_FOUND);
      return c.json(
        { message: MESSAGES.testDone, data: { callback_url: absoluteUrl(siteOrigin(services.env, c), done.callbackPath) } },
        200,
      );
    },
  );

  return new Hono<ApiEnv>().route('/', signedIn);
}
