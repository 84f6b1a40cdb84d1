// Publishes: staff putting the content repository's changes live (docs/decisions/019). One row per
// publish or undo, from 'building' (waiting for the one before it, then built in a child process)
// to 'live' or 'failed'. At most one is being built at any moment, across every process sharing
// the database: the partial unique index below is the lock (a second claim fails on it), with no
// transaction held open for the minute a build takes.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';
import { staffMembers } from './staff.ts';

export const publishes = pgTable(
  'publishes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'building' (waiting or being built), 'live', 'failed'. */
    status: text('status').notNull(),
    message: text('message').notNull(),
    authorId: uuid('author_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** Copies: the history says who it was after the member is removed. */
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    /** The content repository's commit this publish builds. */
    commit: text('commit').notNull(),
    /** The content files this publish changed (from the content repository's root). */
    files: jsonb('files').$type<string[]>().notNull(),
    /** The publish this one undoes, for an undo. */
    undoes: uuid('undoes'),
    /** What staff read: progress while building, then the reason it failed in plain words. */
    log: text('log').notNull().default(''),
    createdAt: instant('created_at').notNull(),
    /** When a process began building it (claimed it); null while it waits. */
    startedAt: instant('started_at'),
    /** Refreshed while it builds: a claim not refreshed for minutes belongs to a process that died. */
    heartbeatAt: instant('heartbeat_at'),
    finishedAt: instant('finished_at'),
    /** The built release's id and folder, once built. */
    buildId: text('build_id'),
    releaseDir: text('release_dir'),
  },
  (table) => [
    index('publishes_created_at_idx').on(table.createdAt),
    // The lock: one publish being built at a time.
    uniqueIndex('publishes_one_building')
      .on(sql`(true)`)
      .where(sql`${table.status} = 'building' and ${table.startedAt} is not null`),
  ],
);
