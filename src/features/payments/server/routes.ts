// Checkout, verify and the provider's webhook (docs/product.md#endpoints, 'Enrolment and
// payment'); the built-in test provider's page actions are ./test-payment-routes.ts. The amount
// always comes from the course's price in the database; every way a payment is settled goes through
// settlePayment().
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { koboToDecimal } from '#lib/money.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { catalogueRelease, courses, enrolments, payments } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isServedRelease, SUPERSEDED_MESSAGE } from '#server/catalogue/release.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { MAX_JSON_BYTES, readLimitedText } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { absoluteUrl, siteOrigin } from '#server/http/public-url.ts';
import { rateLimit, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { PaymentProviderUnavailableError, type ChargeState } from '#server/payments/provider.ts';
import { CheckoutSchema, EnrolmentSchema, PaymentStatusSchema, REFERENCE_PATTERN } from '../schemas.ts';
import { claimPayment } from './open-payments.ts';
import { PaystackEventSchema } from './webhook-event.ts';
import { settlePayment } from './settle-payment.ts';
import { EXAMPLE_COURSE_ID } from '#server/http/openapi-examples.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';

const MESSAGES = {
  enrolment: 'Enrolment.',
  checkout: 'Payment started. Complete it on the payment page.',
  verified: 'Payment checked.',
  webhook: 'Received.',
  courseNotFound: 'Course not found',
  alreadyEnrolled: 'You are already enrolled in this course.',
  paymentNotFound: PAYMENT_NOT_FOUND,
  badSignature: 'Invalid signature',
  providerDown: 'Payments are unavailable right now, please try again in a few minutes. You have not been charged.',
};
const PROVIDER_RETRY_AFTER_SECONDS = 60;
/** Failures that are ours to decide, not the provider's: asking the provider again changes nothing. */
const FINAL_FAILURES = new Set(['amount mismatch', 'currency mismatch', 'reference mismatch', 'provider unavailable']);

/** Per client address: generous (many phones share a carrier's address) but bounded. */
export const PAYMENT_IP_LIMIT: RateLimitPolicy = { limit: 60, windowMs: 10 * 60_000 };
/** Per client address: the provider sends a few events a payment and retries failures; nobody else should call. */
const WEBHOOK_IP_LIMIT: RateLimitPolicy = { limit: 300, windowMs: 10 * 60_000 };

const providerDown = () => new ApiError(503, MESSAGES.providerDown, { headers: { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) } });

/** Mounted at /user. */
export function createPaymentRoutes(services: ApiServices) {
  const { db, payments: provider, clock } = services;
  const routes = new Hono<ApiEnv>();
  const signedIn = new Hono<StudentEnv>();
  const guard = requireStudent(services);
  const limit = (rule: string) => rateLimit(services, rule, PAYMENT_IP_LIMIT);

  const askProvider = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) {
        services.log.error('[payments] the provider is unavailable', error);
        throw providerDown();
      }
      throw error;
    }
  };

  /** Whether the student holds an enrolment in the course (what checkout refuses with 409). */
  async function isEnrolled(studentId: string, courseId: string) {
    const [enrolled] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, studentId), eq(enrolments.courseId, courseId)));
    return enrolled !== undefined;
  }

  signedIn.get(
    '/courses/:id/enrolment',
    describeJsonRoute({
      tag: 'Payments',
      summary: 'Whether the signed-in student is enrolled in the course (the checkout page asks before offering to pay)',
      examples: { data: { enrolled: false } },
      success: { message: MESSAGES.enrolment, data: EnrolmentSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      c.header('cache-control', 'no-store');
      const enrolled = await isEnrolled(c.var.student.id, c.req.param('id'));
      return c.json({ message: MESSAGES.enrolment, data: { enrolled } }, 200);
    },
  );

  signedIn.post(
    '/courses/:id/checkout',
    describeJsonRoute({
      tag: 'Payments',
      summary: 'Start paying for a course; the amount is the course price',
      examples: {
        data: {
          reference: 'ADR-7K2M9QX4PL8N3WZT',
          authorization_url: 'https://checkout.paystack.com/7k2m9qx4pl8n3wzt',
          amount: '85000.00',
          currency: 'NGN',
          provider: 'paystack',
        },
      },
      success: { status: 201, message: MESSAGES.checkout, data: CheckoutSchema },
      auth: true,
      rateLimited: true,
      errors: { 404: MESSAGES.courseNotFound, 409: MESSAGES.alreadyEnrolled },
    }),
    limit('checkout'),
    guard,
    async (c) => {
      const student = c.var.student;
      const courseId = c.req.param('id');
      // The price and the release it belongs to, read in one statement (one snapshot): a publish that
      // changed the price before this process switched its pages is refused, never charged.
      const [course] = await db
        .select({ id: courses.id, priceKobo: courses.priceKobo, buildId: catalogueRelease.buildId })
        .from(courses)
        .leftJoin(catalogueRelease, eq(catalogueRelease.name, 'current'))
        .where(and(eq(courses.id, courseId), isNull(courses.retiredAt)));
      if (!course) throw new ApiError(404, MESSAGES.courseNotFound);
      if (!isServedRelease(course.buildId, services.servedBuild()))
        throw new ApiError(503, SUPERSEDED_MESSAGE, { headers: { 'retry-after': '2', 'cache-control': 'no-store' } });
      if (await isEnrolled(student.id, course.id)) throw new ApiError(409, MESSAGES.alreadyEnrolled);

      const now = clock();
      const answer = (reference: string, authorizationUrl: string) =>
        c.json(
          {
            message: MESSAGES.checkout,
            data: {
              reference,
              authorization_url: absoluteUrl(siteOrigin(services.env, c), authorizationUrl),
              amount: koboToDecimal(course.priceKobo),
              currency: 'NGN' as const,
              provider: provider.name,
            },
          },
          201,
        );
      const claim = await claimPayment(
        db,
        { studentId: student.id, courseId: course.id, amountKobo: course.priceKobo, provider: provider.name },
        now,
      );
      if (claim.kind === 'busy') throw providerDown();
      if (claim.kind === 'open') return answer(claim.reference, claim.authorizationUrl);
      const { id, reference } = claim;
      try {
        const { authorizationUrl } = await askProvider(() =>
          provider.initialize({
            reference,
            amountKobo: course.priceKobo,
            currency: 'NGN',
            email: student.email,
            callbackPath: `/courses/${course.id}/checkout?reference=${reference}`,
          }),
        );
        await db.update(payments).set({ authorizationUrl }).where(eq(payments.id, id));
        return answer(reference, authorizationUrl);
      } catch (error) {
        // The provider never took it: the payment ends here, and the student may try again.
        await db
          .update(payments)
          .set({ status: 'failed', failureReason: 'provider unavailable', updatedAt: clock() })
          .where(eq(payments.id, id));
        throw error;
      }
    },
  );

  signedIn.get(
    '/payments/:reference/verify',
    describeJsonRoute({
      tag: 'Payments',
      summary: 'Check a payment with the provider; a successful one enrols the student (once)',
      examples: { data: { status: 'success', course_id: EXAMPLE_COURSE_ID } },
      success: { message: MESSAGES.verified, data: PaymentStatusSchema },
      auth: true,
      rateLimited: true,
      errors: { 404: MESSAGES.paymentNotFound },
    }),
    limit('verify_payment'),
    guard,
    async (c) => {
      const reference = c.req.param('reference');
      const [payment] = REFERENCE_PATTERN.test(reference)
        ? await db
            .select()
            .from(payments)
            .where(and(eq(payments.reference, reference), eq(payments.studentId, c.var.student.id)))
        : [];
      if (!payment) throw new ApiError(404, MESSAGES.paymentNotFound);
      // A payment the provider called failed may still be paid on the same page (Paystack's
      // 'abandoned' is not final), so it is asked again; only our own verdicts are final.
      const askAgain = payment.status === 'pending' || (payment.status === 'failed' && !FINAL_FAILURES.has(payment.failureReason ?? ''));
      const settled = askAgain ? await settlePayment(services, payment, await askProvider(() => provider.verify(reference))) : null;
      return c.json({ message: MESSAGES.verified, data: { status: settled?.status ?? payment.status, course_id: payment.courseId } }, 200);
    },
  );

  routes.post(
    '/payments/webhook',
    describeJsonRoute({
      tag: 'Payments',
      summary: "The provider's signed event (charge.success); replays change nothing",
      examples: {
        body: { event: 'charge.success', data: { reference: 'ADR-7K2M9QX4PL8N3WZT', amount: 8500000, currency: 'NGN', status: 'success' } },
      },
      description:
        "Paystack's event, signed in x-paystack-signature: the hex HMAC-SHA512 of the raw body, keyed with the secret key. The body is read as it arrives and cut at 64 KiB (413) before the signature is checked; a bad signature is 401. Only charge.success settles a payment, once (a replay changes nothing); any other event, or a reference that is not ours, answers 200 and changes nothing.",
      success: { message: MESSAGES.webhook },
      signature: 'paystackSignature',
      rawJsonBody: PaystackEventSchema,
      rateLimited: true,
      errors: { 401: MESSAGES.badSignature, 413: 'The request body is larger than 64 KiB.' },
    }),
    rateLimit(services, 'webhook', WEBHOOK_IP_LIMIT),
    async (c) => {
      // Read through the same capped streaming reader as every JSON body: a huge or endless body is
      // refused at 64 KiB, never buffered, and costs no HMAC.
      const raw = await readLimitedText(c.req.raw, MAX_JSON_BYTES);
      const event = await provider.readWebhook(raw, c.req.raw.headers);
      if (event === null) throw new ApiError(401, MESSAGES.badSignature);
      if (event !== 'ignored') await settleFromEvent(event);
      return c.json({ message: MESSAGES.webhook, data: null }, 200);
    },
  );

  async function settleFromEvent(event: ChargeState) {
    const [payment] = await db.select().from(payments).where(eq(payments.reference, event.reference));
    // Not one of ours (another integration on the same Paystack account): nothing to do.
    if (payment) await settlePayment(services, payment, event);
  }

  routes.route('/', signedIn);
  return routes;
}
