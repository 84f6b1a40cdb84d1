// Test data seeded through the services the routes call, so a seeded row is exactly what a request
// would have stored (normalised, validated, mailed), and the tests do not write tables by hand.
import * as v from 'valibot';
import { ContactSchema, type ContactInput } from '#features/contact/schemas.ts';
import { receiveContactMessage } from '#features/contact/server/messages.ts';
import { NewsletterSchema } from '#features/newsletter/schemas.ts';
import { subscribeToNewsletter } from '#features/newsletter/server/subscriptions.ts';
import { payments, type ContactKind } from '#server/db/schema.ts';
import { withDefaults, type ApiServices } from '#server/deps.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { get, send, type RecordingMailer, type TestAppFixture } from './test-app.ts';
import { STUDENT_PASSWORD } from '../../support/sample-user.ts';

/** The services the fixture's app runs on: the same database, mailer, settings, log and clock. */
export function servicesOf(t: TestAppFixture<Mailer>): ApiServices {
  return withDefaults({ db: t.db, mailer: t.mailer, env: t.env, log: t.log, clock: t.clock.now });
}

const contactMessageInput = (overrides: Partial<ContactInput> = {}): ContactInput => ({
  first_name: 'Adaeze',
  last_name: 'Okafor',
  email: 'adaeze.okafor@example.com',
  phone_number: '0803 123 4567',
  message: 'When does the next Adire dyeing class start?',
  ...overrides,
});

/** A contact message (or tutor request) received as the route receives it: stored and mailed. Returns its id. */
export async function seedContactMessage(
  t: TestAppFixture<Mailer>,
  overrides: Partial<ContactInput> = {},
  kind: ContactKind = 'contact',
): Promise<string> {
  return receiveContactMessage(servicesOf(t), kind, v.parse(ContactSchema, contactMessageInput(overrides)));
}

/** A newsletter subscription for `email`, normalised as the route would store it. */
export async function seedSubscription(t: TestAppFixture<Mailer>, email = 'ada.obi@example.com'): Promise<void> {
  const input = v.parse(NewsletterSchema, { email });
  await subscribeToNewsletter(t.db, input.email);
}

// Defined with the sample student, for the tests that import their helpers from here.
export { STUDENT_PASSWORD };

/** The 6-digit code of the newest mail to `email` the recording mailer holds. */
export function lastCodeTo(t: TestAppFixture<RecordingMailer>, email: string): string {
  const mail = t.mailer.sent.findLast((sent) => (typeof sent.to === 'string' ? sent.to : sent.to.address) === email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No code was mailed to ${email}`);
  return code;
}

/**
 * A student signed up through the real routes: account created, the mailed code entered, signed in.
 * `verified: false` stops after sign-up.
 */
export async function signUpStudent(
  t: TestAppFixture<RecordingMailer>,
  overrides: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<{ email: string; password: string; token: string; id: string }> {
  const email = overrides.email ?? `student${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = overrides.password ?? STUDENT_PASSWORD;
  const body = { first_name: 'Ada', last_name: 'Obi', ...overrides, email, password };
  const signup = await send(t.app, 'user/auth/student/signup', body);
  if (signup.status !== 201) throw new Error(`Sign-up answered ${signup.status}: ${await signup.text()}`);
  if (!verified) return { email, password, token: '', id: '' };
  const verify = await send(t.app, 'user/auth/student/verify-account', { email, otp: lastCodeTo(t, email) });
  const { data } = (await verify.json()) as { data: { token: string; user: { id: string } } };
  return { email, password, token: data.token, id: data.user.id };
}

/**
 * Enrols a signed-in student in `course` through the real routes, as a payer would: checkout, the
 * test provider's Pay, then verify. Returns the payment's reference.
 */
export async function enrolStudent(t: TestAppFixture<Mailer>, token: string, course = 'course-02'): Promise<string> {
  const started = await send(t.app, `user/courses/${course}/checkout`, undefined, { token });
  if (started.status !== 201) throw new Error(`Checkout answered ${started.status}: ${await started.text()}`);
  const { reference } = ((await started.json()) as { data: { reference: string } }).data;
  await send(t.app, `user/test-payments/${reference}`, { outcome: 'pay' }, { token });
  const verified = await get(t.app, `user/payments/${reference}/verify`, { token });
  const { data } = (await verified.json()) as { data: { status: string } };
  if (data.status !== 'success') throw new Error(`The payment for ${course} is ${data.status}, not success`);
  return reference;
}

/** A second successful payment for a course the student already owns (two tabs): one to refund. */
export async function seedSecondPayment(
  t: TestAppFixture<Mailer>,
  studentId: string,
  courseId: string,
  reference = 'ADR-SECOND0PAYMENT01',
): Promise<string> {
  const now = t.clock.now();
  await t.db.insert(payments).values({
    reference,
    studentId,
    courseId,
    amountKobo: 7_000_000,
    provider: 'test',
    status: 'success',
    needsRefund: true,
    createdAt: now,
    updatedAt: now,
    paidAt: now,
  });
  return reference;
}
