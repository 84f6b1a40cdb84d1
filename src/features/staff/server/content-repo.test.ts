// The content repository the editor writes: DATA_DIR/content-repo unless CONTENT_REPO_DIR names
// another folder, never the project's own (whose content/ the release was built from), and made from
// the release's content/ once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { contentRepoDir, ensureContentRepo } from './content-repo.ts';

describe('contentRepoDir', () => {
  it('is DATA_DIR/content-repo when CONTENT_REPO_DIR is not set, else that folder', () => {
    expect(contentRepoDir(readEnv({ DATA_DIR: '/srv/adire/data' }))).toBe('/srv/adire/data/content-repo');
    expect(contentRepoDir(readEnv({ DATA_DIR: '/srv/adire/data', CONTENT_REPO_DIR: '/srv/adire/content' }))).toBe('/srv/adire/content');
  });

  it("refuses the project's own folder", () => {
    expect(() => contentRepoDir(readEnv({ CONTENT_REPO_DIR: '.' }))).toThrow(/the project's own folder/);
    expect(() => contentRepoDir(readEnv({ CONTENT_REPO_DIR: resolve('.') }))).toThrow(/the project's own folder/);
  });
});

describe('ensureContentRepo', () => {
  it("copies the release's content/ once, and keeps what the editor wrote after", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'content-repo-')), 'repo');
    await ensureContentRepo(dir);
    // The release's content is the first commit, before any save: the first publish holds only what was saved.
    expect(execFileSync('git', ['log', '--format=%s'], { cwd: dir, encoding: 'utf8' })).toBe('Content as released\n');
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })).toBe('');
    const site = join(dir, 'content', 'site.yaml');
    expect(readFileSync(site, 'utf8')).toBe(readFileSync('content/site.yaml', 'utf8'));
    writeFileSync(site, 'edited: true\n');
    await ensureContentRepo(dir);
    expect(readFileSync(site, 'utf8')).toBe('edited: true\n');
    expect(existsSync(join(dir, 'content', 'courses'))).toBe(true);
  });
});
