// Contact messages and tutor requests sent from the public forms.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

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
