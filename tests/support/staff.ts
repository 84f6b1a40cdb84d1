// A member of staff with a live session, written straight into the database: for the API tests of
// the staff console, which need a signed-in admin or member without going through the invitation.
// The invitation and two-factor sign-in have their own tests (tests/api/staff-*.test.ts).
import { TOTP } from 'otpauth';
import { createStaffSession, type StaffRecord } from '#features/staff/server/sessions.ts';
import { newTotpSecret } from '#features/staff/server/totp.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Database } from '#server/db/client.ts';
import { staffMembers } from '#server/db/schema.ts';

/** Every seeded member's password (strong enough for the password rules). */
export const STAFF_PASSWORD = 'Aso-Oke-Loom9';

export interface SeededStaff {
  /** A staff session's bearer token: `send(t.app, 'staff/...', body, { token })`. */
  token: string;
  staff: StaffRecord;
  /** The authenticator's secret, base32: `staffCode(totpSecret, t.clock.now())` gives a valid code. */
  totpSecret: string;
  password: string;
}

let seeded = 0;

/**
 * A member (role `staff` unless told) signed in now by the fixture's clock. `t` is the useTestApp()
 * fixture: `const admin = await seedStaff(t, { role: 'admin' })`.
 */
export async function seedStaff(
  t: { db: Database; clock: { now: () => Date } },
  options: { role?: 'admin' | 'staff'; email?: string; name?: string } = {},
): Promise<SeededStaff> {
  const now = t.clock.now();
  seeded += 1;
  const totpSecret = newTotpSecret();
  const [staff] = await t.db
    .insert(staffMembers)
    .values({
      email: (options.email ?? `staff${seeded}-${Math.random().toString(36).slice(2, 8)}@adireacademy.ng`).toLowerCase(),
      name: options.name ?? `Staff Member ${seeded}`,
      role: options.role ?? 'staff',
      passwordHash: await hashPassword(STAFF_PASSWORD),
      totpSecret,
      mfaConfirmedAt: now,
      createdAt: now,
    })
    .returning();
  const token = await createStaffSession(t.db, staff!.id, now);
  return { token, staff: staff!, totpSecret, password: STAFF_PASSWORD };
}

/** The 6-digit code an authenticator app shows at `at` for `secret`. */
export const staffCode = (secret: string, at: Date): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }).generate({ timestamp: at.getTime() });

/** The invitation link's token in the newest invitation mail to `email`. */
export function invitationTokenTo(mails: readonly { to: unknown; text: string; kind?: string }[], email: string): string {
  const mail = mails.findLast(
    (sent) =>
      sent.kind === 'staff_invitation' && (typeof sent.to === 'string' ? sent.to : (sent.to as { address: string }).address) === email,
  );
  const token = /\/staff\/welcome\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No invitation was mailed to ${email}`);
  return token;
}
