// Publishing (POST staff/publish, GET staff/publish[/id], rollback): a commit of what the editor saved
// with the member as author, built in a child process, never in the request; a build that fails
// changes nothing live and says why in plain words (the file and line), not with a stack trace; one
// build at a time (the database refuses a second claim); undo is an admin's; all in the audit log.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NOT_PERMITTED_MESSAGE } from '#lib/errors.ts';
import { AuditPageSchema, PublishesPageSchema, PublishSchema, PublishStartedSchema } from '#features/staff/schemas.ts';
import { ensureContentRepo } from '#features/staff/server/content-repo.ts';
import { publisherOf } from '#features/staff/server/publish-routes.ts';
import { catalogueRelease, publishes } from '#server/db/schema.ts';
import { createApp } from '#server/app.ts';
import { seedCatalogue, testCatalogue } from './support/catalogue.ts';
import { servicesOf, signUpStudent } from './support/factories.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

vi.mock('astro:content', () => import('../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../scripts/editor/astro-stubs.ts'));

const dataDir = mkdtempSync(join(tmpdir(), 'publish-data-'));
const repo = join(dataDir, 'content-repo');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ env: { DATA_DIR: dataDir } });

const COURSE = 'content/courses/bridal-and-occasion-wear.md';

describe('POST staff/publish', () => {
  it('commits with the member as author, answers 202 at once, and a build that fails says why in plain words, changing nothing live', async () => {
    const { token, staff } = await seedStaff(t, { name: 'Kemi Adebayo' });
    await ensureContentRepo(repo);
    expect((await send(t.app, 'staff/publish', { message: 'Nothing' }, { token })).status).toBe(409);

    // Raw HTML that came by another way than the editor (whose gate refuses it): the build's gate stops it.
    const text = readFileSync(join(repo, COURSE), 'utf8');
    writeFileSync(join(repo, COURSE), `${text}\n<iframe src="https://example.com"></iframe>\n`);
    const started = Date.now();
    const answer = await send(t.app, 'staff/publish', { message: 'A frame on the bridal page' }, { token });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { id, status } = await readData(answer, PublishStartedSchema, 202);
    expect(status).toBe('building');
    expect(execFileSync('git', ['log', '-1', '--format=%an <%ae>|%s'], { cwd: repo, encoding: 'utf8' }).trim()).toBe(
      `Kemi Adebayo <${staff.email}>|A frame on the bridal page`,
    );

    await publisherOf(servicesOf(t)).idle();
    const failed = await readData(await get(t.app, `staff/publish/${id}`, { token }), PublishSchema);
    expect(failed).toMatchObject({ status: 'failed', files: [COURSE], author: { name: 'Kemi Adebayo', email: staff.email } });
    expect(failed.log).toMatch(new RegExp(`^${COURSE}:\\d+: `));
    expect(failed.log).not.toMatch(/\n\s+at |node_modules|publish-data-/);
    expect(failed.finished_at).not.toBeNull();
    // Nothing went live.
    expect(await t.db.select().from(catalogueRelease)).toEqual([]);

    const history = await readData(await get(t.app, 'staff/publish', { token }), PublishesPageSchema);
    expect(history.publishes.map((p) => [p.id, p.status])).toEqual([[id, 'failed']]);
    const audit = await readData(
      await get(t.app, 'staff/audit?per_page=100', { token: (await seedStaff(t, { role: 'admin' })).token }),
      AuditPageSchema,
    );
    expect(audit.entries.map((e) => [e.action, e.target])).toContainEqual(['content.publish', `publish:${id}`]);
  }, 120_000);

  it('a field of the wrong kind fails the build with the file and the field as the editor names it', async () => {
    const { token } = await seedStaff(t);
    await ensureContentRepo(repo);
    // The frame of the test before goes; the project's place on /projects becomes a word.
    execFileSync('git', ['checkout', 'HEAD~1', '--', COURSE], { cwd: repo });
    const project = join(repo, 'content/projects/ishk.md');
    writeFileSync(project, readFileSync(project, 'utf8').replace(/^listOrder: 1$/m, 'listOrder: first'));
    const { id } = await readData(await send(t.app, 'staff/publish', { message: 'Ishk first' }, { token }), PublishStartedSchema, 202);
    await publisherOf(servicesOf(t)).idle();
    const failed = await readData(await get(t.app, `staff/publish/${id}`, { token }), PublishSchema);
    expect([failed.status, failed.log]).toEqual([
      'failed',
      'content/projects/ishk.md: Place on /projects (listOrder) must be a number, not text. Nothing changed on the site.',
    ]);
  }, 120_000);

  it('lets only an admin undo, and only a publish that went live', async () => {
    const member = await seedStaff(t);
    const admin = await seedStaff(t, { role: 'admin' });
    const [row] = await t.db
      .insert(publishes)
      .values({ status: 'failed', message: 'x', authorName: 'A', authorEmail: 'a@b.ng', commit: 'HEAD', files: [], createdAt: new Date() })
      .returning();
    const forbidden = await send(t.app, `staff/publish/${row!.id}/rollback`, { message: 'Undo' }, { token: member.token });
    expect(forbidden.status).toBe(403);
    expect(await readJson(forbidden)).toEqual({ message: NOT_PERMITTED_MESSAGE });
    expect((await send(t.app, `staff/publish/${row!.id}/rollback`, { message: 'Undo' }, { token: admin.token })).status).toBe(409);
    expect((await get(t.app, 'staff/publish/00000000-0000-0000-0000-000000000000', { token: member.token })).status).toBe(404);
  });

  it('builds one publish at a time: the database refuses a second claim', async () => {
    const values = {
      status: 'building',
      message: 'x',
      authorName: 'A',
      authorEmail: 'a@b.ng',
      commit: 'HEAD',
      files: [],
      createdAt: new Date(),
    };
    await t.db.insert(publishes).values({ ...values, startedAt: new Date() });
    // A second waiting publish is fine; a second one being built is not.
    await t.db.insert(publishes).values(values);
    await expect(t.db.insert(publishes).values({ ...values, startedAt: new Date() })).rejects.toThrow();
  });
});

describe('checkout at a process whose pages are of another release', () => {
  it('is refused with 503 and Retry-After until that process has switched, never charged at the new price', async () => {
    await seedCatalogue(t.db, testCatalogue(), new Date(), 'build-new');
    const student = await signUpStudent(t);
    const checkoutAt = (servedBuild: string) =>
      createApp({ db: t.db, mailer: t.mailer, env: t.env, servedBuild: () => servedBuild }).request(
        '/api/v1/user/courses/course-02/checkout',
        {
          method: 'POST',
          headers: { authorization: `Bearer ${student.token}` },
        },
      );
    const stale = await checkoutAt('build-old');
    expect(stale.status).toBe(503);
    expect(stale.headers.get('retry-after')).toBe('2');
    expect(((await stale.json()) as { message: string }).message).toMatch(/another release/);
    expect((await checkoutAt('build-new')).status).toBe(201);
  });
});
