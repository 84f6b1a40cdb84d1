// The editor's backend in the product (POST staff/content): decap-server's protocol for staff
// sessions only, over the server's content repository (never the release's content/), behind the
// gate of `npm run edit`: paths outside the editor's files 403, a body with raw HTML or a picture
// that is not what its name says 422, and every write in the audit log.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AuditPageSchema } from '#features/staff/schemas.ts';
import { signUpStudent } from './support/factories.ts';
import { get, readJson, readData, send, useTestApp } from './support/test-app.ts';
import { seedStaff } from '../support/staff.ts';

// src/content.config.ts is read outside Astro, as the editor reads it (scripts/editor/load-collections.ts).
vi.mock('astro:content', () => import('../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../scripts/editor/astro-stubs.ts'));

const repo = mkdtempSync(join(tmpdir(), 'content-repo-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const t = useTestApp({ env: { CONTENT_REPO_DIR: repo } });

const COURSE = 'content/courses/adire-indigo-resist-dyeing.md';
const call = (token: string, action: string, params: Record<string, unknown>) =>
  send(t.app, 'staff/content', { action, params: { branch: 'main', ...params } }, { token });
const persist = (token: string, path: string, raw: string, assets: unknown[] = []) =>
  call(token, 'persistEntry', {
    dataFiles: [{ slug: path.split('/').pop()!.replace(/\.md$/, ''), path, raw }],
    assets,
    options: { commitMessage: `Update ${path}`, collectionName: 'courses', useWorkflow: false, status: 'draft' },
  });

describe('POST staff/content', () => {
  it('is for staff sessions only: none or a student token is 401', async () => {
    const student = await signUpStudent(t);
    expect((await send(t.app, 'staff/content', { action: 'info', params: {} })).status).toBe(401);
    expect((await call(student.token, 'getEntry', { path: COURSE })).status).toBe(401);
  });

  it('reads and writes the content repository, not the release content/, and logs the save', async () => {
    const { token } = await seedStaff(t, { role: 'admin' });
    const entry = await call(token, 'getEntry', { path: COURSE });
    expect(entry.status).toBe(200);
    const { file, data } = (await entry.json()) as { file: { path: string }; data: string };
    expect(file.path).toBe(COURSE);
    expect(data).toContain('price_naira: 120000');

    const listing = (await (await call(token, 'entriesByFolder', { folder: 'content/courses', extension: 'md', depth: 1 })).json()) as {
      file: { path: string };
    }[];
    expect(listing.map((item) => item.file.path)).toContain(COURSE);

    const saved = await persist(token, COURSE, data.replace('price_naira: 120000', 'price_naira: 135000'));
    expect(saved.status).toBe(200);
    expect(readFileSync(join(repo, COURSE), 'utf8')).toContain('price_naira: 135000');
    // The checked-out content/ is what the release was built from: untouched.
    expect(readFileSync(COURSE, 'utf8')).toContain('price_naira: 120000');

    const audit = await readData(await get(t.app, 'staff/audit?per_page=100', { token }), AuditPageSchema);
    expect(audit.entries.map((e) => [e.action, e.target])).toContainEqual(['content.save', `content:${COURSE}`]);
  });

  it('refuses files outside the editor (403) and content that breaks a rule (422), writing nothing', async () => {
    const { token } = await seedStaff(t);
    for (const [action, params] of [
      ['getEntry', { path: 'content/materials/adire-indigo-resist-dyeing/notes.pdf' }],
      ['getEntry', { path: '.git/config' }],
      ['getEntry', { path: 'content/courses/../../package.json' }],
      ['entriesByFolder', { folder: 'content/lessons', extension: 'yaml', depth: 1 }],
      ['deleteFile', { path: COURSE }],
      ['unpublishedEntries', {}],
    ] as const) {
      const answer = await call(token, action, params);
      expect(answer.status, `${action} ${JSON.stringify(params)}`).toBe(403);
      const body = await readJson(answer);
      expect(Object.keys(body).sort()).toEqual(['error', 'message']);
      expect(body.error).toBe(body.message);
    }
    expect(existsSync(join(repo, COURSE))).toBe(true);

    const raw = readFileSync(join(repo, COURSE), 'utf8');
    const html = await persist(token, COURSE, `${raw}\n<script>alert(1)</script>\n`);
    expect(html.status).toBe(422);
    expect(((await readJson(html)) as { error: string }).error).toMatch(/raw HTML/);
    expect(readFileSync(join(repo, COURSE), 'utf8')).toBe(raw);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>');
    const picture = await call(token, 'persistMedia', {
      asset: { path: 'content/images/courses/photo.png', content: svg.toString('base64'), encoding: 'base64' },
      options: { commitMessage: 'Upload' },
    });
    expect(picture.status).toBe(422);
    expect(existsSync(join(repo, 'content/images/courses/photo.png'))).toBe(false);
  });

  it('gives the page its configuration, made from the content schemas, with the product backend', async () => {
    const { token } = await seedStaff(t);
    expect((await get(t.app, 'staff/content/config')).status).toBe(401);
    const answer = await get(t.app, 'staff/content/config', { token });
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { config: { backend: unknown; collections: { name: string }[] } } };
    expect(data.config.backend).toEqual({ name: 'proxy', proxy_url: '/api/v1/staff/content', branch: 'main' });
    expect(data.config.collections.map((c) => c.name)).toContain('courses');
  });
});
