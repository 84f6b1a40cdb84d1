// The build is the gate on content: the real configuration runs the content check before Astro reads
// content/ and renders Markdown with the same rules, and the pages' CSP allows only the inline
// scripts the build wrote itself, never one that came in with content.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import config from '../../../astro.config.mjs';
import { contentRulesOf } from '../../../scripts/editor/decap-config.ts';
import { buildOwnScripts, fileHeaders, pagePolicy } from '../file-headers.ts';
import { buildGate, OWN_SCRIPT_MARK, recordOwnScripts, refuseUnsafeMarkdown } from './build-gate.ts';

// Vitest runs modules itself, past load-collections.ts's Node hooks: the same stand-ins, its way.
vi.mock('astro:content', () => import('../../../scripts/editor/astro-stubs.ts'));
vi.mock('astro/loaders', () => import('../../../scripts/editor/astro-stubs.ts'));

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const scriptSrc = (policy: string) => policy.split(';').find((directive) => directive.trim().startsWith('script-src'))!;

describe("the build's configuration", () => {
  it('checks content/ first and renders Markdown with the content rules', async () => {
    const integrations = config.integrations as AstroIntegration[];
    expect(integrations[0]!.name).toBe('content-gate');
    const processor = config.markdown!.processor as { options: { mdastPlugins: unknown[] } };
    expect(processor.options.mdastPlugins).toContain(refuseUnsafeMarkdown);
    // The processor as configured refuses a body with raw HTML, whichever file it is.
    const render = await createSatteriMarkdownProcessor({ mdastPlugins: processor.options.mdastPlugins as never });
    await expect(render.render('Words.\n\n<script>alert(1)</script>\n', { fileURL: new URL('file:///c/x.md') })).rejects.toThrow(
      '/c/x.md (body line 3): raw HTML is not allowed',
    );
    expect(config.security?.csp).toBe(true);
    expect((config.vite?.define as Record<string, string>)['import.meta.env.OWN_SCRIPT_MARK']).toBe(JSON.stringify(OWN_SCRIPT_MARK));
  });

  it('stops a build whose content holds raw HTML or an SVG named .png, naming each file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'build-gate-'));
    mkdirSync(join(dir, 'projects'));
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'projects', 'x.md'), '---\ntitle: x\n---\n\n<iframe src="https://evil.example"></iframe>\n');
    writeFileSync(join(dir, 'images', 'svg.png'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const setup = buildGate(dir).hooks['astro:config:setup'] as (options: { command: string }) => Promise<void>;
    const failure = setup({ command: 'build' });
    await expect(failure).rejects.toThrow(/images\/svg\.png: this is not the PNG picture/);
    await expect(failure).rejects.toThrow(/projects\/x\.md:5: raw HTML is not allowed/);
    await expect(setup({ command: 'dev' })).resolves.toBeUndefined();
    await expect((buildGate('content').hooks['astro:config:setup'] as typeof setup)({ command: 'build' })).resolves.toBeUndefined();
  });
});

type Setup = (options: { command: string }) => Promise<void>;
const setupOf = (integration: AstroIntegration) => integration.hooks['astro:config:setup'] as unknown as Setup;

/** A copy of the repository's content/ in a folder of its own, changed by `change` (given the copy's root). */
function contentCopy(change: (root: string) => void | Promise<void>) {
  const root = mkdtempSync(join(tmpdir(), 'content-copy-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  return Promise.resolve(change(root)).then(() => root);
}
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336' } })
    .png()
    .toBuffer();
const edit = (file: string, from: string, to: string) => {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(file, text.replace(from, to));
};

// Whatever the local editor's gate refuses at save (scripts/editor/gate.ts) the build refuses too,
// for content that came by git or the production editor's pull request.
describe("the build holds content to the local editor's rules", () => {
  it.each([
    [
      "a picture outside the picture fields' folders",
      async (root: string) => {
        mkdirSync(join(root, 'content/images/uploads'));
        writeFileSync(join(root, 'content/images/uploads/photo.png'), await png(800, 600));
      },
      "content/images/uploads/photo.png: pictures go only in the folders of the editor's picture fields (content/images, content/images/courses, ",
    ],
    [
      'a picture over 2 MB',
      (root: string) => {
        writeFileSync(join(root, 'content/images/courses/big.png'), Buffer.alloc(2.5 * 1024 * 1024, 7));
      },
      'content/images/courses/big.png: this picture is 2.5 MB: pictures may be at most 2 MB.',
    ],
    [
      'a picture too narrow',
      async (root: string) => writeFileSync(join(root, 'content/images/people/small.png'), await png(200, 200)),
      'content/images/people/small.png: this picture is 200 px wide: pictures must be at least 320 px wide.',
    ],
    [
      'a picture too large',
      async (root: string) => writeFileSync(join(root, 'content/images/tutors/huge.png'), await png(4200, 300)),
      'content/images/tutors/huge.png: this picture is 4200 × 300 px: pictures may be at most 4000 px on either side.',
    ],
    [
      'a course file copied with the materials list of another',
      (root: string) => cpSync(join(root, 'content/courses/aso-oke-weaving.md'), join(root, 'content/courses/a-new-course.md')),
      'content/courses/a-new-course.md: the materials this course lists are files a developer makes first, and content/lessons/a-new-course.yaml, content/materials/a-new-course/the-narrow-loom.mp4, ',
    ],
    [
      "a course's material file renamed",
      (root: string) => edit(join(root, 'content/courses/aso-oke-weaving.md'), 'file: the-narrow-loom.mp4', 'file: the-loom.mp4'),
      'content/courses/aso-oke-weaving.md: the materials this course lists are files a developer makes first, and content/materials/aso-oke-weaving/the-loom.mp4 is not there.',
    ],
    [
      "a home page card naming a project by its name, not its file's",
      (root: string) => edit(join(root, 'content/pages/home.md'), 'project: ishk', 'project: Youth Tailoring Programme'),
      'content/pages/home.md:48: Home page › Projects › Cards › Project: “Youth Tailoring Programme” is not one of the entries in content/projects/. Choose one from the list.',
    ],
    [
      'a course naming a tutor who is not there',
      (root: string) => edit(join(root, 'content/courses/aso-oke-weaving.md'), '  - kunle-adebayo\n', '  - kunle\n'),
      'content/courses/aso-oke-weaving.md:21: Courses › Tutors: “kunle” is not one of the entries in content/tutors/. Choose one from the list.',
    ],
  ])('stops a build with %s, naming the file', async (_, change, message) => {
    const root = await contentCopy(change);
    const failure = setupOf(buildGate(join(root, 'content'), contentRulesOf))({ command: 'build' });
    await expect(failure).rejects.toThrow(message);
    // The one problem made, and no other: the rest of the copy is the repository's content.
    await expect(failure).rejects.toThrow(/^The content cannot be built:\n {2}[^\n]+$/);
  });

  it('builds a new course made in the editor, with no materials list: its lessons come from the staff console', async () => {
    const root = await contentCopy((root) => {
      const seeded = readFileSync(join(root, 'content/courses/aso-oke-weaving.md'), 'utf8');
      const made = seeded.replace(/^materials:\n(?: {2}.*\n)+/m, '');
      expect(made).not.toContain('materials');
      writeFileSync(join(root, 'content/courses/a-new-course.md'), made);
    });
    await expect(setupOf(buildGate(join(root, 'content'), contentRulesOf))({ command: 'build' })).resolves.toBeUndefined();
  });

  it("is the build's own gate: the configuration checks the repository's content by the editor's rules", async () => {
    const root = await contentCopy((root) => edit(join(root, 'content/pages/home.md'), 'project: ishk', 'project: ISHK'));
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const gate = setupOf((config.integrations as AstroIntegration[])[0]!);
      await expect(gate({ command: 'build' })).rejects.toThrow(
        /content\/pages\/home\.md:48: Home page › Projects › Cards › Project: “ISHK”/,
      );
    } finally {
      process.chdir(cwd);
    }
    await expect(setupOf(buildGate('content', contentRulesOf))({ command: 'build' })).resolves.toBeUndefined();
  });
});

describe("the pages' CSP", () => {
  const island = '(()=>{customElements.define("astro-island",class extends HTMLElement{})})();';
  const session = '(function(){const key = "adire.session";\ndocument.documentElement.dataset.auth = "visitor";})();';
  const foreign = 'document.title=localStorage.getItem("adire.session")';
  const built = (mark: string) =>
    '<!doctype html><html><head><meta charset="utf-8"><title>A project</title>' +
    `<meta http-equiv="content-security-policy" content="script-src 'self' ${hash(island)}; style-src 'self' 'sha256-x='">` +
    `<script data-own-script="${mark}">${session}</script></head><body><main><p>Words.</p>` +
    // What content could have added if it had got past the content check: a script, a forged mark,
    // its own CSP <meta> after the head.
    `<script>${foreign}</script><script data-own-script="guess">${foreign};1</script>` +
    `<meta http-equiv="content-security-policy" content="script-src ${hash(foreign)}">` +
    `<script>${island}</script></main></body></html>`;

  it('allows the scripts the build wrote itself and not one that came in with content', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'own-scripts-'));
    mkdirSync(join(dist, 'projects'));
    writeFileSync(join(dist, 'projects', 'index.html'), built('the-build-mark'));
    expect(await recordOwnScripts(dist, 'the-build-mark')).toBe(2);
    const page = readFileSync(join(dist, 'projects', 'index.html'), 'utf8');
    // Astro's <meta> and the marks are gone: the header is the page's one policy.
    expect(page).not.toContain('the-build-mark');
    expect(page.split('http-equiv').length).toBe(2);
    const own = await buildOwnScripts(dist);
    const policy = fileHeaders('/projects/index.html', new TextEncoder().encode(page), {}, own)['content-security-policy']!;
    expect(scriptSrc(policy).trim().split(' ').sort()).toEqual(['script-src', "'self'", hash(island), hash(session)].sort());
    expect(policy).not.toContain(hash(foreign));
    expect(policy).not.toContain(hash(`${foreign};1`));
    expect(scriptSrc(policy)).not.toContain('unsafe-inline');
  });

  it('allows no inline script at all for a build that recorded none', async () => {
    expect(scriptSrc(pagePolicy(built('x'))).trim()).toBe("script-src 'self'");
    expect(await buildOwnScripts(mkdtempSync(join(tmpdir(), 'no-own-')))).toEqual(new Set());
  });
});
