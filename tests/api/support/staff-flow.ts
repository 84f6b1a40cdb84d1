// Staff accounts made the real way, for the staff sign-in tests: an invitation as the admin command
// makes it, accepted with a password, confirmed with a code computed from the secret it answered.
import { sql } from 'drizzle-orm';
import { inviteStaff } from '#features/staff/server/invite.ts';
import type { Database } from '#server/db/client.ts';
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

/**
 * Resolves once `count` statements of this test's PostgreSQL database wait on a lock the test holds:
 * how a race test knows its requests have reached the point it stopped them at.
 */
export async function untilWaitingOnLocks(db: Database, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const result: unknown = await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (((result as { rows: { n: number }[] }).rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} statements never waited on a lock`);
}
