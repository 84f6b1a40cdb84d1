// Student accounts, their sessions and their one-time codes. Sessions and codes hold only hashes:
// a copy of the database lets nobody sign in or use a code.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const GENDERS = ['male', 'female', 'other'] as const;

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    homeAddress: text('home_address'),
    imageUrl: text('image_url'),
    gender: text('gender', { enum: GENDERS }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    state: text('state'),
    country: text('country'),
    verifiedAt: instant('verified_at'),
    kycCompletedAt: instant('kyc_completed_at'),
    deactivatedAt: instant('deactivated_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /**
     * What the staff console's search reads: the name, the address and the phone in lower case,
     * kept by the database itself, so a search compares one column instead of building it per row.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone_number", ''))`),
  },
  (table) => [
    // E-mail addresses are compared case-insensitively: one account per address in any letter case.
    uniqueIndex('students_email_lower_key').on(sql`lower(${table.email})`),
    // The staff console's list (newest first) and its search: one `like '%...%'` on search_text,
    // through a trigram index when the text is selective (pg_trgm, in PGlite too).
    index('students_created_at_idx').on(table.createdAt),
    index('students_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('students_gender_check', sql`${table.gender} is null or ${table.gender} in ('male', 'female', 'other')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token, hex. The token itself is only ever in the student's hands. */
    tokenHash: text('token_hash').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (table) => [uniqueIndex('sessions_token_hash_key').on(table.tokenHash), index('sessions_student_id_idx').on(table.studentId)],
);

export const CODE_PURPOSES = ['verify_email', 'reset_password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** One live code per student and purpose: a new code replaces the last one. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Checks made against this code, counted before each check so parallel guesses cannot pass the limit. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    uniqueIndex('one_time_codes_student_purpose_key').on(table.studentId, table.purpose),
    check('one_time_codes_purpose_check', sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * What each sign-up for a not yet verified address asked for (names, password, phone, address),
 * kept beside the account instead of written over it: a stranger's sign-up never changes the
 * account. The browser that signed up holds the claim's token; whoever then proves the mailbox (the
 * code with that token, or the e-mail link with that sign-up's password) gets that sign-up's details.
 * Removed when the account is verified, and with it.
 */
export const signupClaims = pgTable(
  'signup_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** SHA-256 of the claim's token, hex. */
    tokenHash: text('token_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    homeAddress: text('home_address'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('signup_claims_token_hash_key').on(table.tokenHash), index('signup_claims_student_id_idx').on(table.studentId)],
);

/**
 * The long random tokens of the mails' links (e-mail verification, password reset): 256 bits, kept
 * as hashes, several alive at once (a resend does not end the link of an earlier mail), and never
 * paused by wrong guesses of the 6-digit code, so what reaches the owner's inbox always works.
 */
export const mailLinks = pgTable(
  'mail_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('mail_links_token_hash_key').on(table.tokenHash),
    index('mail_links_student_id_idx').on(table.studentId),
    check('mail_links_purpose_check', sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);
