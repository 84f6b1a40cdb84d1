// Two server processes on one PostgreSQL database and one DATA_DIR (issue 34): a publish made through
// one goes live in both within 10 s of 'live', and from 'live' on neither quotes or charges the old
// price: a process that has not switched its pages yet refuses checkout (503, Retry-After) rather than
// charge a price its pages do not show. A process started later serves the live release. Two
// publishes at once through both take turns in the one content repository (an advisory lock): no git
// lock error, both live in order, a commit each. PostgreSQL only; scripts/checks/test-postgres.sh runs it.
import { execFileSync } from 'node:child_process';
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
const PROJECT = 'ishk';
const PROJECT_PATH = `content/projects/${PROJECT}.md`;
const OLD = '98000.00';
const NEW = '131000.00';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const priceAt = async (server: ServerProcess) => {
  const response = await fetch(`${server.origin}/api/v1/user/courses/${COURSE}`);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { data: { courseDetails: { price: string } } }).data.courseDetails.price;
};

interface Publish {
  id: string;
  status: string;
  message: string;
  files: string[];
  started_at: string | null;
  finished_at: string | null;
}

/** Two processes on a new database and one DATA_DIR, an admin's token and a student's. */
async function twoProcesses(servers: ServerProcess[], drops: (() => Promise<void>)[]) {
  const target = await emptyDatabaseTarget();
  drops.push(() => target.drop());
  const url = target.options.databaseUrl!;
  const dataDir = mkdtempSync(join(tmpdir(), 'publish-data-'));
  const a = await startServerProcess(url, 'dist', dataDir);
  servers.push(a);
  const b = await startServerProcess(url, 'dist', dataDir);
  servers.push(b);

  const handle = await openDatabase({ databaseUrl: url });
  const { token } = await seedStaff({ db: handle.db, clock: { now: () => new Date() } }, { role: 'admin' });
  const [student] = await handle.db
    .insert(students)
    .values({ firstName: 'Ada', lastName: 'Obi', email: 'ada.publish@example.com', passwordHash: 'x', verifiedAt: new Date() })
    .returning();
  const studentToken = await createSession(handle.db, student!.id, new Date());
  await handle.close();

  const call = (server: ServerProcess, path: string, body?: unknown) =>
    fetch(`${server.origin}/api/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** Saves an entry in the editor, as Decap does, through `server`: its raw text changed by `change`. */
  const save = async (server: ServerProcess, path: string, collectionName: string, change: (raw: string) => string) => {
    const slug = path.slice(path.lastIndexOf('/') + 1, -'.md'.length);
    const { data } = (await (await call(server, 'staff/content', { action: 'getEntry', params: { branch: 'main', path } })).json()) as {
      data: string;
    };
    const saved = await call(server, 'staff/content', {
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ slug, path, raw: change(data) }],
        assets: [],
        options: { commitMessage: 'x', collectionName, useWorkflow: false, status: 'draft' },
      },
    });
    expect(saved.status).toBe(200);
  };
  /** A publish as `server` tells it; undefined while that process switches release (it answers 503 to everything). */
  const publishOf = async (server: ServerProcess, id: string) => {
    const response = await call(server, `staff/publish/${id}`);
    return response.status === 200 ? ((await response.json()) as { data: Publish }).data : undefined;
  };
  return { url, dataDir, a, b, studentToken, call, save, publishOf };
}

const newPrice = (raw: string) => raw.replace(/^price_naira: \d+$/m, `price_naira: ${Number.parseInt(NEW)}`);

describe.skipIf(!process.env.DATABASE_URL)('a publish with two processes on PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(() => stopAll(servers, drops));

  it('goes live in both within 10 s, and neither quotes or charges the old price after live', async () => {
    const { url, dataDir, a, b, studentToken, call, save, publishOf } = await twoProcesses(servers, drops);
    expect(await priceAt(a)).toBe(OLD);
    expect(await priceAt(b)).toBe(OLD);
    const asStudent = (server: ServerProcess, path: string, method: 'GET' | 'POST') =>
      fetch(`${server.origin}/api/v1/user/courses/${COURSE}/${path}`, { method, headers: { authorization: `Bearer ${studentToken}` } });
    const refused = (response: Response) => {
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      return response.status;
    };
    /** What a checkout at `server` charges: the amount, or the status of a refusal. */
    const charged = async (server: ServerProcess) => {
      const response = await asStudent(server, 'checkout', 'POST');
      if (response.status === 503) return refused(response);
      return response.status === 201 ? ((await response.json()) as { data: { amount: string } }).data.amount : response.status;
    };
    /** What a quote at `server` says the student pays. */
    const quoted = async (server: ServerProcess) => {
      const response = await asStudent(server, 'quote', 'GET');
      if (response.status === 503) return refused(response);
      return response.status === 200 ? ((await response.json()) as { data: { total: string } }).data.total : response.status;
    };
    expect(await charged(b)).toBe(OLD);
    expect(await quoted(a)).toBe(OLD);

    await save(a, PATH, 'courses', newPrice);
    const started = await call(a, 'staff/publish', { message: "New price for Children's Wear" });
    expect(started.status).toBe(202);
    const { id } = ((await started.json()) as { data: { id: string } }).data;

    // From live on, a quote or a checkout at either gives the new price or (while that process switches) refuses.
    let live = 0;
    const answeredAfterLive: (string | number)[] = [];
    const switchedAt = new Map<ServerProcess, number>();
    while (!live || Date.now() - live < 10_000) {
      const status = (await publishOf(b, id))?.status;
      if (status === 'failed') throw new Error('The publish failed');
      if (status === 'live' && !live) live = Date.now();
      if (!live) {
        await sleep(1_000);
        continue;
      }
      for (const server of [a, b]) {
        answeredAfterLive.push(await charged(server), await quoted(server));
        if (!switchedAt.has(server) && (await priceAt(server)) === NEW) switchedAt.set(server, Date.now() - live);
      }
      if (switchedAt.size === 2) break;
      await sleep(300);
    }
    console.log(
      `Switch after live: the publishing process ${switchedAt.get(a)} ms, the other ${switchedAt.get(b)} ms; quotes and checkouts meanwhile: ${answeredAfterLive.join(', ')}`,
    );
    expect(answeredAfterLive).not.toContain(OLD);
    expect([await priceAt(a), await priceAt(b)]).toEqual([NEW, NEW]);
    expect([await charged(a), await charged(b), await quoted(a), await quoted(b)]).toEqual([NEW, NEW, NEW, NEW]);
    expect(switchedAt.get(a)).toBeLessThan(10_000);
    expect(switchedAt.get(b)).toBeLessThan(10_000);

    // A process started later starts on the live release.
    const c = await startServerProcess(url, 'dist', dataDir);
    servers.push(c);
    expect(await priceAt(c)).toBe(NEW);
    expect(await (await fetch(`${c.origin}/courses/${COURSE}`)).text()).toContain('131,000');
  }, 240_000);

  it('two publishes at once through both take turns in the content repository: no git error, both live in order, a commit each', async () => {
    const { dataDir, a, b, call, save, publishOf } = await twoProcesses(servers, drops);
    /** Four publishes at once, two through each process: one takes what was saved, the others find nothing new. */
    const burst = async (message: string) => {
      const answers = await Promise.all([a, b, a, b].map((server, n) => call(server, 'staff/publish', { message: `${message} (${n})` })));
      const said = await Promise.all(answers.map(async (answer) => `${answer.status} ${await answer.text()}`));
      expect(
        said.filter((answer) => answer.startsWith('202')),
        said.join('\n'),
      ).toHaveLength(1);
      expect(
        said.filter((answer) => answer.startsWith('409 ')),
        said.join('\n'),
      ).toHaveLength(3);
      return (JSON.parse(said.find((answer) => answer.startsWith('202'))!.slice(4)) as { data: { id: string } }).data.id;
    };

    await save(a, PATH, 'courses', newPrice);
    const first = await burst('New price');
    // While the first builds, the project's text changes through the other process and is published.
    await save(b, PROJECT_PATH, 'projects', (raw) => raw.replace('## Why this scholarship exists', '## Why this scholarship matters'));
    const second = await burst('New heading');
    expect((await publishOf(a, second))?.status).toBe('building');

    let publishes: (Publish | undefined)[] = [];
    for (const until = Date.now() + 300_000; Date.now() < until; await sleep(2_000)) {
      publishes = await Promise.all([publishOf(b, first), publishOf(a, second)]);
      if (publishes.some((publish) => publish?.status === 'failed')) throw new Error(`A publish failed: ${JSON.stringify(publishes)}`);
      if (publishes.every((publish) => publish?.status === 'live')) break;
    }
    expect(publishes.map((publish) => [publish?.status, publish?.files])).toEqual([
      ['live', [PATH]],
      ['live', [PROJECT_PATH]],
    ]);
    // In order: the second was built after the first went live.
    expect(Date.parse(publishes[1]!.started_at!)).toBeGreaterThanOrEqual(Date.parse(publishes[0]!.finished_at!));
    const history = execFileSync('git', ['-c', 'log.showRoot=false', 'log', '--format=%s', '--name-only'], {
      cwd: join(dataDir, 'content-repo'),
      encoding: 'utf8',
    });
    expect(history.split('\n').filter(Boolean)).toEqual([
      publishes[1]!.message,
      PROJECT_PATH,
      publishes[0]!.message,
      PATH,
      'Content as released',
    ]);
    // Both processes serve the second release within 10 s of its 'live'.
    for (const server of [a, b]) {
      const heading = async () =>
        (await (await fetch(`${server.origin}/projects/${PROJECT}`)).text()).includes('Why this scholarship matters');
      await expect.poll(heading, { timeout: 10_000, interval: 500 }).toBe(true);
      expect(await priceAt(server)).toBe(NEW);
    }
  }, 420_000);
});
