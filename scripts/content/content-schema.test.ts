// An editor's mistake in content/ must stop the build with the file and the field named, and so must
// content that would run script on a student's page (src/server/content-gate/).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function projectWith(edit: (root: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  // scripts/: the configuration reads the editor's collections for the content rules (scripts/editor).
  for (const entry of ['content', 'src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
    cpSync(entry, join(root, entry), { recursive: true });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  edit(root);
  return root;
}

const sync = (root: string) => {
  const result = spawnSync(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'sync'], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
};

describe('content schemas', () => {
  it('name the file and the field when a value has the wrong type', () => {
    const root = projectWith((dir) => {
      const file = join(dir, 'content/projects/lsetf.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^summary: .*(?:\n {2}.*)*$/m, 'summary: 42'));
    });
    const { status, output } = sync(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(/projects → lsetf/);
    expect(output).toMatch(/summary/);
    expect(output).toContain('content/projects/lsetf.md');
  }, 60_000);

  it('name the field when a required one is missing', () => {
    const root = projectWith((dir) => {
      const file = join(dir, 'content/faculty/ibrahim-musa.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^role: .*\n/m, ''));
    });
    const { status, output } = sync(root);
    expect(status).not.toBe(0);
    expect(output).toMatch(/faculty → ibrahim-musa/);
    expect(output).toMatch(/role/);
  }, 60_000);

  it('take a new course made in the editor, with no materials list (its lessons come from the staff console)', () => {
    const root = projectWith((dir) => {
      const seeded = readFileSync(join(dir, 'content/courses/aso-oke-weaving.md'), 'utf8');
      writeFileSync(join(dir, 'content/courses/a-new-course.md'), seeded.replace(/^materials:\n(?: {2}.*\n)+/m, ''));
    });
    const { status, output } = sync(root);
    expect(output).not.toMatch(/a-new-course/);
    expect(status).toBe(0);
  }, 60_000);

  it('stop `astro build` before it starts, naming each file and line, when content would run script', () => {
    const root = projectWith((dir) => {
      const file = join(dir, 'content/projects/british-council.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n<script>document.title=localStorage.getItem("adire.session")</script>\n`);
      writeFileSync(join(dir, 'content/images/courses/svg.png'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    });
    const lines = readFileSync('content/projects/british-council.md', 'utf8').split('\n').length;
    const result = spawnSync(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    expect(result.status).not.toBe(0);
    expect(output).toContain(`content/projects/british-council.md:${lines + 1}: raw HTML is not allowed`);
    expect(output).toContain('content/images/courses/svg.png: this is not the PNG picture its name says');
  }, 60_000);

  it("stop `astro build` on what the local editor's gate refuses, whatever way it came: a misplaced picture, a course listing materials that are not there, a dangling reference", () => {
    const root = projectWith((dir) => {
      writeFileSync(join(dir, 'content/photo.webp'), readFileSync('content/materials/aso-oke-weaving/the-narrow-loom.poster.webp'));
      cpSync(join(dir, 'content/courses/aso-oke-weaving.md'), join(dir, 'content/courses/a-new-course.md'));
      const home = join(dir, 'content/pages/home.md');
      writeFileSync(home, readFileSync(home, 'utf8').replace('project: ishk', 'project: Youth Tailoring Programme'));
    });
    const result = spawnSync(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, encoding: 'utf8' });
    const output = result.stdout + result.stderr;
    expect(result.status).not.toBe(0);
    expect(output).toContain("content/photo.webp: pictures go only in the folders of the editor's picture fields");
    expect(output).toContain('content/courses/a-new-course.md: the materials this course lists are files a developer makes first');
    expect(output).toMatch(
      /content\/pages\/home\.md:\d+: Home page › Projects › Cards › Project: “Youth Tailoring Programme” is not one of the entries/,
    );
  }, 60_000);
});
