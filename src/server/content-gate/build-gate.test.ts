// The build is the gate on content: the real configuration runs the content check before Astro reads
// content/ and renders Markdown with the same rules, and the pages' CSP allows only the inline
// scripts the build wrote itself, never one that came in with content.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import config from '../../../astro.config.mjs';
import { buildOwnScripts, fileHeaders, pagePolicy } from '../file-headers.ts';
import { buildGate, OWN_SCRIPT_MARK, recordOwnScripts, refuseUnsafeMarkdown } from './build-gate.ts';

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
