// Checkout, verify and the provider's webhook (docs/product.md#endpoints, 'Enrolment and
// payment'); the built-in test provider's page actions are ./test-payment-routes.ts. The amount
// always comes from the course's price in the database, less a scholarship code's discount (the
// quote shows it first: docs/product.md, 'Scholarships and discount codes'); every way a payment is
// settled goes through settlePayment().
import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { koboToDecimal } from '#lib/money.ts';
import {
  agesRefusal,
  CheckoutBodySchema,
  CODE_NOT_VALID,
  CODE_USED,
  EnrolledByScholarshipSchema,
  KYC_REQUIRED,
  NO_SEATS_LEFT,
  QuoteQuerySchema,
  QuoteSchema,
  SCHOLARSHIP_CLOSED,
  statesRefusal,
} from '#lib/schemas/scholarships.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { catalogueRelease, courses, enrolments, payments } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { isServedRelease, SUPERSEDED_MESSAGE } from '#server/catalogue/release.ts';
import { forSaleSql, NOT_FOR_SALE } from '#server/catalogue/for-sale.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { MAX_JSON_BYTES, readJsonBody, readLimitedText } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { absoluteUrl, siteOrigin } from '#server/http/public-url.ts';
import { rateLimit, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { validateInput } from '#server/http/validate.ts';
import { PaymentProviderUnavailableError, type ChargeState } from '#server/payments/provider.ts';
import { CODE_TRIES_PER_ADDRESS, tryCode } from '#server/scholarships/code-tries.ts';
import { codeRefusal, judgeCode, releaseHold } from '#server/scholarships/take-code.ts';
import { CheckoutSchema, EnrolmentSchema, PaymentStatusSchema, REFERENCE_PATTERN } from '../schemas.ts';
import { claimPayment } from './open-payments.ts';
import { ALREADY_ENROLLED, checkoutWithCode } from './scholarship-checkout.ts';
import { PaystackEventSchema } from './webhook-event.ts';
import { settlePayment } from './settle-payment.ts';
import { EXAMPLE_COURSE_ID } from '#server/http/openapi-examples.ts';

const EXAMPLE_MENTION = { name: 'LSETF Fashion Skills 2027', partner: 'lsetf', partner_name: 'Lagos State Employment Trust Fund' };

export const PAYMENT_NOT_FOUND = 'Payment not found';

const MESSAGES = {
  enrolment: 'Enrolment.',
  checkout: 'Payment started. Complete it on the payment page.',
  quote: 'Quote.',
  enrolledByScholarship: 'You are enrolled: your scholarship pays the whole price.',
  verified: 'Payment checked.',
  webhook: 'Received.',
  courseNotFound: 'Course not found',
  alreadyEnrolled: ALREADY_ENROLLED,
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

  /** The course, live, with its price; 404 when there is none. */
  /**
   * The course and its price with the release they belong to, read in one statement (one snapshot): a
   * publish that changed the price before this process switched its pages is refused (503), never
   * quoted or charged.
   */
  async function liveCourse(courseId: string) {
    const [course] = await db
      .select({
        id: courses.id,
        title: courses.title,
        priceKobo: courses.priceKobo,
        buildId: catalogueRelease.buildId,
        forSale: forSaleSql(),
      })
      .from(courses)
      .leftJoin(catalogueRelease, eq(catalogueRelease.name, 'current'))
      .where(and(eq(courses.id, courseId), isNull(courses.retiredAt)));
    if (!course) throw new ApiError(404, MESSAGES.courseNotFound);
    // Nothing to study yet (no material, no ready lesson): not quoted, not sold.
    if (!course.forSale) throw new ApiError(409, NOT_FOR_SALE);
    if (!isServedRelease(course.buildId, services.servedBuild()))
      throw new ApiError(503, SUPERSEDED_MESSAGE, { headers: { 'retry-after': '2', 'cache-control': 'no-store' } });
    return course;
  }

  const codeRefusals = [
    KYC_REQUIRED,
    CODE_NOT_VALID,
    SCHOLARSHIP_CLOSED,
    CODE_USED,
    agesRefusal(18, 35),
    statesRefusal(['Lagos', 'Ogun']),
    NO_SEATS_LEFT,
  ].join('`, `');

  signedIn.get(
    '/courses/:id/quote',
    describeJsonRoute({
      tag: 'Payments',
      summary: "What checkout would charge: the price, a scholarship code's discount, the total",
      description: `Without \`code\` (or empty): the full price. A code is judged as checkout would, without taking anything. 400 on \`code\`: \`${codeRefusals}\` (ages and states as the scholarship says). Tries with a code count like passwords: after 5 refused within 15 minutes from one address, or 100 in an hour from anywhere, or ${CODE_TRIES_PER_ADDRESS} from one address for any account, 429.`,
      examples: { data: { price: '85000.00', discount: '42500.00', total: '42500.00', scholarship: EXAMPLE_MENTION } },
      query: QuoteQuerySchema,
      success: { message: MESSAGES.quote, data: QuoteSchema },
      auth: true,
      rateLimited: true,
      errors: { 404: MESSAGES.courseNotFound, 409: NOT_FOR_SALE },
    }),
    limit('quote'),
    guard,
    async (c) => {
      const { code } = validateInput(QuoteQuerySchema, c.req.query());
      const course = await liveCourse(c.req.param('id'));
      const student = c.var.student;
      const price = koboToDecimal(course.priceKobo);
      if (!code) return c.json({ message: MESSAGES.quote, data: { price, discount: '0.00', total: price, scholarship: null } }, 200);
      // KYC first, and uncounted: it is no guess.
      if (!student.kycCompletedAt) throw codeRefusal(KYC_REQUIRED);
      const terms = await tryCode(services, c, student.id, () => judgeCode(db, student, course, code, clock()));
      return c.json(
        {
          message: MESSAGES.quote,
          data: { price, discount: koboToDecimal(terms.discountKobo), total: koboToDecimal(terms.totalKobo), scholarship: terms.mention },
        },
        200,
      );
    },
  );

  /** Checkout's body: none (as before), `{}` or `{code}`. */
  async function checkoutBody(c: Context) {
    const declared = c.req.header('content-length');
    if (!c.req.raw.body || declared === '0') return {};
    return readJsonBody(c, CheckoutBodySchema);
  }

  signedIn.post(
    '/courses/:id/checkout',
    describeJsonRoute({
      tag: 'Payments',
      summary: "Start paying for a course; the amount is the course price, less a scholarship code's discount",
      description: `The body is optional. With \`code\`, the amount is the quote's \`total\` and the code is held by this payment for 30 minutes (used when it succeeds); a code that pays the whole price enrols at once: 201 with \`{enrolled: true, course_id}\` and no payment. The code's refusals and limits are the quote's.`,
      examples: {
        message: MESSAGES.checkout,
        body: { code: 'K7QX2MPHRA' },
        data: {
          reference: 'ADR-7K2M9QX4PL8N3WZT',
          authorization_url: 'https://checkout.paystack.com/7k2m9qx4pl8n3wzt',
          amount: '85000.00',
          currency: 'NGN',
          provider: 'paystack',
        },
      },
      body: CheckoutBodySchema,
      bodyOptional: true,
      success: {
        status: 201,
        description: `${MESSAGES.checkout} With a code that pays the whole price: ${MESSAGES.enrolledByScholarship}`,
        data: v.union([CheckoutSchema, EnrolledByScholarshipSchema]),
      },
      auth: true,
      rateLimited: true,
      errors: { 404: MESSAGES.courseNotFound, 409: `${MESSAGES.alreadyEnrolled}; or ${NOT_FOR_SALE}` },
    }),
    limit('checkout'),
    guard,
    async (c) => {
      const student = c.var.student;
      const { code } = await checkoutBody(c);
      const course = await liveCourse(c.req.param('id'));
      if (await isEnrolled(student.id, course.id)) throw new ApiError(409, MESSAGES.alreadyEnrolled);
      if (code && !student.kycCompletedAt) throw codeRefusal(KYC_REQUIRED);

      const withCode = code ? await checkoutWithCode(services, c, student, course, code) : null;
      if (withCode?.kind === 'enrolled')
        return c.json({ message: MESSAGES.enrolledByScholarship, data: { enrolled: true as const, course_id: course.id } }, 201);
      const amountKobo = withCode?.terms.totalKobo ?? course.priceKobo;

      const now = clock();
      const answer = (reference: string, authorizationUrl: string) =>
        c.json(
          {
            message: MESSAGES.checkout,
            data: {
              reference,
              authorization_url: absoluteUrl(siteOrigin(services.env, c), authorizationUrl),
              amount: koboToDecimal(amountKobo),
              currency: 'NGN' as const,
              provider: provider.name,
            },
          },
          201,
        );
      const claim = await claimPayment(
        db,
        {
          studentId: student.id,
          courseId: course.id,
          amountKobo,
          provider: provider.name,
          scholarshipCodeId: withCode?.terms.codeId ?? null,
          discountKobo: withCode?.terms.discountKobo ?? null,
        },
        now,
      );
      if (claim.kind === 'busy') throw providerDown();
      if (claim.kind === 'open') return answer(claim.reference, claim.authorizationUrl);
      const { id, reference } = claim;
      try {
        const { authorizationUrl } = await askProvider(() =>
          provider.initialize({
            reference,
            amountKobo,
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
        if (withCode) await releaseHold(db, withCode.terms.codeId, student.id, now);
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
