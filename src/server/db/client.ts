// Opens the database the settings name and brings it up to date: embedded PGlite in DATA_DIR by
// default, a PostgreSQL server when DATABASE_URL is set. Both run the same migrations from drizzle/.
import { chmod, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /** PostgreSQL only: the connection pool, for its figures in GET /metrics. */
  pool?: pg.Pool;
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
  /** PostgreSQL only: how long to wait for the server; the defaults suit production. */
  timeouts?: Partial<PostgresTimeouts>;
}

export interface PostgresTimeouts {
  /** Connecting, including the server's greeting. */
  connectMs: number;
  /**
   * One statement. The server cancels it after this long (SQLSTATE 57014); the client gives up a
   * little later, for a server that has stopped answering altogether.
   */
  statementMs: number;
}

/**
 * A server that hangs, rather than refuses, would otherwise hold every request (and every pool
 * connection) forever: a visitor waits at most these before the API answers 503. Statements here
 * are single-row reads and writes that take milliseconds; ten seconds is already a broken server.
 */
const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, statementMs: 10_000 };

/** How much later than the server's own statement timeout the client stops waiting for an answer. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any fixed number works: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_ID = 4_321_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.databaseUrl) return openPglite(options.dataDir, options.pgliteSnapshot);
  return openPostgres(options.databaseUrl, { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts }, options.onIdleError);
}

async function openPglite(dataDir: string | undefined, snapshot: Blob | undefined): Promise<DatabaseHandle> {
  // PGlite does not create missing parent folders itself.
  if (dataDir) await makeOwnerOnlyDir(dataDir);
  const lock = dataDir ? await lockDataDir(dataDir) : undefined;
  let client: PGlite | undefined;
  try {
    // pg_trgm: the staff console's search indexes (migration 0013), as on PostgreSQL.
    const extensions = { pg_trgm };
    const opened = (client = await PGlite.create(dataDir, snapshot ? { loadDataDir: snapshot, extensions } : { extensions }));
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

/**
 * The database holds visitors' personal data and PGlite writes its files readable by everyone
 * (0666): the folders around them are what keeps other users of the machine out. Folders created
 * here (DATA_DIR included) are 0700; PGlite's own folder is made 0700 even when it already exists,
 * as PostgreSQL itself insists on for its data directory. An existing DATA_DIR keeps the mode its
 * operator chose.
 */
async function makeOwnerOnlyDir(dataDir: string) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // A file system without Unix modes (a Windows share) refuses; the folder still works there.
  await chmod(dataDir, 0o700).catch(() => {});
}

async function openPostgres(databaseUrl: string, timeouts: PostgresTimeouts, onIdleError = (_error: Error) => {}): Promise<DatabaseHandle> {
  await migratePostgresLocked(databaseUrl, timeouts.connectMs);
  const pool = createPostgresPool(databaseUrl, timeouts);
  // Without a listener, an idle connection dropped by the server would crash the process.
  pool.on('error', onIdleError);
  const db = drizzlePostgres({ client: pool, schema });
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** The connection pool the API queries through, with every wait bounded. */
export function createPostgresPool(databaseUrl: string, timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS): pg.Pool {
  return new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
  });
}

/**
 * Several server processes may start together against one PostgreSQL; an advisory lock held on a
 * connection of our own makes them apply the migrations one after the other, never twice at once.
 */
async function migratePostgresLocked(databaseUrl: string, connectMs: number) {
  // Migrations may run longer than a request's statement, and wait for another process's lock: only
  // the connection is bounded here.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}
