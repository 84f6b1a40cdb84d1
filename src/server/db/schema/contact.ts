// Contact messages and tutor requests sent from the public forms.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { staffMembers } from './staff.ts';

export const CONTACT_KINDS = ['contact', 'tutor_request'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** A request's place in the staff inbox. */
export const REQUEST_STATUSES = ['open', 'answered', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

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
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('open'),
  },
  (table) => [
    check('contact_messages_kind_check', sql`${table.kind} in ('contact', 'tutor_request')`),
    index('contact_messages_created_at_idx').on(table.createdAt),
    check('contact_messages_status_check', sql`${table.status} in ('open', 'answered', 'closed')`),
    index('contact_messages_status_created_at_idx').on(table.status, table.createdAt),
    index('contact_messages_kind_status_created_at_idx').on(table.kind, table.status, table.createdAt),
  ],
);

/** Staff replies to a request, mailed to the requester and kept as its thread. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staffMembers.id),
    /** The member's e-mail address when they replied (a removed member's replies still say who). */
    staffEmail: text('staff_email').notNull(),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('contact_replies_message_id_idx').on(table.messageId, table.createdAt)],
);
