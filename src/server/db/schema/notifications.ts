// What the dashboard's notification list shows (enrolment, payment, password changed, ...).
// `sourceKey` names the event a notification tells of ('payment:<reference>'), unique, so an event
// handled twice still makes one notification.
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { instant } from './columns.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sourceKey: text('source_key'),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_source_key').on(table.sourceKey),
    index('notifications_student_idx').on(table.studentId, table.createdAt),
  ],
);
