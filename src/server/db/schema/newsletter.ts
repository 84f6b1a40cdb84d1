// Newsletter subscriptions: one row per address.
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  // E-mail addresses are compared case-insensitively, so uniqueness is on lower(email).
  (table) => [uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${table.email})`)],
);
