// Staff accounts made the real way, for the staff sign-in tests: an invitation as the admin command
// makes it, accepted with a password, confirmed with a code computed from the secret it answered.
import { inviteStaff } from '#features/staff/server/invite.ts';
import { EnrolledSchema, EnrolmentSchema } from '#features/staff/schemas.ts';
import { invitationTokenTo, STAFF_PASSWORD, staffCode } from '../../support/staff.ts';
import { servicesOf } from './factories.ts';
import { readData, send, type TestAppFixture } from './test-app.ts';

/** Mails an invitation as `npm run admin -- invite-staff` does; returns the link's token. */
export async function invite(t: TestAppFixture, email: string, role: 'admin' | 'staff' = 'staff', name?: string): Promise<string> {
  await inviteStaff(servicesOf(t), { email, role, ...(name ? { name } : {}) }, { actor: null, ip: 'cli' });
  return invitationTokenTo(t.mailer.sent, email);
}

/** accept-invite with the seeded members' password: the authenticator's secret. */
export async function accept(t: TestAppFixture, token: string): Promise<string> {
  return (await readData(await send(t.app, 'staff/auth/accept-invite', { token, password: STAFF_PASSWORD }), EnrolmentSchema)).secret;
}

/** A member invited, accepted and confirmed: signed in, with the secret and the recovery codes. */
export async function enrolStaff(t: TestAppFixture, email: string, role: 'admin' | 'staff' = 'staff') {
  const token = await invite(t, email, role);
  const secret = await accept(t, token);
  const enrolled = await readData(
    await send(t.app, 'staff/auth/confirm-mfa', { token, code: staffCode(secret, t.clock.now()) }),
    EnrolledSchema,
  );
  return { ...enrolled, secret, email, password: STAFF_PASSWORD };
}
