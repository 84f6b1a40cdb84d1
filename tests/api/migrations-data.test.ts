// Migrations that change rows, run on a database that has some: the migrations before one are
// applied, rows are written as the code of that time wrote them, then the server opens the database
// and applies the rest. 0007 (tick times): a tick saved before it keeps its completion time, and that
// is when its state changed.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseOptions } from '#server/db/client.ts';
import { materialProgress } from '#server/db/schema.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';

/** Applies the migrations before the one tagged `tag` (a copy of drizzle/ whose journal stops there), then runs `seed`. */
async function migrateBefore(options: DatabaseOptions, tag: string, seed: string) {
  const folder = `node_modules/.cache/migrations-before-${tag}-${process.pid}`;
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  try {
    const journal = JSON.parse(await readFile(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
    const index = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(index, tag).toBeGreaterThan(0);
    await writeFile(`${folder}/meta/_journal.json`, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    if (options.databaseUrl) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: folder });
        await client.query(seed);
      } finally {
        await client.end();
      }
    } else {
      const client = await PGlite.create(options.dataDir);
      try {
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
        await client.exec(seed);
      } finally {
        await client.close();
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('migrations on a database with rows', () => {
  it('0007_tick_times: each tick saved before it changed its state when it was ticked', async () => {
    const target = await emptyDatabaseTarget();
    try {
      await migrateBefore(
        target.options,
        '0007_tick_times',
        `insert into students (id, first_name, last_name, email, password_hash)
           values ('0b5f3c1e-0000-4000-8000-000000000001', 'Ada', 'Obi', 'ada@example.com', 'x');
         insert into courses (id, title, description, summary, duration, study_mode, price_kobo, image_url, position)
           values ('course-01', 'Course', 'About it', '[]', '3 months', 'Online', 100, '/c.svg', 1);
         insert into material_progress (student_id, course_id, material_id, completed_at) values
           ('0b5f3c1e-0000-4000-8000-000000000001', 'course-01', 'm1', '2026-11-20T08:00:00Z'),
           ('0b5f3c1e-0000-4000-8000-000000000001', 'course-01', 'm2', '2026-11-21T09:30:00Z');`,
      );
      const handle = await openDatabase(target.options);
      try {
        const rows = await handle.db.select().from(materialProgress).orderBy(materialProgress.materialId);
        expect(rows.map((row) => [row.materialId, row.completedAt?.toISOString(), row.changedAt.toISOString()])).toEqual([
          ['m1', '2026-11-20T08:00:00.000Z', '2026-11-20T08:00:00.000Z'],
          ['m2', '2026-11-21T09:30:00.000Z', '2026-11-21T09:30:00.000Z'],
        ]);
      } finally {
        await handle.close();
      }
    } finally {
      await target.drop();
    }
  });
});
