// Opens the database the settings name and brings it up to date: embedded PGlite in DATA_DIR by
// default, a PostgreSQL server when DATABASE_URL is set. Both run the same migrations from drizzle/.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its whole data directory as a tar archive, for `pgliteSnapshot`. */
  dumpSnapshot?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** A postgres:// URL: use that server. */
  databaseUrl?: string;
  /** PGlite's data folder; without it (and without a URL) the database lives in memory. */
  dataDir?: string;
  /**
   * A PGlite data directory dumped earlier with dumpSnapshot(), to start an in-memory database
   * from: it takes about a second, where a fresh one runs initdb for several.
   */
  pgliteSnapshot?: Blob;
  /** Called when an idle PostgreSQL connection fails, so the process can log it instead of crashing. */
  onIdleError?: (error: Error) => void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any fixed number works: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 4_321_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.onIdleError) : openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  // PGlite does not create missing parent folders itself.
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite | undefined;
  try {
    const opened = (client = await PGlite.create(dataDir, snapshot ? { loadDataDir: snapshot } : {}));
    const db = drizzlePglite({ client: opened, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const close = async () => {
      await opened.close();
      await lock?.release();
    };
    return { db, kind: 'pglite', close, dumpSnapshot: () => opened.dumpDataDir('none') };
  } catch (error) {
    await client?.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, onIdleError = (_error: Error) => {}): Promise<DatabaseHandle> {
  await migratePostgresLocked(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePostgres({ client: pool, schema });
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * Several server processes may start together against one PostgreSQL; an advisory lock held on a
 * connection of our own makes them apply the migrations one after the other, never twice at once.
 */
async function migratePostgresLocked(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}
