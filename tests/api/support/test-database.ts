// One database per test file, migrated exactly as the server migrates at start. Embedded PGlite in
// memory by default; with DATABASE_URL set, a throwaway database on that PostgreSQL server. A whole
// database (rather than a schema) keeps the migrations' "public" schema as it is in production.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle, type DatabaseOptions } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';

export interface TestDatabase {
  db: Database;
  kind: DatabaseHandle['kind'];
  /** Empties every table: call it before each test. */
  truncate(): Promise<void>;
  close(): Promise<void>;
}

const tableNames = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [`"${getTableName(value)}"`] : []));

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return wrap(await openPgliteFromSnapshot(), async () => {});

  const target = await emptyDatabaseTarget();
  return wrap(await openDatabase(target.options), () => target.drop());
}

const NODE_MODULES = new URL('../../../node_modules/', import.meta.url);
/**
 * Where a brand-new, empty database can be opened: a PGlite folder of its own, or a new database on
 * the DATABASE_URL server. `drop` removes it; close every handle on it first.
 */
export async function emptyDatabaseTarget(): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'afa-pglite-'));
    return { options: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `afa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { options: { databaseUrl: url.toString() }, drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

const SNAPSHOT_DIR = fileURLToPath(new URL('.cache/pglite-snapshots/', NODE_MODULES));

/**
 * A fresh PGlite runs initdb, several seconds on this machine, for every test file. The first run
 * after a change to the migrations (or to PGlite) dumps a freshly migrated database; later files
 * start from that dump in about a second. tests/api/migrations.test.ts still migrates from empty.
 */
async function openPgliteFromSnapshot(): Promise<DatabaseHandle> {
  const file = join(SNAPSHOT_DIR, `${await snapshotKey()}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved) return openDatabase({ pgliteSnapshot: new Blob([saved]) });
  const handle = await openDatabase({});
  const dump = Buffer.from(await (await handle.dumpSnapshot!()).arrayBuffer());
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  // Two workers may write at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, dump);
  await rename(partial, file);
  return handle;
}

async function snapshotKey(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(new URL('@electric-sql/pglite/package.json', NODE_MODULES)));
  for (const entry of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    if (entry.endsWith('.sql') || entry.endsWith('.json')) hash.update(entry).update(await readFile(join(MIGRATIONS_FOLDER, entry)));
  }
  return hash.digest('hex').slice(0, 16);
}

function wrap(handle: DatabaseHandle, afterClose: () => Promise<void>): TestDatabase {
  return {
    db: handle.db,
    kind: handle.kind,
    truncate: async () => {
      await handle.db.execute(sql.raw(`truncate table ${tableNames.join(', ')}`));
    },
    close: async () => {
      await handle.close();
      await afterClose();
    },
  };
}

async function runOnServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
