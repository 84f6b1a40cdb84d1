// The account calls (docs/product.md#planned-endpoints, 'Accounts'): sign-up with an e-mailed code,
// verification, KYC, sign-in and out, forgotten and changed passwords, and the profile. Sessions
// come from #server/auth; this feature is the only one that creates them.
import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { DEACTIVATED_MESSAGE } from '#lib/errors.ts';
import { SignedInSchema, UserSchema } from '#lib/schemas/user.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { requireStudent, type StudentEnv } from '#server/auth/require-student.ts';
import { createSession, revokeAllSessions, revokeSession, type StudentRecord } from '#server/auth/sessions.ts';
import { clearBucket, countRequest } from '#server/db/rate-limit-buckets.ts';
import { students, uploads, type CodePurpose } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { rateLimit, secondsUntil, tooManyRequests, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { notify } from '#server/notifications/notify.ts';
import {
  ChangePasswordSchema,
  EmailDataSchema,
  EmailOnlySchema,
  INVALID_CODE,
  kycSchema,
  KycSchema,
  LoginSchema,
  ProfileUpdateSchema,
  ResetPasswordSchema,
  SignupSchema,
  VerifyAccountSchema,
  VerifyResetCodeSchema,
} from '../schemas.ts';
import { checkCode, issueCode, secondsUntilNextCode } from './codes.ts';
import { passwordChangedMail, resetCodeMail, verificationCodeMail } from './mails.ts';
import { findStudentByEmail, toUser } from './students.ts';

export const MESSAGES = {
  signedUp: 'Account created. We have sent a 6-digit code to your e-mail address.',
  codeResent: 'If that address is waiting to be verified, a new code is on its way.',
  verified: 'Your e-mail address is verified.',
  kycSaved: 'Your details have been saved.',
  loggedIn: 'Welcome back!',
  loggedOut: 'You have been logged out.',
  resetSent: 'If an account uses that address, a password reset code is on its way.',
  codeValid: 'The code is valid.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  profile: 'Your profile.',
  profileSaved: 'Your profile has been updated.',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  unverified: 'Please verify your email address',
  wrongCurrentPassword: 'Current password is incorrect',
} as const;

/** Per client address, generous: a Nigerian carrier puts many phones behind one address. */
const ACCOUNT_IP_LIMIT: RateLimitPolicy = { limit: 100, windowMs: 10 * 60_000 };
/** Failed sign-ins for one address: the sixth within 15 minutes is refused until the window passes. */
export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

const UNIQUE_VIOLATION = '23505';

/** Lagos has no daylight saving: UTC+1 all year. A date of birth is capped at Lagos's today. */
const lagosToday = (now: Date) => new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);

function refuseCommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new ApiError(400, COMMON_PASSWORD_MESSAGE, { fieldErrors: { [field]: [COMMON_PASSWORD_MESSAGE] } });
}

const invalidCode = (field: string) => new ApiError(400, INVALID_CODE, { fieldErrors: { [field]: [INVALID_CODE] } });

function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++)
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  return false;
}

/** Answers carrying a person's data or a token are never kept by a cache. */
function noStore(c: Context) {
  c.header('cache-control', 'no-store');
}

/** Mounted at /user. */
export function createAccountRoutes(services: ApiServices) {
  const { db, mailer, env } = services;
  const routes = new Hono<ApiEnv>();
  const signedIn = new Hono<StudentEnv>();
  const limit = (rule: string) => rateLimit(services, rule, ACCOUNT_IP_LIMIT);
  const site = env.PUBLIC_SITE_URL;

  async function sendVerificationCode(student: StudentRecord) {
    const code = await issueCode(db, student.id, 'verify_email', services.clock());
    await mailer.send(verificationCodeMail(student, code, site));
  }

  /**
   * The active account of `email` a new code may go to, or null. One code a minute per address,
   * counted for every address, known or not, so the answer tells nobody which exist (429 otherwise).
   */
  /** The address is in use: said as a toast and under the e-mail field. */
  const emailTaken = () => new ApiError(409, MESSAGES.emailTaken, { fieldErrors: { email: [MESSAGES.emailTaken] } });

  async function activeAccountForNewCode(email: string, purpose: CodePurpose, now: Date): Promise<StudentRecord | null> {
    const wait = await secondsUntilNextCode(db, email, purpose, now);
    if (wait > 0) throw tooManyRequests(wait);
    const student = await findStudentByEmail(db, email);
    return student && !student.deactivatedAt ? student : null;
  }

  async function signIn(student: StudentRecord) {
    const token = await createSession(db, student.id, services.clock());
    return { token, user: toUser(student) };
  }

  routes.post(
    '/auth/student/signup',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Create a student account; a 6-digit code is e-mailed',
      body: SignupSchema,
      success: { status: 201, message: MESSAGES.signedUp, data: EmailDataSchema },
      rateLimited: true,
      errors: { 409: MESSAGES.emailTaken },
    }),
    limit('signup'),
    async (c) => {
      noStore(c);
      const input = await readJsonBody(c, SignupSchema);
      refuseCommonPassword(input.password);
      if (await findStudentByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      let student: StudentRecord;
      try {
        const [row] = await db
          .insert(students)
          .values({
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            passwordHash,
            phoneNumber: input.phone_number,
            homeAddress: input.home_address,
          })
          .returning();
        student = row!;
      } catch (error) {
        // Two sign-ups for one address at the same moment: the unique index lets one through.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      await secondsUntilNextCode(db, student.email, 'verify_email', services.clock());
      try {
        await sendVerificationCode(student);
      } catch (error) {
        // An account whose owner was never sent a code would answer the retry with 409: keep none.
        await db.delete(students).where(eq(students.id, student.id));
        throw error;
      }
      return c.json({ message: MESSAGES.signedUp, data: { email: student.email } }, 201);
    },
  );

  routes.post(
    '/auth/student/resend-otp',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Send a new verification code (one a minute per address)',
      body: EmailOnlySchema,
      success: { message: MESSAGES.codeResent },
      rateLimited: true,
    }),
    limit('resend_otp'),
    async (c) => {
      const { email } = await readJsonBody(c, EmailOnlySchema);
      const student = await activeAccountForNewCode(email, 'verify_email', services.clock());
      if (student && !student.verifiedAt) await sendVerificationCode(student);
      return c.json({ message: MESSAGES.codeResent, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/verify-account',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Confirm the e-mail address with its code; signs the student in',
      body: VerifyAccountSchema,
      success: { message: MESSAGES.verified, data: SignedInSchema },
      rateLimited: true,
      errors: { 401: DEACTIVATED_MESSAGE },
    }),
    limit('verify_account'),
    async (c) => {
      noStore(c);
      const { email, otp } = await readJsonBody(c, VerifyAccountSchema);
      const now = services.clock();
      const student = await findStudentByEmail(db, email);
      if (!student || !(await checkCode(db, student.id, 'verify_email', otp, now, { useUp: true }))) throw invalidCode('otp');
      if (student.deactivatedAt) throw new ApiError(401, DEACTIVATED_MESSAGE);
      const [verified] = await db
        .update(students)
        .set({ verifiedAt: student.verifiedAt ?? now, updatedAt: now })
        .where(eq(students.id, student.id))
        .returning();
      return c.json({ message: MESSAGES.verified, data: await signIn(verified!) }, 200);
    },
  );

  routes.post(
    '/auth/student/login',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Sign in',
      description: `After ${LOGIN_FAILURES_ALLOWED} failed tries for one address within 15 minutes, 429 until the window passes.`,
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
      // The try is counted before the password is checked, in one statement: however many arrive
      // at once, at most five are ever checked in a window.
      const bucket = `login:${email.toLowerCase()}`;
      const { hits, resetsAt } = await countRequest(db, bucket, now, LOGIN_WINDOW_MS);
      if (hits > LOGIN_FAILURES_ALLOWED) throw tooManyRequests(secondsUntil(resetsAt, now));
      const student = await findStudentByEmail(db, email);
      // The hash work runs whether or not the account exists, so the answer's timing tells nothing.
      if (!(await verifyPassword(student?.passwordHash, password)) || !student) throw new ApiError(401, MESSAGES.badCredentials);
      await clearBucket(db, bucket);
      if (student.deactivatedAt) throw new ApiError(401, DEACTIVATED_MESSAGE);
      if (!student.verifiedAt) {
        if ((await secondsUntilNextCode(db, student.email, 'verify_email', now)) === 0) await sendVerificationCode(student);
        throw new ApiError(403, MESSAGES.unverified);
      }
      return c.json({ message: MESSAGES.loggedIn, data: await signIn(student) }, 200);
    },
  );

  routes.post(
    '/auth/student/forgot-password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'E-mail a password reset code (one a minute per address)',
      body: EmailOnlySchema,
      success: { message: MESSAGES.resetSent },
      rateLimited: true,
    }),
    limit('forgot_password'),
    async (c) => {
      const { email } = await readJsonBody(c, EmailOnlySchema);
      const now = services.clock();
      const student = await activeAccountForNewCode(email, 'reset_password', now);
      if (student) {
        const code = await issueCode(db, student.id, 'reset_password', now);
        await mailer.send(resetCodeMail(student, code, site));
      }
      return c.json({ message: MESSAGES.resetSent, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/verify-password-token',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Check a password reset code without using it up',
      body: VerifyResetCodeSchema,
      success: { message: MESSAGES.codeValid },
      rateLimited: true,
    }),
    limit('verify_password_token'),
    async (c) => {
      const { email, token } = await readJsonBody(c, VerifyResetCodeSchema);
      const student = await findStudentByEmail(db, email);
      if (!student || !(await checkCode(db, student.id, 'reset_password', token, services.clock(), { useUp: false })))
        throw invalidCode('token');
      return c.json({ message: MESSAGES.codeValid, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/reset-password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Set a new password with a reset code; every session of the account ends',
      body: ResetPasswordSchema,
      success: { message: MESSAGES.passwordReset },
      rateLimited: true,
    }),
    limit('reset_password'),
    async (c) => {
      const { email, token, password } = await readJsonBody(c, ResetPasswordSchema);
      refuseCommonPassword(password);
      const now = services.clock();
      const student = await findStudentByEmail(db, email);
      if (!student || !(await checkCode(db, student.id, 'reset_password', token, now, { useUp: true }))) throw invalidCode('token');
      // The code came to the mailbox, so the address is proven too.
      await db
        .update(students)
        .set({ passwordHash: await hashPassword(password), verifiedAt: student.verifiedAt ?? now, updatedAt: now })
        .where(eq(students.id, student.id));
      await revokeAllSessions(db, student.id);
      const body = 'Your password was reset with a code sent to your e-mail address. If this was not you, contact us at once.';
      await notify(db, { studentId: student.id, kind: 'password', title: 'Your password was changed', body }, now);
      await mailer.send(passwordChangedMail(student, site));
      return c.json({ message: MESSAGES.passwordReset, data: null }, 200);
    },
  );

  // Everything below needs a signed-in student.
  const guard = requireStudent(services);

  signedIn.post(
    '/auth/student/kyc',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Complete KYC: gender, date of birth, state and country',
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
      return c.json({ message: MESSAGES.kycSaved, data: toUser(row!) }, 200);
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

  signedIn.patch(
    '/auth/student/password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Change the password; every session of the account ends',
      body: ChangePasswordSchema,
      success: { message: MESSAGES.passwordChanged },
      auth: true,
    }),
    guard,
    async (c) => {
      const { currentPassword, password } = await readJsonBody(c, ChangePasswordSchema);
      const student = c.var.student;
      if (!(await verifyPassword(student.passwordHash, currentPassword)))
        throw new ApiError(400, MESSAGES.wrongCurrentPassword, { fieldErrors: { currentPassword: [MESSAGES.wrongCurrentPassword] } });
      refuseCommonPassword(password);
      const now = services.clock();
      await db
        .update(students)
        .set({ passwordHash: await hashPassword(password), updatedAt: now })
        .where(and(eq(students.id, student.id), isNull(students.deactivatedAt)));
      await revokeAllSessions(db, student.id);
      const body = 'Your password was changed in your settings. If this was not you, reset it and contact us at once.';
      await notify(db, { studentId: student.id, kind: 'password', title: 'Your password was changed', body }, now);
      await mailer.send(passwordChangedMail(student, site));
      return c.json({ message: MESSAGES.passwordChanged, data: null }, 200);
    },
  );

  signedIn.get(
    '/student/profile',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'The signed-in student',
      success: { message: MESSAGES.profile, data: UserSchema },
      auth: true,
    }),
    guard,
    (c) => c.json({ message: MESSAGES.profile, data: toUser(c.var.student) }, 200),
  );

  signedIn.put(
    '/student/profile',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Update the home address and phone number (names and e-mail cannot change)',
      description:
        '`profile_image_file_id`: the id of a stored upload of the student (PUT user/uploaded-file/{file_id}) sets the picture; null clears it; absent keeps it. Any other id is 400 "Upload not found".',
      body: ProfileUpdateSchema,
      success: { message: MESSAGES.profileSaved, data: UserSchema },
      auth: true,
    }),
    guard,
    async (c) => {
      const input = await readJsonBody(c, ProfileUpdateSchema);
      const imageUrl = await profileImageUrl(input.profile_image_file_id, c.var.student.id);
      const [row] = await db
        .update(students)
        .set({
          ...(imageUrl !== undefined ? { imageUrl } : {}),
          homeAddress: input.home_address,
          // An empty phone is left out of the payload: it keeps the number already saved.
          ...(input.phone_number ? { phoneNumber: input.phone_number } : {}),
          updatedAt: services.clock(),
        })
        .where(eq(students.id, c.var.student.id))
        .returning();
      return c.json({ message: MESSAGES.profileSaved, data: toUser(row!) }, 200);
    },
  );

  /**
   * The picture a profile update asks for: the public URL of the student's own stored upload, null
   * to clear it, undefined (absent) to keep it. Anything else: 400 Upload not found.
   */
  async function profileImageUrl(fileId: string | null | undefined, studentId: string): Promise<string | null | undefined> {
    if (fileId === undefined || fileId === null) return fileId;
    const notFound = () => new ApiError(400, UPLOAD_NOT_FOUND, { fieldErrors: { profile_image_file_id: [UPLOAD_NOT_FOUND] } });
    if (!UPLOAD_ID.test(fileId)) throw notFound();
    const [upload] = await db
      .select({ fileKey: uploads.fileKey })
      .from(uploads)
      .where(and(eq(uploads.id, fileId), eq(uploads.studentId, studentId), eq(uploads.status, 'stored')));
    if (!upload) throw notFound();
    return services.storage.publicUrl(upload.fileKey);
  }

  routes.route('/', signedIn);
  return routes;
}

const UPLOAD_NOT_FOUND = 'Upload not found';
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
