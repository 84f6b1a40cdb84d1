// Answers kept for requests a client may send more than once (server infrastructure, not a feature):
// a phone's offline queue sends each tick with an Idempotency-Key, and may send it again when an
// answer was lost. One row per student and key, written in the same transaction as the change.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { students } from './accounts.ts';
import { instant } from './columns.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The Idempotency-Key header as sent: 1 to 64 letters, digits, '-' or '_' (not a secret). */
    key: text('key').notNull(),
    /** SHA-256 (hex) of what the request asked: the same key for another request is refused. */
    request: text('request').notNull(),
    /**
     * The first answer, replayed to every repeat: its status and its JSON body as text (jsonb would
     * reorder the keys). Null only inside the transaction that claims the key: the claim comes first,
     * so a repeat sent in parallel waits on it.
     */
    status: integer('status'),
    answer: text('answer'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.studentId, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
    check('idempotency_keys_key_check', sql`${table.key} ~ '^[A-Za-z0-9_-]{1,64}$'`),
  ],
);
