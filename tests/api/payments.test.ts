// Checkout in naira and payment that enrols exactly once (docs/product.md#endpoints):
// the test provider's Pay and Decline, verify, signed webhooks and their replays, tampered amounts
// and currencies, a provider that is down, and 20 verify and webhook calls at the same moment.
import { count, eq } from 'drizzle-orm';
import { EnrolmentSchema } from '#features/payments/schemas.ts';
import { describe, expect, it } from 'vitest';
import { enrolments, notifications, payments, receipts } from '#server/db/schema.ts';
import { PaymentProviderUnavailableError, signWebhook, type PaymentProvider } from '#server/payments/provider.ts';
import { createTestProvider, testWebhookKey } from '#server/payments/test-provider.ts';
import { seedCatalogue } from './support/catalogue.ts';
import { enrolStudent, signUpStudent } from './support/factories.ts';
import { authHeader, get, readData, readJson, send, useTestApp } from './support/test-app.ts';

const t = useTestApp();

const as = (token: string) => ({ headers: authHeader(token) });
const checkout = (token: string, course = 'course-02') => send(t.app, `user/courses/${course}/checkout`, undefined, as(token));
const verify = (token: string, reference: string) =>
  send(t.app, `user/payments/${reference}/verify`, undefined, { method: 'GET', ...as(token) });
const testPage = (reference: string, outcome: 'pay' | 'decline', token: string) =>
  send(t.app, `user/test-payments/${reference}`, { outcome }, { token });
const myCourses = (token: string) => send(t.app, 'user/student/courses', undefined, { method: 'GET', ...as(token) });

/** A webhook signed with `secret`; unless given, this database's own test-provider key. */
async function webhook(data: Record<string, unknown>, secret?: string, event = 'charge.success') {
  const raw = JSON.stringify({ event, data });
  const key = secret ?? (await testWebhookKey(t.db));
  return send(t.app, 'user/payments/webhook', raw, { headers: { 'x-paystack-signature': signWebhook(raw, key) } });
}

async function startPayment(token: string, course = 'course-02') {
  const answer = await checkout(token, course);
  expect(answer.status).toBe(201);
  return (await readJson(answer)).data as { reference: string; authorization_url: string; amount: string; currency: string };
}

const countOf = async (table: typeof enrolments | typeof receipts | typeof notifications | typeof payments) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('checkout with the test provider', () => {
  it('tells the checkout page whether the student is enrolled, for their own courses only', async () => {
    await seedCatalogue(t.db);
    const { token } = await signUpStudent(t);
    const enrolment = (course = 'course-02') => get(t.app, `user/courses/${course}/enrolment`, { token });
    expect(await readData(await enrolment(), EnrolmentSchema)).toEqual({ enrolled: false });
    await enrolStudent(t, token);
    expect(await readData(await enrolment(), EnrolmentSchema)).toEqual({ enrolled: true });
    expect(await readData(await enrolment('course-03'), EnrolmentSchema)).toEqual({ enrolled: false });
    expect((await enrolment()).headers.get('cache-control')).toBe('no-store');
    expect((await get(t.app, 'user/courses/course-02/enrolment', { token: 'not-a-token' })).status).toBe(401);
  });

  it('starts a payment for the course price, and Pay -> verify enrols the student with a receipt and a notification', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const started = await startPayment(student.token);
    expect(started.amount).toBe('70000.00');
    expect(started.currency).toBe('NGN');
    expect(started.reference).toMatch(/^ADR-[A-Z0-9]{16}$/);
    expect(started.authorization_url).toBe(`http://localhost/payments/test?reference=${started.reference}`);

    // The test page reads the charge, then the payer presses Pay and is sent back to the checkout.
    const charge = await get(t.app, `user/test-payments/${started.reference}`, { token: student.token });
    expect((await readJson(charge)).data).toEqual({ reference: started.reference, amount: '70000.00', currency: 'NGN', status: 'pending' });
    const paid = await testPage(started.reference, 'pay', student.token);
    expect((await readJson(paid)).data).toEqual({
      callback_url: `http://localhost/courses/course-02/checkout?reference=${started.reference}`,
    });

    const checked = await verify(student.token, started.reference);
    expect(checked.status).toBe(200);
    expect((await readJson(checked)).data).toEqual({ status: 'success', course_id: 'course-02' });
    const mine = (await readJson(await myCourses(student.token))).data as { course_id: string; progress: number }[];
    expect(mine).toMatchObject([{ course_id: 'course-02', title: 'Course number 2', progress: 0 }]);

    const receipt = t.mailer.sent.find((mail) => mail.kind === 'receipt')!;
    expect(receipt.subject).toBe('Your receipt: Course number 2');
    expect(receipt.text).toContain('Amount paid: ₦70,000.00');
    expect(receipt.text).toContain(`Reference: ${started.reference}`);
    const [notice] = await t.db.select().from(notifications);
    expect(notice).toMatchObject({ studentId: student.id, kind: 'enrolment', title: 'You are enrolled in Course number 2' });

    // Enrolled: a second checkout is refused.
    const again = await checkout(student.token);
    expect(again.status).toBe(409);
    expect(await readJson(again)).toEqual({ message: 'You are already enrolled in this course.' });
  });

  it('Decline leaves the student free to try again', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const first = await startPayment(student.token);
    await testPage(first.reference, 'decline', student.token);
    expect((await readJson(await verify(student.token, first.reference))).data).toEqual({ status: 'failed', course_id: 'course-02' });
    expect(await countOf(enrolments)).toBe(0);
    // Told once, however often the payment is checked.
    await verify(student.token, first.reference);
    const told = await t.db.select().from(notifications);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ studentId: student.id, kind: 'payment', readAt: null });
    expect(told[0]!.title).toMatch(/^Your payment for .+ did not go through$/);
    expect(told[0]!.body).toBe(`Reference ${first.reference}. You have not been enrolled; you can pay again from the course's page.`);

    const second = await startPayment(student.token);
    expect(second.reference).not.toBe(first.reference);
    // Not paid yet: pending, and nothing is granted.
    expect((await readJson(await verify(student.token, second.reference))).data).toEqual({ status: 'pending', course_id: 'course-02' });
    await testPage(second.reference, 'pay', student.token);
    expect((await readJson(await verify(student.token, second.reference))).data).toMatchObject({ status: 'success' });
  });

  it('needs a signed-in student, a real course, and shows a payment only to its owner', async () => {
    await seedCatalogue(t.db);
    expect((await send(t.app, 'user/courses/course-02/checkout')).status).toBe(401);
    const student = await signUpStudent(t);
    const unknown = await checkout(student.token, 'no-such-course');
    expect(unknown.status).toBe(404);
    const started = await startPayment(student.token);
    const other = await signUpStudent(t);
    expect((await verify(other.token, started.reference)).status).toBe(404);
    expect((await verify(student.token, 'ADR-NOTAREFERENCE00')).status).toBe(404);
    expect((await verify(student.token, '../../etc')).status).toBe(404);
  });
});

/** 31 minutes on, the session kept alive halfway (it ends after 30 idle minutes). */
async function pastOpenPaymentWindow(token: string) {
  t.clock.advance(20 * 60_000);
  expect((await get(t.app, 'user/student/profile', { token })).status).toBe(200);
  t.clock.advance(11 * 60_000);
}

describe('one course, two checkouts', () => {
  it('answers a second checkout with the payment still open: the same reference and page', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const first = await startPayment(student.token);
    const second = await startPayment(student.token);
    expect(second).toEqual(first);
    expect(await countOf(payments)).toBe(1);
    // Half an hour on, the page is not offered again: a new payment.
    await pastOpenPaymentWindow(student.token);
    expect((await startPayment(student.token)).reference).not.toBe(first.reference);
  });

  it('10 checkouts at the same moment make one pending payment: every answer has its reference and page', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => startPayment(student.token)));
    expect(new Set(answers.map((answer) => answer.reference)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.authorization_url)).size).toBe(1);
    expect(await t.db.select({ reference: payments.reference, status: payments.status }).from(payments)).toEqual([
      { reference: answers[0]!.reference, status: 'pending' },
    ]);
  });

  it('a pending payment past its half hour is superseded by the next checkout, and still settles if it is paid after all', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const old = await startPayment(student.token);
    await pastOpenPaymentWindow(student.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => startPayment(student.token)));
    expect(new Set(answers.map((answer) => answer.reference))).toEqual(new Set([answers[0]!.reference]));
    expect(answers[0]!.reference).not.toBe(old.reference);
    const [superseded] = await t.db.select().from(payments).where(eq(payments.reference, old.reference));
    expect([superseded!.status, superseded!.failureReason]).toEqual(['failed', 'superseded']);
    // The old page was paid after all: it enrols.
    expect((await testPage(old.reference, 'pay', student.token)).status).toBe(200);
    expect((await readJson(await verify(student.token, old.reference))).data).toEqual({ status: 'success', course_id: 'course-02' });
    expect(await countOf(enrolments)).toBe(1);
  });

  it('records a second payment for a course already paid as needs_refund, tells the student and the staff, and lists it in refunds', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const first = await startPayment(student.token);
    await pastOpenPaymentWindow(student.token);
    const second = await startPayment(student.token);
    expect((await testPage(first.reference, 'pay', student.token)).status).toBe(200);
    expect((await testPage(second.reference, 'pay', student.token)).status).toBe(200);
    for (const { reference } of [first, second])
      expect((await readJson(await verify(student.token, reference))).data).toEqual({ status: 'success', course_id: 'course-02' });

    expect(await countOf(enrolments)).toBe(1);
    const rows = await t.db.select({ reference: payments.reference, needsRefund: payments.needsRefund }).from(payments);
    expect(Object.fromEntries(rows.map((row) => [row.reference, row.needsRefund]))).toEqual({
      [first.reference]: false,
      [second.reference]: true,
    });
    const told = await t.db.select().from(notifications).where(eq(notifications.studentId, student.id));
    expect(told.map((notice) => notice.title)).toEqual(expect.arrayContaining(['You paid twice for Course number 2']));
    const staff = t.mailer.sent.filter((mail) => mail.kind === 'refund_needed');
    expect(staff).toHaveLength(1);
    expect(staff[0]!.text).toContain(second.reference);
    // A replayed check changes nothing: still one notice, one staff mail.
    await verify(student.token, second.reference);
    expect(t.mailer.sent.filter((mail) => mail.kind === 'refund_needed')).toHaveLength(1);

    const { enrolmentRows } = await import('#features/payments/server/enrolment-report.ts');
    const report = await enrolmentRows(t.db);
    expect(report.filter((row) => row.needs_refund === 'yes').map((row) => row.reference)).toEqual([second.reference]);
  });
});

describe("the test provider's page", () => {
  it("answers only the payer's own session: no session 401, another student's 404, and their Pay changes nothing", async () => {
    await seedCatalogue(t.db);
    const payer = await signUpStudent(t);
    const stranger = await signUpStudent(t);
    const { reference } = await startPayment(payer.token);
    expect((await send(t.app, `user/test-payments/${reference}`, { outcome: 'pay' })).status).toBe(401);
    expect((await get(t.app, `user/test-payments/${reference}`)).status).toBe(401);
    expect((await testPage(reference, 'pay', stranger.token)).status).toBe(404);
    expect((await get(t.app, `user/test-payments/${reference}`, { token: stranger.token })).status).toBe(404);
    expect((await readJson(await verify(payer.token, reference))).data).toEqual({ status: 'pending', course_id: 'course-02' });
    expect(await countOf(enrolments)).toBe(0);
  });

  it('is in the API document while the test provider runs (with Paystack it is not there: paystack.test.ts)', async () => {
    const { paths } = (await readJson(await get(t.app, 'openapi.json'))) as { paths: Record<string, object> };
    expect(Object.keys(paths['/user/test-payments/{reference}'] ?? {})).toEqual(['get', 'post']);
  });
});

describe('the webhook', () => {
  it('refuses a 50 MB chunked body at 64 KiB, at once, without reading or holding the rest', async () => {
    const CHUNK = new Uint8Array(64 * 1024).fill(0x61);
    const TOTAL = 50 * 1024 * 1024;
    let sent = 0;
    // No Content-Length: the body arrives in chunks, as a chunked POST does, and only when read.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= TOTAL) return controller.close();
        sent += CHUNK.byteLength;
        controller.enqueue(CHUNK);
      },
    });
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const init = { method: 'POST', body, duplex: 'half', headers: { 'content-type': 'application/json' } } as RequestInit;
    const answer = await t.app.request('/api/v1/user/payments/webhook', init, { incoming: { socket: { remoteAddress: '192.0.2.10' } } });
    const elapsedMs = performance.now() - started;
    expect(answer.status).toBe(413);
    expect(elapsedMs).toBeLessThan(500);
    expect(sent).toBeLessThan(1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(20 * 1024 * 1024);
  });

  it('takes at most 300 calls in 10 minutes from one address, then 429, and another address still gets through', async () => {
    const raw = JSON.stringify({ event: 'charge.success', data: { reference: 'ADR-ABCDEFGHJKLMNPQR' } });
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) statuses.push((await send(t.app, 'user/payments/webhook', raw, { ip: '203.0.113.50' })).status);
    expect(statuses).toEqual([...Array<number>(300).fill(401), 429]);
    expect((await send(t.app, 'user/payments/webhook', raw, { ip: '203.0.113.51' })).status).toBe(401);
  });

  it('refuses a missing or wrong signature with 401, and changes nothing', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const { reference } = await startPayment(student.token);
    const raw = JSON.stringify({ event: 'charge.success', data: { reference, amount: 7_000_000, currency: 'NGN', status: 'success' } });
    const unsigned = await send(t.app, 'user/payments/webhook', raw);
    expect(unsigned.status).toBe(401);
    expect(await readJson(unsigned)).toEqual({ message: 'Invalid signature' });
    expect((await webhook({ reference, amount: 7_000_000, currency: 'NGN', status: 'success' }, 'not-the-secret')).status).toBe(401);
    expect(await countOf(enrolments)).toBe(0);
  });

  it('refuses a webhook signed with the key the repository once published: each install has its own random key', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const { reference } = await startPayment(student.token);
    const forged = await webhook({ reference, amount: 7_000_000, currency: 'NGN', status: 'success' }, 'adire-test-provider');
    expect(forged.status).toBe(401);
    expect(await countOf(enrolments)).toBe(0);
    expect(await testWebhookKey(t.db)).toMatch(/^[0-9a-f]{64}$/);
    expect(await testWebhookKey(t.db)).toBe(await testWebhookKey(t.db));
  });

  it('enrols on a signed charge.success, and a replay changes nothing', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const { reference } = await startPayment(student.token);
    const event = { reference, amount: 7_000_000, currency: 'NGN', status: 'success' };
    for (let i = 0; i < 3; i++) expect((await webhook(event)).status).toBe(200);
    expect(await countOf(enrolments)).toBe(1);
    expect(await countOf(receipts)).toBe(1);
    expect(await countOf(notifications)).toBe(1);
    expect(t.mailer.sent.filter((mail) => mail.kind === 'receipt')).toHaveLength(1);
    // Other events are acknowledged and ignored.
    expect((await webhook({ reference }, undefined, 'transfer.success')).status).toBe(200);
  });

  it('never enrols on a charge whose amount or currency is not what was asked', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const cheap = await startPayment(student.token);
    await webhook({ reference: cheap.reference, amount: 100, currency: 'NGN', status: 'success' });
    const foreign = await startPayment(student.token);
    await webhook({ reference: foreign.reference, amount: 7_000_000, currency: 'USD', status: 'success' });
    expect(await countOf(enrolments)).toBe(0);
    const rows = await t.db.select().from(payments);
    expect(rows.map((row) => [row.status, row.failureReason]).sort()).toEqual([
      ['failed', 'amount mismatch'],
      ['failed', 'currency mismatch'],
    ]);
    const told = await t.db.select().from(notifications);
    expect(told.map((row) => row.title)).toEqual([
      expect.stringMatching(/^We could not confirm your payment for /),
      expect.stringMatching(/^We could not confirm your payment for /),
    ]);
    expect(told.map((row) => row.body).sort()).toEqual(
      [cheap.reference, foreign.reference]
        .sort()
        .map(
          (reference) =>
            `What arrived for reference ${reference} did not match the price asked, so you have not been enrolled. If money left your account, contact us with this reference.`,
        ),
    );
  });

  it('20 verify and webhook calls at the same moment make exactly one enrolment, receipt, notification and mail', async () => {
    await seedCatalogue(t.db);
    const student = await signUpStudent(t);
    const { reference } = await startPayment(student.token);
    await testPage(reference, 'pay', student.token);
    const event = { reference, amount: 7_000_000, currency: 'NGN', status: 'success' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? verify(student.token, reference) : webhook(event))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await countOf(enrolments)).toBe(1);
    expect(await countOf(receipts)).toBe(1);
    expect(await countOf(notifications)).toBe(1);
    expect(t.mailer.sent.filter((mail) => mail.kind === 'receipt')).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('success');
  });
});

describe('a provider that is down', () => {
  let down = true;
  const flaky = useTestApp({
    payments: (db, clock): PaymentProvider => {
      const real = createTestProvider({ db, clock });
      return {
        ...real,
        name: 'test',
        initialize: (charge) => (down ? Promise.reject(new PaymentProviderUnavailableError('down')) : real.initialize(charge)),
        verify: (reference) => (down ? Promise.reject(new PaymentProviderUnavailableError('down')) : real.verify(reference)),
      };
    },
  });

  it('gives 503 with Retry-After and loses nothing: the student tries again once it is back', async () => {
    down = true;
    await seedCatalogue(flaky.db);
    const student = await signUpStudent(flaky);
    const refused = await send(flaky.app, 'user/courses/course-02/checkout', undefined, as(student.token));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await readJson(refused)).message).toMatch(/You have not been charged/);
    expect((await flaky.db.select().from(payments))[0]).toMatchObject({ status: 'failed', failureReason: 'provider unavailable' });

    down = false;
    const started = await send(flaky.app, 'user/courses/course-02/checkout', undefined, as(student.token));
    expect(started.status).toBe(201);
  });
});
