// Getting in (docs/product.md#endpoints, 'Accounts'): sign-up with an e-mailed code,
// verification, KYC, sign-in and out, and a forgotten password. Sessions come from #server/auth;
// this feature is the only one that creates them. The profile and the password change are the
// profile feature's.
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import { SignedInSchema, UserSchema } from '#lib/schemas/user.ts';
import { ACCOUNT_FAILURES_ALLOWED, PASSWORD_FAILURES_ALLOWED, tryPassword } from '#server/auth/password-tries.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { createSession, revokeSession, type StudentRecord } from '#server/auth/sessions.ts';
import { toUser } from '#server/auth/user.ts';
import { students } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { clientAddress } from '#server/http/client-address.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { apiOrigin } from '#server/http/public-url.ts';
import { sendInBackground } from '#server/mail/background.ts';
import { safeNext } from '#lib/navigation.ts';
import {
  EmailOnlySchema,
  kycSchema,
  KycSchema,
  LoginSchema,
  SignupDataSchema,
  SignupSchema,
  VerifyAccountSchema,
  VerifyEmailLinkSchema,
} from '../schemas.ts';
import { accountRateLimit, invalidCode, invalidLink, MESSAGES, noStore } from './answers.ts';
import { activeAccountForNewCode, checkCodeWithinLimit, countCodeRequest, issueCode } from './codes.ts';
import { codesPausedMail, verificationCodeMail } from './mails.ts';
import { claimByToken, newestClaims, recordClaim, verifyWithClaim, type Claim } from './claims.ts';
import { accountOfLink, endLinks, issueLink, linkHours } from './links.ts';
import { createStudent, findStudentByEmail } from './students.ts';
import {
  EXAMPLE_CODE,
  EXAMPLE_EMAIL,
  EXAMPLE_LINK_TOKEN,
  EXAMPLE_PASSWORD,
  EXAMPLE_SIGNED_IN,
  EXAMPLE_USER,
} from '#server/http/openapi-examples.ts';

/** The e-mail link's page tries a password on the account and at most this many newest sign-up claims. */
const CLAIMS_TRIED = 5;

/** Lagos has no daylight saving: UTC+1 all year. A date of birth is capped at Lagos's today. */
const lagosToday = (now: Date) => new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);

/** Mounted at /user. */
export function createAccountRoutes(services: ApiServices) {
  const { db, mailer, env } = services;
  const routes = new Hono<ApiEnv>();
  const signedIn = new Hono<StudentEnv>();
  const limit = (rule: string) => accountRateLimit(services, rule);
  const site = env.PUBLIC_SITE_URL;

  /** The code and the link's token for the mail; `next` rides in the link, so another browser goes on there too. */
  async function verificationMail(student: StudentRecord, now: Date, next: string | null = null) {
    const code = await issueCode(db, student.id, 'verify_email', now);
    const token = await issueLink(db, student.id, 'verify_email', now);
    return verificationCodeMail(student, code, { token, next, hours: linkHours('verify_email') }, site);
  }

  async function sendVerificationCode(student: StudentRecord, next: string | null = null) {
    await mailer.send(await verificationMail(student, services.clock(), next));
  }

  const onPaused = (student: StudentRecord, minutes: number) =>
    sendInBackground(services, () => Promise.resolve(codesPausedMail(student, minutes, site)));

  /** The address is in use: said as a toast and under the e-mail field. */
  const emailTaken = () => new ApiError(409, MESSAGES.emailTaken, { fieldErrors: { email: [MESSAGES.emailTaken] } });

  async function signIn(c: Context, student: StudentRecord) {
    const token = await createSession(db, student.id, services.clock());
    return { token, user: toUser(student, apiOrigin(env, c)) };
  }

  /**
   * The mailbox is proven (by the code or the link): a deactivated account stops here; otherwise it is
   * verified, with `claim`'s details when one was picked, its verification links end, and it is signed in.
   */
  async function signInVerified(c: Context, student: StudentRecord, claim: Claim | null, now: Date) {
    if (student.deactivatedAt) throw new ApiError(401, DEACTIVATED_MESSAGE);
    const verified = student.verifiedAt ? student : await verifyWithClaim(db, student, claim, now);
    await endLinks(db, student.id, 'verify_email');
    return c.json({ message: MESSAGES.verified, data: await signIn(c, verified) }, 200);
  }

  routes.post(
    '/auth/student/signup',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Create a student account; a 6-digit code is e-mailed',
      examples: {
        body: {
          first_name: 'Ngozi',
          last_name: 'Okafor',
          email: 'ngozi@example.com',
          password: EXAMPLE_PASSWORD,
          phone_number: '08031234567',
        },
        data: { ...EXAMPLE_EMAIL, claim: EXAMPLE_LINK_TOKEN },
      },
      body: SignupSchema,
      description:
        "A sign-up for an address whose account is not verified yet answers the same and mails a code again (at most one a minute), but never changes that account: its details are kept as a claim, and `data.claim` lets this browser pick them when it sends the code (verify-account). `next`, a same-site path, is carried in the mail's link.",
      success: { status: 201, message: MESSAGES.signedUp, data: SignupDataSchema },
      rateLimited: true,
      errors: { 409: MESSAGES.emailTaken },
    }),
    limit('signup'),
    async (c) => {
      noStore(c);
      const input = await readJsonBody(c, SignupSchema);
      refuseCommonPassword(input.password);
      const now = services.clock();
      const next = safeNext(input.next);
      const existing = await findStudentByEmail(db, input.email);
      if (existing && (existing.verifiedAt || existing.deactivatedAt)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      if (existing) {
        // Never verified: nobody has shown they hold the mailbox, and this sign-up may be a stranger's.
        // The account stays as it is (a stranger's password must never become the owner's); this
        // sign-up's details wait as a claim, and the code goes out again as a resend would send it.
        const claim = await recordClaim(db, existing.id, input, passwordHash, now);
        if ((await countCodeRequest(db, existing.email, 'verify_email', now)) === 0) await sendVerificationCode(existing, next);
        return c.json({ message: MESSAGES.signedUp, data: { email: existing.email, claim } }, 201);
      }
      // Two sign-ups for one address at the same moment: the unique index lets one through.
      const student = await createStudent(db, input, passwordHash);
      if (!student) throw emailTaken();
      // The code about to go counts against the address's one a minute, as a resend's would.
      await countCodeRequest(db, student.email, 'verify_email', now);
      let claim: string;
      try {
        claim = await recordClaim(db, student.id, input, passwordHash, now);
        await sendVerificationCode(student, next);
      } catch (error) {
        // An account whose owner was never sent a code would answer the retry with 409: keep none.
        await db.delete(students).where(eq(students.id, student.id));
        throw error;
      }
      return c.json({ message: MESSAGES.signedUp, data: { email: student.email, claim } }, 201);
    },
  );

  routes.post(
    '/auth/student/resend-otp',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Send a new verification code (one a minute per address)',
      examples: { body: EXAMPLE_EMAIL },
      body: EmailOnlySchema,
      success: { message: MESSAGES.codeResent },
      rateLimited: true,
    }),
    limit('resend_otp'),
    async (c) => {
      const { email } = await readJsonBody(c, EmailOnlySchema);
      const now = services.clock();
      const student = await activeAccountForNewCode(db, email, 'verify_email', now);
      // After the answer: making and mailing a code only for real addresses would tell them apart by time.
      if (student && !student.verifiedAt) sendInBackground(services, () => verificationMail(student, now));
      return c.json({ message: MESSAGES.codeResent, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/verify-account',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Confirm the e-mail address with its code; signs the student in',
      examples: { body: { ...EXAMPLE_EMAIL, otp: EXAMPLE_CODE }, data: EXAMPLE_SIGNED_IN },
      body: VerifyAccountSchema,
      success: { message: MESSAGES.verified, data: SignedInSchema },
      rateLimited: true,
      errors: { 401: DEACTIVATED_MESSAGE },
    }),
    limit('verify_account'),
    async (c) => {
      noStore(c);
      const { email, otp, claim } = await readJsonBody(c, VerifyAccountSchema);
      const now = services.clock();
      const student = await findStudentByEmail(db, email);
      if (!(await checkCodeWithinLimit(db, email, student, 'verify_email', otp, now, { useUp: true, onPaused })) || !student)
        throw invalidCode('otp');
      const picked = student.verifiedAt || student.deactivatedAt ? null : await claimByToken(db, student.id, claim);
      return signInVerified(c, student, picked, now);
    },
  );

  routes.post(
    '/auth/student/verify-email-link',
    describeJsonRoute({
      tag: 'Accounts',
      summary: "Confirm the e-mail address with the mail's link and sign in with the account's password",
      description: `The verification mail's link (\`/auth/email-verification?email=&token=\`) carries a long token, not the code: guesses of the 6-digit code never stop it, and it works for ${linkHours('verify_email')} hours, even after a newer code. Opening the link signs nobody in: the person also gives the password chosen at sign-up (one that only a sign-up in this browser's claim knew is taken too, and then that sign-up's details are the account's). Wrong passwords count as at login. 400 \`${MESSAGES.invalidLink}\` for a link that does not work (used, expired, or for another address).`,
      examples: { body: { ...EXAMPLE_EMAIL, token: EXAMPLE_LINK_TOKEN, password: EXAMPLE_PASSWORD }, data: EXAMPLE_SIGNED_IN },
      body: VerifyEmailLinkSchema,
      success: { message: MESSAGES.verified, data: SignedInSchema },
      rateLimited: true,
      errors: { 401: `${MESSAGES.badCredentials}; or, for a deactivated account, ${DEACTIVATED_MESSAGE}` },
    }),
    limit('verify_email_link'),
    async (c) => {
      noStore(c);
      const { email, token, password } = await readJsonBody(c, VerifyEmailLinkSchema);
      const now = services.clock();
      const student = await accountOfLink(db, email, 'verify_email', token, now);
      if (!student || student.verifiedAt) throw invalidLink();
      // The link proves the mailbox, the password the person: a link someone else sent signs nobody in.
      const client = clientAddress(c, env);
      let claim: Claim | null = null;
      const right = await tryPassword(db, email, client, now, async () => {
        if (await verifyPassword(student.passwordHash, password)) return true;
        // A later sign-up's password (the owner's, when a stranger signed up first): that sign-up's details win.
        for (const candidate of await newestClaims(db, student.id, CLAIMS_TRIED))
          if (await verifyPassword(candidate.passwordHash, password)) return !!(claim = candidate);
        return false;
      });
      if (!right) throw new ApiError(401, MESSAGES.badCredentials);
      return signInVerified(c, student, claim, now);
    },
  );

  routes.post(
    '/auth/student/login',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Sign in',
      examples: { body: { ...EXAMPLE_EMAIL, password: EXAMPLE_PASSWORD }, data: EXAMPLE_SIGNED_IN },
      description: `After ${PASSWORD_FAILURES_ALLOWED} wrong passwords for one address from one client address within 15 minutes, 429 there until the window passes; after ${ACCOUNT_FAILURES_ALLOWED} wrong passwords for it in an hour from anywhere, 429 everywhere for the rest of the hour. A reset by code forgets both.`,
      body: LoginSchema,
      success: { message: MESSAGES.loggedIn, data: SignedInSchema },
      rateLimited: true,
      errors: { 401: `${MESSAGES.badCredentials}; or, for a deactivated account, ${DEACTIVATED_MESSAGE}`, 403: MESSAGES.unverified },
    }),
    limit('login'),
    async (c) => {
      noStore(c);
      const { email, password } = await readJsonBody(c, LoginSchema);
      const now = services.clock();
      const student = await findStudentByEmail(db, email);
      // Counted per account and client address (#server/auth/password-tries.ts). The hash work runs
      // whether or not the account exists, so the answer's timing tells nothing.
      const client = clientAddress(c, env);
      const right = await tryPassword(db, email, client, now, () => verifyPassword(student?.passwordHash, password));
      if (!right || !student) throw new ApiError(401, MESSAGES.badCredentials);
      if (student.deactivatedAt) throw new ApiError(401, DEACTIVATED_MESSAGE);
      if (!student.verifiedAt) {
        if ((await countCodeRequest(db, student.email, 'verify_email', now)) === 0) await sendVerificationCode(student);
        throw new ApiError(403, MESSAGES.unverified);
      }
      return c.json({ message: MESSAGES.loggedIn, data: await signIn(c, student) }, 200);
    },
  );

  // Everything below needs a signed-in student.
  const guard = requireStudent(services);

  signedIn.post(
    '/auth/student/kyc',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Complete KYC: gender, date of birth, state and country',
      examples: { body: { gender: 'female', date_of_birth: '2001-04-17', state: 'Lagos', country: 'Nigeria' }, data: EXAMPLE_USER },
      body: KycSchema,
      success: { message: MESSAGES.kycSaved, data: UserSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      const now = services.clock();
      const input = await readJsonBody(c, kycSchema(lagosToday(now)));
      const [row] = await db
        .update(students)
        .set({
          gender: input.gender,
          dateOfBirth: input.date_of_birth,
          state: input.state,
          country: input.country,
          kycCompletedAt: now,
          updatedAt: now,
        })
        .where(eq(students.id, c.var.student.id))
        .returning();
      return c.json({ message: MESSAGES.kycSaved, data: toUser(row!, apiOrigin(env, c)) }, 200);
    },
  );

  signedIn.post(
    '/auth/student/logout',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Sign out: the token stops working',
      success: { message: MESSAGES.loggedOut },
      auth: true,
    }),
    guard,
    async (c) => {
      await revokeSession(db, c.var.sessionToken);
      return c.json({ message: MESSAGES.loggedOut, data: null }, 200);
    },
  );

  routes.route('/', signedIn);
  return routes;
}
