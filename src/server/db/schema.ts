// The database tables, as drizzle sees them. drizzle-kit turns changes here into the SQL files
// under drizzle/ (npx drizzle-kit generate); the server applies those files at start.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Every timestamp is an instant (timestamptz), read as a JavaScript Date. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // E-mail addresses are compared case-insensitively (API.md), so uniqueness is on lower(email).
  (table) => [uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${table.email})`)],
);

export const CONTACT_KINDS = ['contact', 'tutor_request'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: CONTACT_KINDS }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    // Set once the staff mail has gone out. A row without it is one whose mail was in flight when
    // the process stopped; a failed mail removes its row, and the sender is asked to try again.
    mailedAt: instant('mailed_at'),
  },
  (table) => [
    check('contact_messages_kind_check', sql`${table.kind} in ('contact', 'tutor_request')`),
    index('contact_messages_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Fixed-window request counters, one row per rule and client (e.g. 'contact:203.0.113.7'). They
 * live in the database so that every server process sharing it counts the same requests.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: instant('resets_at').notNull(),
  },
  (table) => [index('rate_limit_buckets_resets_at_idx').on(table.resetsAt)],
);
