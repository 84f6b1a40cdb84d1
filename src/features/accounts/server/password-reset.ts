// A forgotten password (docs/product.md#auth-flows): a code to the address, the code checked without
// using it up (the reset page's first step), then the new password with the code. One code a minute
// per address, counted for unknown addresses too, so no answer tells which accounts exist.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { passwordChanged } from '#server/auth/password-changed.ts';
import { forgetWrongPasswords } from '#server/auth/password-tries.ts';
import { hashPassword, refuseCommonPassword } from '#server/auth/passwords.ts';
import type { StudentRecord } from '#server/auth/sessions.ts';
import { students } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { sendInBackground } from '#server/mail/background.ts';
import { EmailOnlySchema, ResetPasswordSchema, VerifyResetCodeSchema } from '../schemas.ts';
import { accountRateLimit, invalidCode, MESSAGES } from './answers.ts';
import { activeAccountForNewCode, checkCodeWithinLimit, issueCode } from './codes.ts';
import { codesPausedMail, resetCodeMail } from './mails.ts';
import { findStudentByEmail } from './students.ts';
import { EXAMPLE_CODE, EXAMPLE_EMAIL } from '#server/http/openapi-examples.ts';

/** Mounted at /user. */
export function createPasswordResetRoutes(services: ApiServices) {
  const { db, mailer } = services;
  const routes = new Hono<ApiEnv>();
  const limit = (rule: string) => accountRateLimit(services, rule);
  const site = services.env.PUBLIC_SITE_URL;
  const onPaused = (student: StudentRecord, minutes: number) => mailer.send(codesPausedMail(student, minutes, site));

  routes.post(
    '/auth/student/forgot-password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'E-mail a password reset code (one a minute per address)',
      examples: { body: EXAMPLE_EMAIL },
      body: EmailOnlySchema,
      success: { message: MESSAGES.resetSent },
      rateLimited: true,
    }),
    limit('forgot_password'),
    async (c) => {
      const { email } = await readJsonBody(c, EmailOnlySchema);
      const now = services.clock();
      const student = await activeAccountForNewCode(db, email, 'reset_password', now);
      // After the answer: making and mailing a code only for real addresses would tell them apart by time.
      if (student)
        sendInBackground(services, async () => resetCodeMail(student, await issueCode(db, student.id, 'reset_password', now), site));
      return c.json({ message: MESSAGES.resetSent, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/verify-password-token',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Check a password reset code without using it up',
      examples: { body: { ...EXAMPLE_EMAIL, token: EXAMPLE_CODE } },
      body: VerifyResetCodeSchema,
      success: { message: MESSAGES.codeValid },
      rateLimited: true,
    }),
    limit('verify_password_token'),
    async (c) => {
      const { email, token } = await readJsonBody(c, VerifyResetCodeSchema);
      const student = await findStudentByEmail(db, email);
      if (!student || !(await checkCodeWithinLimit(db, student, 'reset_password', token, services.clock(), { useUp: false, onPaused })))
        throw invalidCode('token');
      return c.json({ message: MESSAGES.codeValid, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/reset-password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: 'Set a new password with a reset code; every session of the account ends',
      examples: { body: { ...EXAMPLE_EMAIL, token: EXAMPLE_CODE, password: 'Adire-Abeokuta9' } },
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
      if (!student || !(await checkCodeWithinLimit(db, student, 'reset_password', token, now, { useUp: true, onPaused })))
        throw invalidCode('token');
      // The code came to the mailbox, so the address is proven too.
      await db
        .update(students)
        .set({ passwordHash: await hashPassword(password), verifiedAt: student.verifiedAt ?? now, updatedAt: now })
        .where(eq(students.id, student.id));
      await passwordChanged(services, student, 'reset', now);
      // The mailbox proved it is the student: no wrong password counted before holds them out.
      await forgetWrongPasswords(db, student.email);
      return c.json({ message: MESSAGES.passwordReset, data: null }, 200);
    },
  );

  return routes;
}
