// A forgotten password (docs/product.md#auth-flows): a code to the address, the code checked without
// using it up (the reset page's first step), then the new password with the code. One code a minute
// per address, counted for unknown addresses too, so no answer tells which accounts exist. The mail's
// link carries a long token (links.ts) that both calls take in place of the code: guesses of the 6
// digits pause the code, never the link, so a stranger cannot stop the owner from resetting.
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
import { EmailOnlySchema, isLinkToken, ResetPasswordSchema, VerifyResetCodeSchema } from '../schemas.ts';
import { accountRateLimit, invalidCode, MESSAGES } from './answers.ts';
import { activeAccountForNewCode, checkCodeWithinLimit, endCode, issueCode } from './codes.ts';
import { accountOfLink, endLinks, issueLink, linkHours } from './links.ts';
import { codesPausedMail, resetCodeMail } from './mails.ts';
import { findStudentByEmail } from './students.ts';
import { EXAMPLE_CODE, EXAMPLE_EMAIL } from '#server/http/openapi-examples.ts';

/** Mounted at /user. */
export function createPasswordResetRoutes(services: ApiServices) {
  const { db } = services;
  const routes = new Hono<ApiEnv>();
  const limit = (rule: string) => accountRateLimit(services, rule);
  const site = services.env.PUBLIC_SITE_URL;
  const onPaused = (student: StudentRecord, minutes: number) =>
    sendInBackground(services, () => Promise.resolve(codesPausedMail(student, minutes, site)));

  /**
   * The account the code or the link's token opens, or null. A code counts against the address's
   * wrong codes (real or not, alike); a link's token, too long to guess, never does.
   */
  async function accountOpenedBy(email: string, token: string, now: Date, useUp: boolean): Promise<StudentRecord | null> {
    if (isLinkToken(token)) return accountOfLink(db, email, 'reset_password', token, now);
    const student = await findStudentByEmail(db, email);
    return (await checkCodeWithinLimit(db, email, student, 'reset_password', token, now, { useUp, onPaused })) ? student : null;
  }

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
        sendInBackground(services, async () => {
          const code = await issueCode(db, student.id, 'reset_password', now);
          const token = await issueLink(db, student.id, 'reset_password', now);
          return resetCodeMail(student, code, { token, hours: linkHours('reset_password') }, site);
        });
      return c.json({ message: MESSAGES.resetSent, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/verify-password-token',
    describeJsonRoute({
      tag: 'Accounts',
      summary: "Check a password reset code (or the reset link's token) without using it up",
      description:
        "After 10 wrong codes for an address in an hour (counted alike whether or not an account uses it), codes are refused with 429 for the rest of the hour; the long token of the reset mail's link is never paused.",
      examples: { body: { ...EXAMPLE_EMAIL, token: EXAMPLE_CODE } },
      body: VerifyResetCodeSchema,
      success: { message: MESSAGES.codeValid },
      rateLimited: true,
    }),
    limit('verify_password_token'),
    async (c) => {
      const { email, token } = await readJsonBody(c, VerifyResetCodeSchema);
      if (!(await accountOpenedBy(email, token, services.clock(), false))) throw invalidCode('token');
      return c.json({ message: MESSAGES.codeValid, data: null }, 200);
    },
  );

  routes.post(
    '/auth/student/reset-password',
    describeJsonRoute({
      tag: 'Accounts',
      summary: "Set a new password with a reset code or the reset link's token; every session of the account ends",
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
      const student = await accountOpenedBy(email, token, now, true);
      if (!student) throw invalidCode('token');
      // Used once: the code and every reset link end together (of two resets racing with one link, one wins).
      const byLink = isLinkToken(token);
      if (!(await endLinks(db, student.id, 'reset_password', byLink ? token : undefined))) throw invalidCode('token');
      if (byLink) await endCode(db, student.id, 'reset_password', now);
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
