// Invitations: how a member of staff comes to exist. `npm run admin -- invite-staff` (or, later, an
// admin) makes one and mails its link; the invitee chooses a password and gets an authenticator
// secret (accept), then proves the app with one code (confirm): only then is the member created,
// with ten recovery codes and a first session, and the invitation used up. 72 hours, one use.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashPassword } from '#server/auth/passwords.ts';
import { newSessionToken, sha256 } from '#server/auth/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { staffInvitations, staffMembers, type StaffRole } from '#server/db/schema.ts';
import { issueRecoveryCodes } from './second-factor.ts';
import { createStaffSession, type StaffRecord } from './sessions.ts';
import { matchingStep, newTotpSecret } from './totp.ts';

export const INVITATION_HOURS = 72;
const WELCOME_PAGE = '/staff/welcome';

type Invitation = typeof staffInvitations.$inferSelect;

export interface NewInvitation {
  email: string;
  role: StaffRole;
  name: string;
}

/** A live member already uses the address: an invitation would only fail at its end. */
export async function liveMemberWith(db: Database, email: string): Promise<StaffRecord | null> {
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.email, email.toLowerCase()), isNull(staffMembers.removedAt)));
  return member ?? null;
}

/** Makes an invitation (an earlier unused one to the address stops working) and returns its link's token. */
export async function createInvitation(db: Database, invitation: NewInvitation, now: Date): Promise<string> {
  const token = newSessionToken();
  const email = invitation.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.delete(staffInvitations).where(and(eq(staffInvitations.email, email), isNull(staffInvitations.usedAt)));
    await tx.insert(staffInvitations).values({
      tokenHash: sha256(token),
      email,
      name: invitation.name,
      role: invitation.role,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_HOURS * 60 * 60_000),
    });
  });
  return token;
}

export const invitationLink = (siteUrl: string, token: string) => `${siteUrl}${WELCOME_PAGE}?token=${encodeURIComponent(token)}`;

async function liveInvitation(db: Database, token: string, now: Date): Promise<Invitation | null> {
  const [invitation] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, sha256(token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, now)));
  return invitation ?? null;
}

/**
 * The invitee's password and a new authenticator secret, kept on the invitation until confirmed.
 * Accepting again (the page reloaded) draws a new secret, so only the app set up last works.
 * Null when the invitation does not work (unknown, used, expired, or its address taken since).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  now: Date,
): Promise<{ email: string; secret: string } | null> {
  const invitation = await liveInvitation(db, token, now);
  if (!invitation || (await liveMemberWith(db, invitation.email))) return null;
  const secret = newTotpSecret();
  const [accepted] = await db
    .update(staffInvitations)
    .set({ pendingPasswordHash: await hashPassword(password), pendingTotpSecret: secret })
    .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.usedAt)))
    .returning({ id: staffInvitations.id });
  return accepted ? { email: invitation.email, secret } : null;
}

export interface Enrolled {
  member: StaffRecord;
  token: string;
  recoveryCodes: string[];
}

/**
 * The first code from the app, on an accepted invitation: creates the member (the code's time step
 * counts as used), ten recovery codes and a session, and uses the invitation up, all at once.
 * Null for a wrong code or an invitation that does not work (two confirmations at once: one wins).
 * `record` writes the audit entry in the same transaction.
 */
export async function confirmEnrolment(
  db: Database,
  token: string,
  code: string,
  now: Date,
  record: (tx: Database, member: StaffRecord) => Promise<void>,
): Promise<Enrolled | null> {
  const invitation = await liveInvitation(db, token, now);
  if (!invitation?.pendingTotpSecret || !invitation.pendingPasswordHash) return null;
  const step = matchingStep(invitation.pendingTotpSecret, code, now);
  if (step === null) return null;
  const { pendingPasswordHash, pendingTotpSecret } = invitation;
  return db.transaction(async (tx) => {
    // Only while the secret is still the one the code was checked against: an acceptance in another
    // tab since then drew a new one (and a password with it), and the code of the old one is void.
    const [used] = await tx
      .update(staffInvitations)
      .set({ usedAt: now, pendingPasswordHash: null, pendingTotpSecret: null })
      .where(
        and(
          eq(staffInvitations.id, invitation.id),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
          eq(staffInvitations.pendingTotpSecret, pendingTotpSecret),
        ),
      )
      .returning({ id: staffInvitations.id });
    if (!used) return null;
    // The address is unique among live members: a member created meanwhile under it ends this
    // invitation, which could never succeed now.
    const [member] = await tx
      .insert(staffMembers)
      .values({
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        passwordHash: pendingPasswordHash,
        totpSecret: pendingTotpSecret,
        mfaConfirmedAt: now,
        lastTotpStep: step,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!member) return null;
    const recoveryCodes = await issueRecoveryCodes(tx, member.id);
    await record(tx, member);
    return { member, token: await createStaffSession(tx, member.id, now), recoveryCodes };
  });
}
