// Uploads in a local folder are shared by every process on the database, or the server does not
// start (issue 30, item 11): a second process with a DATA_DIR of its own and no S3 would take the
// bytes of a picture another process then cannot confirm or serve.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverProcesses } from '#server/db/schema.ts';
import { registerProcess, SharedUploadsError, STALE_AFTER_MS } from '#server/storage/shared-uploads.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const quiet = { info: () => {}, error: () => {} };
const folder = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'data-')), 'uploads');
  mkdirSync(dir);
  return dir;
};

describe('processes registered on one database', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('refuse a second process whose uploads folder is another, and take one on the same folder', async () => {
    const { db } = database;
    const shared = folder();
    const a = await registerProcess(db, quiet, { port: 4611, buildId: 'b', uploadsDir: shared });
    await expect(registerProcess(db, quiet, { port: 4612, buildId: 'b', uploadsDir: folder() })).rejects.toThrow(
      /^Uploads: another server process uses this database \(.+, port 4611, .+\), and this one would keep pictures in .+: with several processes uploads need one shared store: set S3_BUCKET/,
    );
    const b = await registerProcess(db, quiet, { port: 4612, buildId: 'b', uploadsDir: shared });
    // The same path on another machine is another folder.
    await expect(registerProcess(db, quiet, { port: 4613, buildId: 'b', uploadsDir: shared, host: 'elsewhere' })).rejects.toThrow(
      SharedUploadsError,
    );
    expect(await db.select().from(serverProcesses)).toHaveLength(2);
    await a.stop();
    await b.stop();
    expect(await db.select().from(serverProcesses)).toHaveLength(0);
  });

  it('refuse local uploads beside a process on S3, while S3 processes start beside anything', async () => {
    const { db } = database;
    const s3 = await registerProcess(db, quiet, { port: 4611, buildId: 'b' });
    await expect(registerProcess(db, quiet, { port: 4612, buildId: 'b', uploadsDir: folder() })).rejects.toThrow(/uploads in S3/);
    const local = folder();
    await s3.stop();
    const one = await registerProcess(db, quiet, { port: 4612, buildId: 'b', uploadsDir: local });
    const other = await registerProcess(db, quiet, { port: 4613, buildId: 'b' });
    await one.stop();
    await other.stop();
  });

  it('forget a process that died without a word once its row is a minute old', async () => {
    const { db } = database;
    const now = new Date();
    const dead = await registerProcess(db, quiet, {
      port: 4611,
      buildId: 'b',
      uploadsDir: folder(),
      clock: () => new Date(now.getTime() - STALE_AFTER_MS - 1_000),
    });
    const live = await registerProcess(db, quiet, { port: 4612, buildId: 'b', uploadsDir: folder(), clock: () => now });
    expect((await db.select().from(serverProcesses)).map((row) => row.id)).toEqual([live.id]);
    expect(await db.select().from(serverProcesses).where(eq(serverProcesses.id, dead.id))).toHaveLength(0);
    await live.stop();
    await dead.stop();
  });
});
