// The Paystack driver over the wire, against a local fake of Paystack's API
// (support/fake-paystack.ts) that records and checks every request: checkout sends the course
// price in kobo, NGN, our reference and an absolute callback URL with the secret key; verify and
// signed webhooks enrol exactly once; tampered amounts and currencies never enrol; Paystack's
// statuses map to ours; a Paystack that is down is a 503 that loses nothing. A scholarship code's
// discount: Paystack is asked for the total, to the kobo.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScholarshipSchema } from '#lib/schemas/scholarships.ts';
import { enrolments, notifications, payments } from '#server/db/schema.ts';
import { createPaystackProvider } from '#server/payments/paystack.ts';
import { NOT_FOUND_MESSAGE } from '#server/http/unmatched.ts';
import { hasValidSignature, PaymentProviderUnavailableError, signWebhook } from '#server/payments/provider.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { closedPort } from './support/closed-port.ts';
import { signUpStudent } from './support/factories.ts';
import { startFakePaystack, type FakePaystack, type PaystackStatus } from './support/fake-paystack.ts';
import { kycStudent, seedScholarship } from './support/scholarships.ts';
import { authHeader, get, readData, readJson, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

const SECRET = 'sk_test_abc123';
const SITE = 'https://adire.test';
const PRICE_KOBO = 7_000_000; // course-02: 70000.00 naira
const REFERENCE = /^ADR-[A-Z0-9]{16}$/;

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack({ secretKey: SECRET, siteUrl: SITE });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const t = useTestApp({
  env: { PUBLIC_SITE_URL: SITE },
  payments: () => createPaystackProvider({ secretKey: SECRET, baseUrl: fake.url, siteUrl: SITE }),
});

type Started = { reference: string; authorization_url: string; amount: string; currency: string };

const as = (token: string) => ({ headers: authHeader(token) });
const checkout = (token: string, course = 'course-02') => send(t.app, `user/courses/${course}/checkout`, undefined, as(token));
const verify = (token: string, reference: string) =>
  send(t.app, `user/payments/${reference}/verify`, undefined, { method: 'GET', ...as(token) });
const statusOf = async (token: string, reference: string) => {
  const answer = await verify(token, reference);
  expect(answer.status).toBe(200);
  return (await readJson(answer)).data as { status: string; course_id: string };
};
const myCourseIds = async (token: string) =>
  (
    (await readJson(await send(t.app, 'user/student/courses', undefined, { method: 'GET', ...as(token) }))).data as { course_id: string }[]
  ).map((course) => course.course_id);
const receiptMails = () => t.mailer.sent.filter((mail) => mail.kind === 'receipt');
const verifyCalls = () => fake.received.filter((request) => request.path.startsWith('/transaction/verify/'));

async function startPayment(token: string): Promise<Started> {
  const answer = await checkout(token);
  expect(answer.status).toBe(201);
  return (await readJson(answer)).data as Started;
}

async function studentWithCatalogue() {
  await seedCatalogue(t.db);
  return signUpStudent(t);
}

/** A charge.success event as Paystack sends it, and its raw body. */
function chargeSuccess(reference: string, email: string, amount = PRICE_KOBO, currency = 'NGN') {
  return JSON.stringify({
    event: 'charge.success',
    data: {
      id: 4_099_260_516,
      domain: 'test',
      status: 'success',
      reference,
      amount,
      currency,
      gateway_response: 'Successful',
      paid_at: '2025-03-01T10:00:00.000Z',
      channel: 'card',
      customer: { email, customer_code: 'CUS_fake' },
    },
  });
}
const postWebhook = (raw: string, signature?: string) =>
  send(t.app, 'user/payments/webhook', raw, signature === undefined ? {} : { headers: { 'x-paystack-signature': signature } });

describe('checkout through Paystack', () => {
  it("answers 201 with Paystack's page, after sending Paystack the price in kobo, NGN, our reference and the callback", async () => {
    const student = await studentWithCatalogue();
    const answer = await checkout(student.token);
    expect(answer.status).toBe(201);
    const { message, data } = (await readJson(answer)) as { message: string; data: Started };
    expect(message).toBe('Payment started. Complete it on the payment page.');
    expect(data.reference).toMatch(REFERENCE);
    expect(data.amount).toBe('70000.00');
    expect(data.currency).toBe('NGN');

    expect(fake.problems).toEqual([]);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: `Bearer ${SECRET}`,
      contentType: 'application/json',
    });
    expect(request!.body).toEqual({
      amount: PRICE_KOBO,
      currency: 'NGN',
      reference: data.reference,
      email: student.email,
      callback_url: `${SITE}/courses/course-02/checkout?reference=${data.reference}`,
    });
    // An integer in kobo on the wire: neither naira, a string nor a fraction.
    expect(request!.rawBody).toContain(`"amount":${PRICE_KOBO},`);

    const charge = fake.transactions.get(data.reference)!;
    expect(data.authorization_url).toBe(`https://checkout.paystack.com/${charge.access_code}`);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, data.reference));
    expect(payment).toMatchObject({ provider: 'paystack', status: 'pending', amountKobo: PRICE_KOBO, currency: 'NGN' });
  });
});

describe('a scholarship code through Paystack', () => {
  it('asks Paystack for exactly the discounted total in kobo (35 % off 70000.00: 4550000) and settles with the code used', async () => {
    const { admin, scholarship, codes } = await seedScholarship(t, {
      discount_percent: 35,
      starts_at: '2026-01-01',
      ends_at: '2030-12-31',
    });
    const student = await kycStudent(t);
    const started = await send(t.app, 'user/courses/course-02/checkout', { code: codes[0] }, as(student.token));
    expect(started.status).toBe(201);
    const { reference, amount } = (await readJson(started)).data as Started;
    expect([amount, fake.transactions.get(reference)!.amount, fake.problems]).toEqual(['45500.00', 4_550_000, []]);
    fake.settle(reference, 'success');
    expect(await statusOf(student.token, reference)).toMatchObject({ status: 'success' });
    const page = await readData(await get(t.app, `staff/scholarships/${scholarship.id}`, { token: admin }), ScholarshipSchema);
    expect(page.seats_taken).toBe(1);
  });
});

describe('verify through Paystack', () => {
  it('enrols the student with one receipt when Paystack says success for the right amount and currency', async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    fake.settle(reference, 'success');

    expect(await statusOf(student.token, reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(verifyCalls()).toMatchObject([{ method: 'GET', path: `/transaction/verify/${reference}`, authorization: `Bearer ${SECRET}` }]);
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    expect(receiptMails()).toHaveLength(1);
    expect(receiptMails()[0]!.text).toContain(`Reference: ${reference}`);

    // Checking again: still paid, Paystack is not asked again, and no second receipt.
    expect(await statusOf(student.token, reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(verifyCalls()).toHaveLength(1);
    expect(receiptMails()).toHaveLength(1);
    expect((await checkout(student.token)).status).toBe(409);
    expect(fake.problems).toEqual([]);
  });

  it('never enrols on a success for another amount or currency', async () => {
    const student = await studentWithCatalogue();
    // Each is checked (and so ends, failed) before the next checkout: an open one would be offered again.
    const tampered = [{ amount: 100 }, { amount: PRICE_KOBO / 100 } /* naira sent where kobo belongs */, { currency: 'USD' }];
    for (const change of tampered) {
      const { reference } = await startPayment(student.token);
      fake.settle(reference, 'success', change);
      expect(await statusOf(student.token, reference)).toEqual({ status: 'failed', course_id: 'course-02' });
    }
    expect(await myCourseIds(student.token)).toEqual([]);
    expect(receiptMails()).toHaveLength(0);
    const reasons = (await t.db.select().from(payments)).map((row) => row.failureReason).sort();
    expect(reasons).toEqual(['amount mismatch', 'amount mismatch', 'currency mismatch']);
    expect(fake.problems).toEqual([]);
  });

  it("maps Paystack's statuses: ongoing is pending, abandoned is failed, and the student may check out again", async () => {
    const student = await studentWithCatalogue();
    const first = await startPayment(student.token);
    fake.settle(first.reference, 'ongoing');
    expect(await statusOf(student.token, first.reference)).toEqual({ status: 'pending', course_id: 'course-02' });
    expect(await myCourseIds(student.token)).toEqual([]);
    fake.settle(first.reference, 'abandoned');
    expect(await statusOf(student.token, first.reference)).toEqual({ status: 'failed', course_id: 'course-02' });
    expect(await myCourseIds(student.token)).toEqual([]);
    // A page only left is not told as a failure: the payer may still pay on it.
    expect(await t.db.select().from(notifications).where(eq(notifications.kind, 'payment'))).toEqual([]);
    // 'abandoned' is not final: paid later on the same Paystack page, the next verify finds it.
    fake.settle(first.reference, 'success');
    expect(await statusOf(student.token, first.reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    await t.db.delete(enrolments);

    // Paystack's other words: still under way, or over without payment.
    const expected: [PaystackStatus, string][] = [
      ['pending', 'pending'],
      ['processing', 'pending'],
      ['queued', 'pending'],
      ['failed', 'failed'],
      ['reversed', 'failed'],
    ];
    for (const [paystack, ours] of expected) {
      const { reference } = await startPayment(student.token);
      fake.settle(reference, paystack);
      expect((await statusOf(student.token, reference)).status, `Paystack's '${paystack}'`).toBe(ours);
    }
    expect(await myCourseIds(student.token)).toEqual([]);

    const retry = await startPayment(student.token);
    expect(retry.reference).not.toBe(first.reference);
    fake.settle(retry.reference, 'success');
    expect(await statusOf(student.token, retry.reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    expect(fake.problems).toEqual([]);
  });
});

describe("Paystack's webhook", () => {
  it('enrols on charge.success signed with the secret key; other keys and no signature are 401; a replay changes nothing', async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    const raw = chargeSuccess(reference, student.email);

    const refusals = [
      await postWebhook(raw),
      await postWebhook(raw, ''),
      await postWebhook(raw, signWebhook(raw, 'sk_test_wrong')),
      // The key the test provider once used (published in the repository) must not pass either.
      await postWebhook(raw, signWebhook(raw, 'adire-test-provider')),
      // A signature of the real body on a body whose amount was changed.
      await postWebhook(chargeSuccess(reference, student.email, 100), signWebhook(raw, SECRET)),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(401);
      expect(await readJson(refused)).toEqual({ message: 'Invalid signature' });
    }
    expect(await myCourseIds(student.token)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      const accepted = await postWebhook(raw, signWebhook(raw, SECRET));
      expect(accepted.status).toBe(200);
      expect(await readJson(accepted)).toEqual({ message: 'Received.', data: null });
    }
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    expect(receiptMails()).toHaveLength(1);
    // The payment is settled: verify answers from our books without asking Paystack.
    expect(await statusOf(student.token, reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(verifyCalls()).toHaveLength(0);
  });

  it('never enrols on a signed charge.success for another amount', async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    const raw = chargeSuccess(reference, student.email, 100);
    expect((await postWebhook(raw, signWebhook(raw, SECRET))).status).toBe(200);
    expect(await myCourseIds(student.token)).toEqual([]);
    expect(await statusOf(student.token, reference)).toEqual({ status: 'failed', course_id: 'course-02' });
  });
});

describe("the test provider's page with Paystack", () => {
  it('does not exist: Pay and reading the charge answer 404 Not found, signed in or not, and the API document leaves them out', async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    for (const token of [student.token, undefined]) {
      const read = await get(t.app, `user/test-payments/${reference}`, { token });
      const pay = await send(t.app, `user/test-payments/${reference}`, { outcome: 'pay' }, { token });
      for (const answer of [read, pay]) {
        expect(answer.status).toBe(404);
        expect(await readJson(answer)).toEqual({ message: NOT_FOUND_MESSAGE });
      }
    }
    expect(await myCourseIds(student.token)).toEqual([]);
    const paths = Object.keys((await readJson(await get(t.app, 'openapi.json'))).paths as object);
    expect(paths).toContain('/user/payments/webhook');
    expect(paths.filter((path) => path.startsWith('/user/test-payments'))).toEqual([]);
  });
});

describe('a Paystack that is down', () => {
  it('makes checkout a 503 with Retry-After, and a later checkout works once it is back', async () => {
    const student = await studentWithCatalogue();
    for (const mode of ['error', 'close', 'nonsense'] as const) {
      fake.mode = mode;
      const refused = await checkout(student.token);
      expect(refused.status, `Paystack '${mode}'`).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect((await readJson(refused)).message).toMatch(/You have not been charged/);
    }
    expect(fake.received).toHaveLength(3);
    const refusedPayments = await t.db.select().from(payments);
    expect(refusedPayments.map((row) => [row.status, row.failureReason])).toEqual(Array(3).fill(['failed', 'provider unavailable']));

    fake.mode = 'up';
    const { reference } = await startPayment(student.token);
    fake.settle(reference, 'success');
    expect(await statusOf(student.token, reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(fake.problems).toEqual([]);
  });

  it('makes verify a 503 that leaves the payment pending, and a later verify enrols', async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    fake.settle(reference, 'success');

    for (const mode of ['error', 'close'] as const) {
      fake.mode = mode;
      const refused = await verify(student.token, reference);
      expect(refused.status, `Paystack '${mode}'`).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('60');
    }
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('pending');
    expect(await myCourseIds(student.token)).toEqual([]);

    fake.mode = 'up';
    expect(await statusOf(student.token, reference)).toEqual({ status: 'success', course_id: 'course-02' });
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    expect(receiptMails()).toHaveLength(1);
  });

  it("refunds through Paystack's POST /refund with the reason as merchant_note: once, however many admins press it at once; a Paystack that refuses changes nothing (503)", async () => {
    const student = await studentWithCatalogue();
    const { reference } = await startPayment(student.token);
    fake.settle(reference, 'success');
    expect((await statusOf(student.token, reference)).status).toBe('success');
    const admin = await seedStaff(t, { role: 'admin' });
    const refund = () => send(t.app, `staff/payments/${reference}/refund`, { reason: 'Paid by mistake' }, as(admin.token));

    fake.mode = 'error';
    expect((await refund()).status).toBe(503);
    fake.mode = 'up';
    expect(await myCourseIds(student.token)).toEqual(['course-02']);
    expect(fake.refunds).toEqual([]);

    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(fake.refunds).toEqual([{ reference, amount: PRICE_KOBO, merchant_note: 'Paid by mistake' }]);
    expect(fake.problems).toEqual([]);
    const [row] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row?.status).toBe('refunded');
    expect(await myCourseIds(student.token)).toEqual([]);
    // A charge.success replayed after the refund never enrols again.
    const body = chargeSuccess(reference, student.email);
    expect((await postWebhook(body, signWebhook(body, SECRET))).status).toBe(200);
    expect(await myCourseIds(student.token)).toEqual([]);
  });

  it('is PaymentProviderUnavailableError when refused, hung past the timeout, or given a wrong key', async () => {
    const charge = {
      reference: 'ADR-ABCDEFGHIJKLMNOP',
      amountKobo: PRICE_KOBO,
      currency: 'NGN' as const,
      email: 'ada@example.com',
      callbackPath: '/courses/course-02/checkout?reference=ADR-ABCDEFGHIJKLMNOP',
    };

    const refused = createPaystackProvider({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${await closedPort()}`, siteUrl: SITE });
    await expect(refused.initialize(charge)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    await expect(refused.verify(charge.reference)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    // A Paystack that never answers: the driver's own signal is honoured; a short one stands in for its 15 s.
    const signals: unknown[] = [];
    const hung = createPaystackProvider({
      secretKey: SECRET,
      baseUrl: fake.url,
      siteUrl: SITE,
      fetch: (input, init) => {
        signals.push(init?.signal);
        return fetch(input, { ...init, signal: AbortSignal.any([init!.signal!, AbortSignal.timeout(150)]) });
      },
    });
    fake.mode = 'hang';
    await expect(hung.initialize(charge)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    fake.mode = 'up';

    const wrongKey = createPaystackProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.url, siteUrl: SITE });
    await expect(wrongKey.initialize(charge)).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(fake.problems).toEqual(['POST /transaction/initialize: Authorization is "Bearer sk_test_wrong"']);
  });
});

describe('hasValidSignature', () => {
  const body = '{"event":"charge.success","data":{"reference":"ADR-ABCDEFGHIJKLMNOP","amount":7000000}}';
  const right = signWebhook(body, SECRET);

  it('accepts the HMAC-SHA512 of the raw body with the secret, and nothing else', () => {
    expect(right).toMatch(/^[0-9a-f]{128}$/);
    expect(hasValidSignature(body, right, SECRET)).toBe(true);

    expect(hasValidSignature(body, signWebhook(body, 'sk_test_other'), SECRET)).toBe(false);
    expect(hasValidSignature(`${body} `, right, SECRET)).toBe(false);
    expect(hasValidSignature(body, right.slice(0, 127), SECRET)).toBe(false);
    expect(hasValidSignature(body, right.slice(0, 64), SECRET)).toBe(false);
    expect(hasValidSignature(body, `${right}00`, SECRET)).toBe(false);
    expect(hasValidSignature(body, `${right.slice(0, 127)}g`, SECRET)).toBe(false);
    expect(hasValidSignature(body, `sha512=${right}`, SECRET)).toBe(false);
    expect(hasValidSignature(body, Buffer.from(right, 'hex').toString('base64'), SECRET)).toBe(false);
    expect(hasValidSignature(body, '', SECRET)).toBe(false);
    expect(hasValidSignature(body, null, SECRET)).toBe(false);
  });
});
