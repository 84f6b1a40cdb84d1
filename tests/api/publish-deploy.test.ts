// Pages on a CDN (issue 34): PUBLISH_DEPLOY_COMMAND is given each publish's built folder after the
// build and before 'live', which waits for it; a command that fails fails the publish with its exit
// code and last lines in plain words, and the release before stays live.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PublishSchema, PublishStartedSchema } from '#features/staff/schemas.ts';
import { ensureContentRepo } from '#features/staff/server/content-repo.ts';
import { publisherOf, whenLive } from '#features/staff/server/publish-routes.ts';
import { catalogueRelease } from '#server/db/schema.ts';
import { servicesOf } from './support/factories.ts';
import { quickBuild } from './support/quick-build.ts';
import { get, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

vi.mock('astro:content', () => import('../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../scripts/editor/astro-stubs.ts'));

const dataDir = mkdtempSync(join(tmpdir(), 'publish-deploy-'));
const repo = join(dataDir, 'content-repo');
const bucket = join(dataDir, 'bucket');
const failFlag = join(dataDir, 'fail');
// The deploy command: copies the release into "the bucket", or fails the way a sync tool does.
const script = join(dataDir, 'deploy.mjs');
writeFileSync(
  script,
  `import { cpSync, existsSync, rmSync } from 'node:fs';
if (existsSync(${JSON.stringify(failFlag)})) {
  console.log('upload: dist/index.html');
  console.error('fatal error: An error occurred (AccessDenied) when calling the PutObject operation: Access Denied');
  process.exit(3);
}
rmSync(${JSON.stringify(bucket)}, { recursive: true, force: true });
cpSync(process.argv[2], ${JSON.stringify(bucket)}, { recursive: true });
`,
);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = useTestApp({ env: { DATA_DIR: dataDir, PUBLISH_DEPLOY_COMMAND: `node "${script}" "$RELEASE_DIR"` } });

const COURSE = 'content/courses/bridal-and-occasion-wear.md';

async function publishEdit(token: string, edit: string) {
  writeFileSync(join(repo, COURSE), `${readFileSync(join(repo, COURSE), 'utf8')}\n${edit}\n`);
  const { id } = await readData(await send(t.app, 'staff/publish', { message: edit }, { token }), PublishStartedSchema, 202);
  await publisherOf(servicesOf(t)).idle();
  return readData(await get(t.app, `staff/publish/${id}`, { token }), PublishSchema);
}

describe('PUBLISH_DEPLOY_COMMAND', () => {
  it("hands the built folder to the command before 'live'; a failing command fails the publish and the release before stays live", async () => {
    const { token } = await seedStaff(t);
    await ensureContentRepo(repo);
    publisherOf(servicesOf(t), quickBuild);
    const bucketWhenLive: boolean[] = [];
    whenLive(() => {
      bucketWhenLive.push(existsSync(join(bucket, 'courses', 'bridal-and-occasion-wear.md')));
      return Promise.resolve();
    });

    const first = await publishEdit(token, 'First edit.');
    expect(first.status).toBe('live');
    // The command had copied the release before it went live.
    expect(bucketWhenLive).toEqual([true]);
    expect(readFileSync(join(bucket, 'courses', 'bridal-and-occasion-wear.md'), 'utf8')).toContain('First edit.');
    const [live] = await t.db.select().from(catalogueRelease);

    writeFileSync(failFlag, '');
    const second = await publishEdit(token, 'Second edit.');
    expect(second.status).toBe('failed');
    expect(second.log).toMatch(
      /^The site was built, but sending it to the web host \(PUBLISH_DEPLOY_COMMAND\) failed with exit code 3, so nothing changed on the site/,
    );
    expect(second.log).toContain('Access Denied');
    expect(second.log).not.toMatch(/publish-deploy-|\n\s+at /);
    // Nothing changed live: the same release, and this process was not switched.
    expect(await t.db.select().from(catalogueRelease)).toEqual([live]);
    expect(bucketWhenLive).toEqual([true]);
    expect(readFileSync(join(bucket, 'courses', 'bridal-and-occasion-wear.md'), 'utf8')).not.toContain('Second edit.');
  }, 60_000);
});
