// Partner scholarships and their single-use discount codes (docs/product.md, 'Scholarships and
// discount codes'). A code is kept only as a hash, like every token. Seats and codes are taken
// exactly once: every change to who holds or uses a code runs under a row lock on its scholarship
// (src/features/scholarships/server/take-code.ts), on one database or across many servers.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { courses } from './catalogue.ts';
import { staffMembers } from './staff.ts';
import { instant } from './columns.ts';

export const scholarships = pgTable(
  'scholarships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A project page's slug (content/projects): who funds the seats. */
    partner: text('partner').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    seats: integer('seats').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    /** Empty: every state. Compared with the student's KYC state. */
    states: text('states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Closed early by an admin. */
    closedAt: instant('closed_at'),
    createdBy: uuid('created_by').references(() => staffMembers.id),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('scholarships_created_at_idx').on(table.createdAt),
    check('scholarships_discount_check', sql`${table.discountPercent} between 1 and 100`),
    check('scholarships_seats_check', sql`${table.seats} > 0`),
    check('scholarships_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The courses a scholarship pays for. */
export const scholarshipCourses = pgTable(
  'scholarship_courses',
  {
    scholarshipId: uuid('scholarship_id')
      .notNull()
      .references(() => scholarships.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
  },
  (table) => [
    primaryKey({ columns: [table.scholarshipId, table.courseId] }),
    // The course page's question: which open scholarship applies to this course.
    index('scholarship_courses_course_idx').on(table.courseId),
  ],
);

export const scholarshipCodes = pgTable(
  'scholarship_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scholarshipId: uuid('scholarship_id')
      .notNull()
      .references(() => scholarships.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised code, hex: the code itself was shown once, to the admin who made it. */
    codeHash: text('code_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    /**
     * A checkout with a partial discount holds the code (and its seat) for its student while the
     * payment is pending, until `held_until` (30 minutes); then the code is free again.
     */
    heldBy: uuid('held_by').references(() => students.id),
    heldUntil: instant('held_until'),
    /** Used up: the payment it discounted succeeded, or a 100 % code enrolled at once. */
    usedAt: instant('used_at'),
    usedBy: uuid('used_by').references(() => students.id),
    /** The payment was refunded: the seat is free again, the code stays used. */
    seatFreedAt: instant('seat_freed_at'),
  },
  (table) => [
    uniqueIndex('scholarship_codes_code_hash_key').on(table.codeHash),
    index('scholarship_codes_scholarship_idx').on(table.scholarshipId),
  ],
);
