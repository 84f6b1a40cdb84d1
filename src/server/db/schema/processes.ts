// What the running server processes tell each other through the database they share.
//
// catalogue_release: the build whose catalogue the database was last synced to (one row). A process
// of another build answers 503 rather than pages and prices the database no longer holds
// (src/server/catalogue/release.ts).
//
// server_processes: one row per running process, refreshed every few seconds and removed when it
// stops; a row not refreshed for a minute belongs to a process that died and is ignored, then
// deleted. A process with uploads in a local folder refuses to start beside a live one whose folder
// is another (src/server/storage/shared-uploads.ts).
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns.ts';

export const catalogueRelease = pgTable('catalogue_release', {
  /** Always 'current': one row. */
  name: text('name').primaryKey(),
  buildId: text('build_id').notNull(),
  syncedAt: instant('synced_at').notNull(),
  /** The live release's built folder when a publish made it (null: each process's own DIST_DIR). */
  releaseDir: text('release_dir'),
});

export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  port: integer('port').notNull(),
  /** The build it serves (catalogue_release.build_id), '' without a catalogue. */
  buildId: text('build_id').notNull(),
  /** Its uploads folder's real path; '' when uploads go to S3. */
  uploadsDir: text('uploads_dir').notNull(),
  startedAt: instant('started_at').notNull(),
  seenAt: instant('seen_at').notNull(),
});
