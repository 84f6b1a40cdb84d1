// Request counters for the API's rate limits (server infrastructure, not a feature).
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

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
