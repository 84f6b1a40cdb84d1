// The repository stays the source (issue 34): with CONTENT_REMOTE set, each publish is pushed there
// once it is live (a push that fails leaves it live, says so in its log, and the next publish pushes
// again); a developer's commit there is published by the next publish, under its author's name, even
// with nothing saved in the editor; a staff save and a remote commit to the same file are refused in
// plain words, nothing changed live and the save kept. The remote is a local bare repository.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AuditPageSchema, PublishesPageSchema, PublishSchema, PublishStartedSchema } from '#features/staff/schemas.ts';
import { ensureContentRepo } from '#features/staff/server/content-repo.ts';
import { publisherOf } from '#features/staff/server/publish-routes.ts';
import { catalogueRelease } from '#server/db/schema.ts';
import { servicesOf } from './support/factories.ts';
import { quickBuild } from './support/quick-build.ts';
import { get, readData, readJson, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

vi.mock('astro:content', () => import('../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../scripts/editor/astro-stubs.ts'));

const dataDir = mkdtempSync(join(tmpdir(), 'publish-remote-'));
const repo = join(dataDir, 'content-repo');
const remote = join(dataDir, 'remote.git');
const developer = join(dataDir, 'developer');
execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ env: { DATA_DIR: dataDir, CONTENT_REMOTE: remote } });

const COURSE = 'content/courses/bridal-and-occasion-wear.md';
const OTHER = 'content/courses/childrens-wear.md';
const gitIn = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const append = (dir: string, path: string, text: string) =>
  writeFileSync(join(dir, path), `${readFileSync(join(dir, path), 'utf8')}\n${text}\n`);
/** A developer's commit, pushed to the remote. */
function developerCommits(path: string, text: string) {
  gitIn(developer, 'pull', '-q', '--ff-only', 'origin', 'main');
  append(developer, path, text);
  gitIn(developer, '-c', 'user.name=Ada Developer', '-c', 'user.email=ada@dev.example', 'commit', '-qam', text);
  gitIn(developer, 'push', '-q', 'origin', 'HEAD:main');
}

describe('CONTENT_REMOTE', () => {
  it('pushes each publish, publishes a developer’s commit under their name, and refuses a conflict in plain words', async () => {
    const { token, staff } = await seedStaff(t, { name: 'Kemi Adebayo', role: 'admin' });
    await ensureContentRepo(repo);
    publisherOf(servicesOf(t), quickBuild);
    const publish = async (message: string) => {
      const answer = await send(t.app, 'staff/publish', { message }, { token });
      if (answer.status !== 202) return { status: answer.status, message: (await readJson(answer)).message as string };
      const { id } = await readData(answer, PublishStartedSchema, 202);
      await publisherOf(servicesOf(t)).idle();
      return readData(await get(t.app, `staff/publish/${id}`, { token }), PublishSchema);
    };

    // A staff publish goes live, then is on the remote.
    append(repo, COURSE, 'Staff edit one.');
    const first = await publish('Staff edit one');
    expect(first).toMatchObject({ status: 'live', log: 'Live.' });
    expect(gitIn(remote, 'log', '-1', '--format=%an|%s', 'main')).toBe('Kemi Adebayo|Staff edit one');

    // A developer's commit on the remote: published with nothing saved here, under the developer's name.
    gitIn(dataDir, 'clone', '-q', remote, developer);
    developerCommits(OTHER, 'Developer edit.');
    const second = await publish('What the developers changed');
    expect(second).toMatchObject({ status: 'live', files: [OTHER], author: { name: 'Ada Developer', email: 'ada@dev.example' } });
    const history = await readData(await get(t.app, 'staff/publish', { token }), PublishesPageSchema);
    expect(history.publishes.map((p) => p.author.name)).toEqual(['Ada Developer', 'Kemi Adebayo']);
    const [release] = await t.db.select().from(catalogueRelease);
    expect(readFileSync(join(release!.releaseDir!, 'courses', 'childrens-wear.md'), 'utf8')).toContain('Developer edit.');
    expect(readFileSync(join(release!.releaseDir!, 'courses', 'bridal-and-occasion-wear.md'), 'utf8')).toContain('Staff edit one.');

    // The same file saved here and changed on the remote: refused in plain words, nothing live changes.
    developerCommits(COURSE, 'Developer edit of the bridal page.');
    append(repo, COURSE, 'Staff edit two.');
    const refused = await publish('Staff edit two');
    expect(refused.status).toBe(409);
    expect((refused as { message: string }).message).toBe(
      `Nothing was published: ${COURSE} was changed both here and in the shared content repository (by Ada Developer, "Developer edit of the bridal page."). Nothing changed on the site, and your saved changes are kept; ask a developer to bring the two changes together in the shared repository, then publish again.`,
    );
    expect(await t.db.select().from(catalogueRelease)).toEqual([release]);
    expect(readFileSync(join(repo, COURSE), 'utf8')).toContain('Staff edit two.');
    expect((await readData(await get(t.app, 'staff/publish', { token }), PublishesPageSchema)).total_count).toBe(2);

    // Resolved here (the save given up), the remote refusing pushes: the publish is live all the same,
    // its log says so, and the next publish pushes both.
    gitIn(repo, 'checkout', '--', COURSE);
    const hook = join(remote, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "pushes are closed for maintenance" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    append(repo, OTHER, 'Staff edit three.');
    const third = await publish('Staff edit three');
    expect(third.status).toBe('live');
    expect((third as { log: string }).log).toMatch(
      /^Live\. It could not be sent to the shared content repository \(CONTENT_REMOTE\), which the next publish tries again: .*pushes are closed for maintenance/,
    );
    expect(gitIn(remote, 'log', '-1', '--format=%s', 'main')).toBe('Developer edit of the bridal page.');
    rmSync(hook);
    append(repo, OTHER, 'Staff edit four.');
    const fourth = await publish('Staff edit four');
    expect(fourth).toMatchObject({ status: 'live', log: 'Live.', author: { email: staff.email } });
    expect(gitIn(remote, 'log', '-3', '--format=%s', 'main').split('\n')).toEqual([
      'Staff edit four',
      'Staff edit three',
      'Developer edit of the bridal page.',
    ]);

    // A publish of two developer commits, undone: both are undone, and the undo is pushed.
    developerCommits(OTHER, 'Developer edit two.');
    developerCommits(OTHER, 'Developer edit three.');
    const fifth = await publish('Two developer edits');
    expect(fifth).toMatchObject({ status: 'live', author: { name: 'Ada Developer' } });
    const undo = await readData(
      await send(t.app, `staff/publish/${(fifth as { id: string }).id}/rollback`, { message: 'Undo them' }, { token }),
      PublishStartedSchema,
      202,
    );
    await publisherOf(servicesOf(t)).idle();
    expect(await readData(await get(t.app, `staff/publish/${undo.id}`, { token }), PublishSchema)).toMatchObject({
      status: 'live',
      files: [OTHER],
    });
    const [undone] = await t.db.select().from(catalogueRelease);
    const other = readFileSync(join(undone!.releaseDir!, 'courses', 'childrens-wear.md'), 'utf8');
    expect(other).toContain('Staff edit four.');
    expect(other).not.toMatch(/Developer edit (two|three)\./);
    expect(gitIn(remote, 'log', '-1', '--format=%s', 'main')).toBe('Undo them');
    // The publish and its undo are in the audit log, with who did them.
    const audit = await readData(await get(t.app, 'staff/audit?per_page=100', { token }), AuditPageSchema);
    const fifthId = (fifth as { id: string }).id;
    expect(
      audit.entries.filter((entry) => entry.target === `publish:${fifthId}`).map((entry) => [entry.action, entry.actor, entry.details]),
    ).toEqual([
      ['content.rollback', staff.email, { publish: undo.id, files: [OTHER] }],
      ['content.publish', staff.email, { files: [OTHER] }],
    ]);

    // A symbolic link committed on the remote is never merged nor followed by a build.
    gitIn(developer, 'pull', '-q', '--ff-only', 'origin', 'main');
    symlinkSync('/etc/passwd', join(developer, 'content', 'courses', 'linked.md'));
    gitIn(developer, 'add', '-A');
    gitIn(developer, '-c', 'user.name=Ada Developer', '-c', 'user.email=ada@dev.example', 'commit', '-qm', 'A link');
    gitIn(developer, 'push', '-q', 'origin', 'HEAD:main');
    const linked = await publish('A link');
    expect(linked).toEqual({
      status: 409,
      message:
        'Nothing was published: in the shared content repository, content/courses/linked.md is a link to somewhere else, which a publish never follows. Nothing changed on the site; ask a developer to put the file itself there instead.',
    });
    expect(gitIn(repo, 'rev-parse', 'HEAD')).toBe(gitIn(remote, 'rev-parse', 'main~1'));
  }, 60_000);
});
