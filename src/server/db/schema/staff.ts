// Staff accounts: the college's own people, who run it from /staff. Not students: their own table,
// their own sessions (shorter-lived), two factors at sign-in, and an audit log of every change they
// make (docs/decisions/ on staff accounts). Tokens, challenges and codes are kept only as hashes.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const STAFF_ROLES = ['admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case, as every address is compared case-insensitively. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /**
     * The authenticator's shared secret, base32. It never leaves the server after enrolment: no
     * answer carries it, only the TOTP check reads it.
     */
    totpSecret: text('totp_secret').notNull(),
    /** When the member proved the authenticator with a first code. */
    mfaConfirmedAt: instant('mfa_confirmed_at').notNull(),
    /**
     * The last TOTP time step (Unix time / 30 s) accepted for this member. A code is taken only for a
     * later step, in one conditional update, so a code seen over a shoulder is never good twice.
     */
    lastTotpStep: integer('last_totp_step').notNull().default(0),
    /** Removed by an admin: kept for the audit log's sake, never signs in again. */
    removedAt: instant('removed_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    // One live member per address; a removed member's address can be invited again.
    uniqueIndex('staff_members_email_key')
      .on(table.email)
      .where(sql`${table.removedAt} is null`),
    check('staff_members_role_check', sql`${table.role} in ('admin', 'staff')`),
    check('staff_members_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * An invitation from `npm run admin -- invite-staff`: valid 72 hours, used up when the invitee
 * confirms the authenticator. Accepting it (password chosen, secret drawn) keeps both here until
 * that confirmation creates the member, so a half-done enrolment leaves no member behind.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the link's token, hex. */
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    pendingPasswordHash: text('pending_password_hash'),
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_hash_key').on(table.tokenHash),
    check('staff_invitations_role_check', sql`${table.role} in ('admin', 'staff')`),
  ],
);

/** A staff session: 15 idle minutes, 8 hours at most. Never a student's session, nor the reverse. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token, hex. */
    tokenHash: text('token_hash').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (table) => [uniqueIndex('staff_sessions_token_hash_key').on(table.tokenHash), index('staff_sessions_staff_id_idx').on(table.staffId)],
);

/** The step between a right password and the second factor: valid 5 minutes, ended by 5 wrong codes. */
export const staffMfaChallenges = pgTable(
  'staff_mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the challenge token, hex. */
    tokenHash: text('token_hash').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** Codes tried, counted before each check so parallel guesses cannot pass the limit. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('staff_mfa_challenges_token_hash_key').on(table.tokenHash),
    index('staff_mfa_challenges_staff_id_idx').on(table.staffId),
  ],
);

/** Ten single-use codes per member, for a lost phone; shown once at enrolment. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** Salted with the member's id (hashCode): one precomputed table cannot read every member's codes. */
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [uniqueIndex('staff_recovery_codes_staff_code_key').on(table.staffId, table.codeHash)],
);

/**
 * Who changed what, when, from where: one row per change made by staff (or by the admin command).
 * Append-only: no route updates or deletes a row. The actor's address is copied, so an entry still
 * says who it was after the member is removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').notNull(),
    /** Null for the admin command on the server, which is no member. */
    actorId: uuid('actor_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. 'staff.invite', 'student.deactivate', 'payment.refund'. */
    action: text('action').notNull(),
    /** Which record, e.g. 'student:<id>', 'payment:<reference>', 'staff:<id>'. */
    target: text('target').notNull(),
    /** The client address the change came from ('cli' for the admin command). */
    ip: text('ip').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [
    // Paged newest first, whole or by action or actor.
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    index('audit_log_action_at_idx').on(table.action, table.at.desc()),
    index('audit_log_actor_email_at_idx').on(table.actorEmail, table.at.desc()),
  ],
);
