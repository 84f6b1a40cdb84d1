// One release at a time (issue 30, item 10): the database records the build id of the catalogue it
// was last synced to, and a process of another build stops answering (503) instead of showing pages
// and charging prices the database no longer holds. The process half is PostgreSQL only (two
// processes on one database); scripts/checks/test-postgres.sh runs it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueBuildId } from '#server/catalogue/catalogue-file.ts';
import { syncedBuildId, watchRelease } from '#server/catalogue/release.ts';
import { syncCatalogue } from '#server/catalogue/sync.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { startServerProcess, stopAll, type ServerProcess } from './support/server-process.ts';
import { createTestDatabase, emptyDatabaseTarget, type TestDatabase } from './support/test-database.ts';

const quiet = { info: () => {}, error: () => {} };

describe('the release the database was synced to', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('is recorded with the catalogue, and a process of another build knows it is superseded', async () => {
    const { db } = database;
    await seedCatalogue(db, testCatalogue(), new Date(), 'build-a');
    expect(await syncedBuildId(db)).toBe('build-a');
    const a = watchRelease(db, 'build-a', quiet, 60_000);
    expect(await a.check()).toBe(false);

    await seedCatalogue(db, testCatalogue(3), new Date(), 'build-b');
    expect(await a.check()).toBe(true);
    expect(a.superseded()).toBe(true);

    // A rollback syncs build a again: its processes answer again.
    await seedCatalogue(db, testCatalogue(), new Date(), 'build-a');
    expect(await a.check()).toBe(false);
    a.stop();
  });

  it('is switched to when a publish changed only pages: the same build id in another folder, nothing refused meanwhile', async () => {
    const { db } = database;
    await syncCatalogue(db, testCatalogue(), new Date(), 'build-a', '/releases/1/dist');
    const served: string[] = [];
    const switchTo = ({ releaseDir }: { releaseDir: string }) => Promise.resolve(void served.push(releaseDir));
    const a = watchRelease(db, 'build-a', quiet, 60_000, switchTo, '/releases/1/dist');
    expect(await a.check()).toBe(false);
    expect(served).toEqual([]);

    // A project's text changed: the catalogue, and so its build id, did not.
    await syncCatalogue(db, testCatalogue(), new Date(), 'build-a', '/releases/2/dist');
    expect(await a.check()).toBe(false);
    await expect.poll(() => served).toEqual(['/releases/2/dist']);
    expect(await a.check()).toBe(false);
    expect(served).toEqual(['/releases/2/dist']);
    a.stop();
  });
});

type Server = ServerProcess;

function siteWithPrice(priceKobo: number) {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Home</title><p>${priceKobo}`);
  writeFileSync(join(dist, '404.html'), '<!doctype html><title>Page not found</title>');
  mkdirSync(join(dist, '.server'));
  const catalogue = testCatalogue(2);
  for (const course of catalogue.courses) course.price_kobo = priceKobo;
  const text = JSON.stringify(catalogue);
  writeFileSync(join(dist, '.server', 'catalogue.json'), text);
  return { dist, buildId: catalogueBuildId(text), courseId: catalogue.courses[0]!.id };
}

const startServer = startServerProcess;

const price = async (server: Server, courseId: string) => {
  const response = await fetch(`${server.origin}/api/v1/user/courses/${courseId}`);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { data: { courseDetails: { price: string } } }).data.courseDetails.price;
};

describe.skipIf(!process.env.DATABASE_URL)('a process of an older release', () => {
  const servers: Server[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(() => stopAll(servers, drops));

  it('stops answering once a process of the new release has synced the catalogue, and the new one charges the new price', async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const r1 = siteWithPrice(18_000_000);
    const r2 = siteWithPrice(20_000_000);

    const old = await startServer(url, r1.dist, dataDir);
    servers.push(old);
    expect(await price(old, r1.courseId)).toBe('180000.00');

    const fresh = await startServer(url, r2.dist, dataDir);
    servers.push(fresh);
    expect(await price(fresh, r2.courseId)).toBe('200000.00');
    const handle = await openDatabase({ databaseUrl: url });
    expect(await syncedBuildId(handle.db)).toBe(r2.buildId);
    await handle.close();

    // Within its check interval the old process refuses every call and page, health included.
    await expect.poll(() => price(old, r1.courseId), { timeout: 15_000, interval: 250 }).toBe(503);
    const health = await fetch(`${old.origin}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(((await health.json()) as { message: string }).message).toMatch(/another release/);
    expect((await fetch(`${old.origin}/`)).status).toBe(503);
    expect(await price(fresh, r2.courseId)).toBe('200000.00');
  }, 120_000);
});
