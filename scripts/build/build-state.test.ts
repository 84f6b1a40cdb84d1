import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsStale, STAMP } from './build-state.ts';

function project() {
  const root = mkdtempSync(join(tmpdir(), 'stale-'));
  for (const dir of ['src', 'content', 'public', 'dist']) mkdirSync(join(root, dir));
  writeFileSync(join(root, 'src', 'page.astro'), 'x');
  writeFileSync(join(root, 'content', 'home.md'), 'x');
  return root;
}
const age = (path: string, secondsAgo: number) => {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, when, when);
};

describe('npm start decides whether to build', () => {
  it('builds when there is no build yet', () => {
    expect(buildIsStale(project())).toBe(true);
  });

  it('does not build when the build is newer than every source', () => {
    const root = project();
    for (const path of ['src/page.astro', 'src', 'content/home.md', 'content', 'public']) age(join(root, path), 60);
    writeFileSync(join(root, STAMP), 'now');
    expect(buildIsStale(root)).toBe(false);
  });

  it('builds again when an editor changes content after the build', () => {
    const root = project();
    for (const path of ['src/page.astro', 'src', 'content', 'public']) age(join(root, path), 60);
    writeFileSync(join(root, STAMP), 'then');
    age(join(root, STAMP), 30);
    writeFileSync(join(root, 'content', 'home.md'), 'changed');
    expect(buildIsStale(root)).toBe(true);
  });
});
