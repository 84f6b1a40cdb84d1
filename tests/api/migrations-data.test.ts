// Migrations that change rows, run on a database that has some: the migrations before one are
// applied, rows are written as the code of that time wrote them, then the server opens the database
// and applies the rest. 0007 (tick times): a tick saved before it keeps its completion time, and that
// is when its state changed. 0009 (one pending payment): a database holding several pending payments
// for one student and course keeps the newest pending and marks the others superseded.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseOptions } from '#server/db/client.ts';
import { materialProgress, payments } from '#server/db/schema.ts';
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

  it('0009_one_pending_payment: of several pending payments for one course, the newest stays pending and the rest are superseded', async () => {
    const target = await emptyDatabaseTarget();
    const student = '0b5f3c1e-0000-4000-8000-000000000001';
    try {
      await migrateBefore(
        target.options,
        '0009_one_pending_payment',
        `insert into students (id, first_name, last_name, email, password_hash) values ('${student}', 'Ada', 'Obi', 'ada@example.com', 'x');
         insert into courses (id, title, description, summary, duration, study_mode, price_kobo, image_url, position) values
           ('course-01', 'Course', 'About it', '[]', '3 months', 'Online', 100, '/c.svg', 1),
           ('course-02', 'Course 2', 'About it', '[]', '3 months', 'Online', 100, '/c.svg', 2);
         insert into payments (reference, student_id, course_id, amount_kobo, provider, status, created_at, updated_at) values
           ('ADR-A', '${student}', 'course-01', 100, 'paystack', 'pending', '2026-11-26T09:00:00Z', '2026-11-26T09:00:00Z'),
           ('ADR-B', '${student}', 'course-01', 100, 'paystack', 'pending', '2026-11-26T09:00:01Z', '2026-11-26T09:00:01Z'),
           ('ADR-C', '${student}', 'course-01', 100, 'paystack', 'pending', '2026-11-26T09:00:02Z', '2026-11-26T09:00:02Z'),
           ('ADR-D', '${student}', 'course-01', 100, 'paystack', 'success', '2026-11-26T08:00:00Z', '2026-11-26T08:00:00Z'),
           ('ADR-E', '${student}', 'course-02', 100, 'paystack', 'pending', '2026-11-26T07:00:00Z', '2026-11-26T07:00:00Z');`,
      );
      const handle = await openDatabase(target.options);
      try {
        const rows = await handle.db.select().from(payments).orderBy(payments.reference);
        expect(rows.map((row) => [row.reference, row.status, row.failureReason])).toEqual([
          ['ADR-A', 'failed', 'superseded'],
          ['ADR-B', 'failed', 'superseded'],
          ['ADR-C', 'pending', null],
          ['ADR-D', 'success', null],
          ['ADR-E', 'pending', null],
        ]);
      } finally {
        await handle.close();
      }
    } finally {
      await target.drop();
    }
  });
});
