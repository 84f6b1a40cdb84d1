// Two server processes on one PostgreSQL database (issue 34): a publish made through one goes live in
// both within 10 s of 'live', and from 'live' on neither charges the old price: a process that has
// not switched its pages yet refuses checkout (503, Retry-After) rather than charge a price its pages
// do not show. A process started later serves the live release. PostgreSQL only;
// scripts/checks/test-postgres.sh runs it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import { openDatabase } from '#server/db/client.ts';
import { students } from '#server/db/schema.ts';
import { startServerProcess, stopAll, type ServerProcess } from './support/server-process.ts';
import { emptyDatabaseTarget } from './support/test-database.ts';
import { seedStaff } from '../support/staff.ts';

const COURSE = 'childrens-wear';
const PATH = `content/courses/${COURSE}.md`;

const priceAt = async (server: ServerProcess) => {
  const response = await fetch(`${server.origin}/api/v1/user/courses/${COURSE}`);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { data: { courseDetails: { price: string } } }).data.courseDetails.price;
};

describe.skipIf(!process.env.DATABASE_URL)('a publish with two processes on PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(() => stopAll(servers, drops));

  it('goes live in both within 10 s, and neither answers the old price after live', async () => {
    const target = await emptyDatabaseTarget();
    drops.push(() => target.drop());
    const url = target.options.databaseUrl!;
    const dataDir = mkdtempSync(join(tmpdir(), 'publish-data-'));
    const a = await startServerProcess(url, 'dist', dataDir);
    servers.push(a);
    const b = await startServerProcess(url, 'dist', dataDir);
    servers.push(b);
    expect(await priceAt(a)).toBe('98000.00');
    expect(await priceAt(b)).toBe('98000.00');

    const handle = await openDatabase({ databaseUrl: url });
    const { token } = await seedStaff({ db: handle.db, clock: { now: () => new Date() } }, { role: 'admin' });
    const [student] = await handle.db
      .insert(students)
      .values({ firstName: 'Ada', lastName: 'Obi', email: 'ada.publish@example.com', passwordHash: 'x', verifiedAt: new Date() })
      .returning();
    const studentToken = await createSession(handle.db, student!.id, new Date());
    await handle.close();
    /** What a checkout at `server` charges: the amount, or the status of a refusal. */
    const charged = async (server: ServerProcess) => {
      const response = await fetch(`${server.origin}/api/v1/user/courses/${COURSE}/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${studentToken}` },
      });
      if (response.status === 503) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      return response.status === 201 ? ((await response.json()) as { data: { amount: string } }).data.amount : response.status;
    };
    expect(await charged(b)).toBe('98000.00');
    const call = (server: ServerProcess, path: string, body?: unknown) =>
      fetch(`${server.origin}/api/v1/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const { data } = (await (await call(a, 'staff/content', { action: 'getEntry', params: { branch: 'main', path: PATH } })).json()) as {
      data: string;
    };
    const saved = await call(a, 'staff/content', {
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ slug: COURSE, path: PATH, raw: data.replace(/^price_naira: \d+$/m, 'price_naira: 131000') }],
        assets: [],
        options: { commitMessage: 'x', collectionName: 'courses', useWorkflow: false, status: 'draft' },
      },
    });
    expect(saved.status).toBe(200);
    const started = await call(a, 'staff/publish', { message: "New price for Children's Wear" });
    expect(started.status).toBe(202);
    const { id } = ((await started.json()) as { data: { id: string } }).data;

    // From live on, a checkout at either charges the new price or (while that process switches) refuses.
    let live = 0;
    const chargedAfterLive: (string | number)[] = [];
    while (!live || Date.now() - live < 10_000) {
      const status = ((await (await call(b, `staff/publish/${id}`)).json()) as { data?: { status: string } }).data?.status;
      if (status === 'failed') throw new Error('The publish failed');
      if (status === 'live' && !live) live = Date.now();
      if (!live) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      chargedAfterLive.push(await charged(a), await charged(b));
      if ([await priceAt(a), await priceAt(b)].every((price) => price === '131000.00')) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const switchedIn = Date.now() - live;
    console.log(`Both processes on the new release ${switchedIn} ms after live; checkouts meanwhile: ${chargedAfterLive.join(', ')}`);
    expect(chargedAfterLive).not.toContain('98000.00');
    expect([await priceAt(a), await priceAt(b)]).toEqual(['131000.00', '131000.00']);
    expect([await charged(a), await charged(b)]).toEqual(['131000.00', '131000.00']);
    expect(switchedIn).toBeLessThan(10_000);

    // A process started later starts on the live release.
    const c = await startServerProcess(url, 'dist', dataDir);
    servers.push(c);
    expect(await priceAt(c)).toBe('131000.00');
    expect(await (await fetch(`${c.origin}/courses/${COURSE}`)).text()).toContain('131,000');
  }, 240_000);
});
