// Staff sign-in (docs/product.md, 'Staff sign-in'): the invitation's two steps (a password, then the
// authenticator's first code) and sign-in's two steps (the password, then a code or a recovery
// code). Wrong passwords count as at student sign-in, in buckets of their own.
import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { tryPassword } from '#server/auth/password-tries.ts';
import { refuseCommonPassword, verifyPassword } from '#server/auth/passwords.ts';
import { staffMembers } from '#server/db/schema.ts';
import type { ApiServices } from '#server/deps.ts';
import { ApiError } from '#server/http/api-error.ts';
import { clientAddress } from '#server/http/client-address.ts';
import type { ApiEnv } from '#server/http/context.ts';
import { readJsonBody } from '#server/http/json-body.ts';
import { describeJsonRoute } from '#server/http/openapi.ts';
import { rateLimit, secondsUntil, tooManyRequests, type RateLimitPolicy } from '#server/http/rate-limit.ts';
import { sendInBackground } from '#server/mail/background.ts';
import {
  AcceptInviteSchema,
  ChallengeSchema,
  ConfirmMfaSchema,
  EnrolledSchema,
  EnrolmentSchema,
  INVALID_INVITATION,
  INVALID_STAFF_CODE,
  StaffLoginSchema,
  StaffMfaSchema,
  StaffSignedInSchema,
} from '../schemas.ts';
import { recordAudit } from './audit.ts';
import { EXAMPLE_INVITATION_TOKEN, EXAMPLE_RECOVERY_CODES, EXAMPLE_STAFF, EXAMPLE_STAFF_TOKEN, EXAMPLE_TOTP_SECRET } from './examples.ts';
import { acceptInvitation, confirmEnrolment } from './invitations.ts';
import { codesPausedMail } from './mails.ts';
import {
  CODES_PER_CHALLENGE,
  countChallengeTry,
  countMemberCodeTry,
  endChallenge,
  forgiveMemberCodeTry,
  MEMBER_CODE_FAILURES_ALLOWED,
  openChallenge,
  takeRecoveryCode,
  takeTotpCode,
} from './second-factor.ts';
import { createLiveStaffSession } from './sessions.ts';
import { toStaff } from './staff.ts';
import { otpauthUrl } from './totp.ts';

const BAD_CREDENTIALS = 'Invalid email or password';

/** Per client address, as the student account routes: generous, as many phones share one address. */
const STAFF_AUTH_IP_LIMIT: RateLimitPolicy = { limit: 100, windowMs: 10 * 60_000 };

const EXAMPLE_CHALLENGE = 'Hc6Jf4Gs0Ay8Eu2Io4Qr6TZq8Xv3Lm1Pd7Rt5Wn9Bk2';

const invalidCode = () => new ApiError(400, INVALID_STAFF_CODE, { fieldErrors: { code: [INVALID_STAFF_CODE] } });
const invalidInvitation = () => new ApiError(400, INVALID_INVITATION, { fieldErrors: { token: [INVALID_INVITATION] } });

/** Mounted at /staff. */
export function createStaffAuthRoutes(services: ApiServices) {
  const { db, env } = services;
  const limit = (rule: string) => rateLimit(services, rule, STAFF_AUTH_IP_LIMIT);
  const routes = new Hono<ApiEnv>();

  routes.post(
    '/auth/accept-invite',
    describeJsonRoute({
      tag: 'Staff',
      summary: "Accept an invitation: choose a password, get the authenticator's secret",
      description: `The invitation link's token (\`/staff/welcome?token=...\`, 72 hours) and a password by the student rules. Answers the \`otpauth://\` URI to show as a QR code and its base32 secret to type in; nothing is signed in until confirm-mfa. Calling it again draws a new secret (only the last one works). 400 \`${INVALID_INVITATION}\` for a link that is unknown, used or expired.`,
      examples: {
        body: { token: EXAMPLE_INVITATION_TOKEN, password: 'Aso-Oke-Loom9' },
        data: {
          otpauth_url: `otpauth://totp/Adire%20Fashion%20Academy:funke%40adireacademy.ng?issuer=Adire%20Fashion%20Academy&secret=${EXAMPLE_TOTP_SECRET}&algorithm=SHA1&digits=6&period=30`,
          secret: EXAMPLE_TOTP_SECRET,
        },
      },
      body: AcceptInviteSchema,
      success: { message: 'Scan the code with your authenticator app.', data: EnrolmentSchema },
      rateLimited: true,
    }),
    limit('staff_accept_invite'),
    async (c) => {
      const { token, password } = await readJsonBody(c, AcceptInviteSchema);
      refuseCommonPassword(password);
      const accepted = await acceptInvitation(db, token, password, services.clock());
      if (!accepted) throw invalidInvitation();
      return c.json(
        {
          message: 'Scan the code with your authenticator app.',
          data: { otpauth_url: otpauthUrl(accepted.secret, accepted.email), secret: accepted.secret },
        },
        200,
      );
    },
  );

  routes.post(
    '/auth/confirm-mfa',
    describeJsonRoute({
      tag: 'Staff',
      summary: 'Confirm the authenticator with its first code: the account is created and signed in',
      description: `The invitation's token and the app's current 6-digit code. Creates the member, uses the invitation up, signs in, and answers 10 single-use recovery codes: shown this once, never again. 400 \`${INVALID_STAFF_CODE}\` for a wrong code or an invitation that no longer works.`,
      examples: {
        body: { token: EXAMPLE_INVITATION_TOKEN, code: '492039' },
        data: { token: EXAMPLE_STAFF_TOKEN, staff: EXAMPLE_STAFF, recovery_codes: EXAMPLE_RECOVERY_CODES },
      },
      body: ConfirmMfaSchema,
      success: { message: 'Your staff account is ready.', data: EnrolledSchema },
      rateLimited: true,
    }),
    limit('staff_confirm_mfa'),
    async (c) => {
      const { token, code } = await readJsonBody(c, ConfirmMfaSchema);
      const now = services.clock();
      const ip = clientAddress(c, env);
      const enrolled = await confirmEnrolment(db, token, code, now, (tx, member) =>
        recordAudit(tx, { at: now, actor: member, ip, action: 'staff.join', target: `staff:${member.id}`, details: { role: member.role } }),
      );
      if (!enrolled) throw invalidCode();
      return c.json(
        {
          message: 'Your staff account is ready.',
          data: { token: enrolled.token, staff: toStaff(enrolled.member), recovery_codes: enrolled.recoveryCodes },
        },
        200,
      );
    },
  );

  routes.post(
    '/auth/login',
    describeJsonRoute({
      tag: 'Staff',
      summary: 'Staff sign-in, first step: e-mail and password',
      description: `A right password answers a challenge for the second step (valid 5 minutes). Wrong passwords are limited as at student sign-in: after 5 for one address from one client address within 15 minutes, 429 there; after 100 in an hour from anywhere, 429 everywhere for the rest of the hour. 401 \`${BAD_CREDENTIALS}\`, for a removed member too.`,
      examples: { body: { email: EXAMPLE_STAFF.email, password: 'Aso-Oke-Loom9' }, data: { challenge: EXAMPLE_CHALLENGE } },
      body: StaffLoginSchema,
      success: { message: 'Enter the code from your authenticator app.', data: ChallengeSchema },
      rateLimited: true,
      errors: { 401: BAD_CREDENTIALS },
    }),
    limit('staff_login'),
    async (c) => {
      const { email, password } = await readJsonBody(c, StaffLoginSchema);
      const now = services.clock();
      const [member] = await db
        .select()
        .from(staffMembers)
        .where(and(eq(staffMembers.email, email), isNull(staffMembers.removedAt)));
      // The hash work runs whether or not the member exists, so the timing tells nothing.
      const right = await tryPassword(
        db,
        email,
        clientAddress(c, env),
        now,
        () => verifyPassword(member?.passwordHash, password),
        'staff-password',
      );
      if (!right || !member) throw new ApiError(401, BAD_CREDENTIALS);
      return c.json(
        { message: 'Enter the code from your authenticator app.', data: { challenge: await openChallenge(db, member.id, now) } },
        200,
      );
    },
  );

  routes.post(
    '/auth/mfa',
    describeJsonRoute({
      tag: 'Staff',
      summary: 'Staff sign-in, second step: the 6-digit code or a recovery code',
      description: `The login's challenge and the authenticator's code (the one before and after are accepted; a code already used is not accepted again) or one of the recovery codes (each once). ${CODES_PER_CHALLENGE} wrong codes end the challenge: sign in again. After ${MEMBER_CODE_FAILURES_ALLOWED} wrong codes for one member within an hour, from any challenges and addresses, 429 for that member until the hour is over (the member is told by mail). 400 \`${INVALID_STAFF_CODE}\`.`,
      examples: { body: { challenge: EXAMPLE_CHALLENGE, code: '492039' }, data: { token: EXAMPLE_STAFF_TOKEN, staff: EXAMPLE_STAFF } },
      body: StaffMfaSchema,
      success: { message: 'Welcome back!', data: StaffSignedInSchema },
      rateLimited: true,
    }),
    limit('staff_mfa'),
    async (c) => {
      const { challenge, code } = await readJsonBody(c, StaffMfaSchema);
      const now = services.clock();
      const attempt = await countChallengeTry(db, challenge, now);
      if (!attempt) throw invalidCode();
      const tries = await countMemberCodeTry(db, attempt.staffId, now);
      if (tries.hits > MEMBER_CODE_FAILURES_ALLOWED) {
        if (tries.hits === MEMBER_CODE_FAILURES_ALLOWED + 1)
          sendInBackground(services, () => codesPausedMail(db, attempt.staffId, tries.resetsAt));
        throw tooManyRequests(secondsUntil(tries.resetsAt, now));
      }
      const [member] = await db
        .select()
        .from(staffMembers)
        .where(and(eq(staffMembers.id, attempt.staffId), isNull(staffMembers.removedAt)));
      const method = /^\d{6}$/.test(code) ? 'totp' : 'recovery_code';
      const taken =
        member !== undefined &&
        (method === 'totp' ? await takeTotpCode(db, member, code, now) : await takeRecoveryCode(db, member.id, code, now));
      // A right code ends the challenge: only the request that ends it signs in.
      if (!taken || !member || !(await endChallenge(db, attempt.id))) {
        if (attempt.tries >= CODES_PER_CHALLENGE) await endChallenge(db, attempt.id);
        throw invalidCode();
      }
      await forgiveMemberCodeTry(db, member.id);
      const ip = clientAddress(c, env);
      // A removal that lands meanwhile: no session and no sign-in entry, as if it had come first.
      const token = await createLiveStaffSession(db, member.id, now, (tx) =>
        recordAudit(tx, { at: now, actor: member, ip, action: 'staff.sign_in', target: `staff:${member.id}`, details: { method } }),
      );
      if (!token) throw invalidCode();
      return c.json({ message: 'Welcome back!', data: { token, staff: toStaff(member) } }, 200);
    },
  );

  return routes;
}
