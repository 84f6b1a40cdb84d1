// The migrations in drizzle/: they match src/server/db/schema.ts, build an empty database from
// nothing, and applying them again (a restart, or two processes starting at once) changes nothing.
import { spawnSync } from 'node:child_process';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import { newsletterSubscriptions } from '#server/db/schema.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';

/** How many migrations drizzle has recorded as applied in this database. */
async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(sql`drizzle.__drizzle_migrations`);
  return row?.count ?? 0;
}

const journal = JSON.parse(await readFile(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };

describe('migrations', () => {
  it('are up to date with src/server/db/schema.ts (drizzle-kit generates nothing new)', async () => {
    // drizzle-kit wants a relative output folder; a copy keeps drizzle/ itself untouched.
    const copy = `node_modules/.cache/drizzle-check-${process.pid}`;
    await cp(MIGRATIONS_FOLDER, copy, { recursive: true });
    try {
      const run = spawnSync(
        process.execPath,
        ['node_modules/drizzle-kit/bin.cjs', 'generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema.ts', '--out', copy],
        { encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('No schema changes');
      expect((await readdir(copy)).filter((name) => name.endsWith('.sql'))).toHaveLength(journal.entries.length);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('build an empty database; a second opening (refused while PGlite is open) applies nothing twice and keeps the data', async () => {
    const target = await emptyDatabaseTarget();
    try {
      const first = await openDatabase(target.options);
      if (!target.options.databaseUrl) await expect(openDatabase(target.options)).rejects.toThrow(DataDirLockedError);
      await first.db.insert(newsletterSubscriptions).values({ email: 'kept@example.com' });
      expect(await appliedMigrations(first)).toBe(journal.entries.length);
      await first.close();

      // PGlite must never be opened by two processes at once; PostgreSQL is, and takes a lock.
      const reopened = target.options.databaseUrl
        ? await Promise.all([openDatabase(target.options), openDatabase(target.options)])
        : [await openDatabase(target.options)];
      for (const handle of reopened) {
        expect(await appliedMigrations(handle)).toBe(journal.entries.length);
        expect((await handle.db.select().from(newsletterSubscriptions)).map((row) => row.email)).toEqual(['kept@example.com']);
        await handle.close();
      }
    } finally {
      await target.drop();
    }
  });
});
