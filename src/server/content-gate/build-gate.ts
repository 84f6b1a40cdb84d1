// The build as the gate on content (astro.config.mjs): before Astro reads anything, content/ is
// checked (content-check.ts, and with the editor's collections the rules the local editor's gate
// holds too, content-rules.ts) and the build stops naming each file and line at fault; while Astro
// renders, a Markdown body that holds raw HTML or an unsafe link stops it too (the same rules, in
// Astro's own Markdown processor); after it, each page's own inline scripts are recorded for the
// CSP and nothing else (src/server/own-scripts.ts).
import { randomBytes } from 'node:crypto';
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { OWN_SCRIPTS_FILE, ownScripts } from '../own-scripts.ts';
import { contentProblems, markdownRules } from './content-check.ts';
import { formatProblem, type ContentRules } from './content-rules.ts';

/** Made anew for every build: our own inline scripts carry it (data-own-script), content cannot. */
export const OWN_SCRIPT_MARK = randomBytes(18).toString('base64url');

/**
 * For `markdown.processor: satteri({ mdastPlugins: [...] })`: the content rules, failing the render
 * of a Markdown file that breaks one. Lines count from the body's first line here; the check before
 * the build (contentProblems) names them from the file's.
 */
export const refuseUnsafeMarkdown = ({ fileURL }: { fileURL: URL | undefined }) =>
  markdownRules((line, message) => {
    throw new Error(`${fileURL ? fileURLToPath(fileURL) : 'Markdown'}${line ? ` (body line ${line})` : ''}: ${message}`);
  });

/** Every problem of content/, as one message, or undefined when it may be built. */
async function contentRefusal(dir: string, base?: string, rules?: ContentRules): Promise<string | undefined> {
  const problems = await contentProblems(dir, base, rules);
  if (!problems.length) return undefined;
  return `The content cannot be built:\n${problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}`;
}

async function pages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

/** Each page without Astro's CSP <meta> and our marks; the build's own script hashes in .server/. */
export async function recordOwnScripts(dist: string, mark: string): Promise<number> {
  const hashes = new Set<string>();
  for (const page of await pages(dist)) {
    const result = ownScripts(await readFile(page, 'utf8'), mark);
    for (const hash of result.hashes) hashes.add(hash);
    await writeFile(page, result.html);
  }
  await mkdir(join(dist, '.server'), { recursive: true, mode: 0o755 });
  await writeFile(join(dist, '.server', OWN_SCRIPTS_FILE), JSON.stringify({ hashes: [...hashes].sort() }, null, 1) + '\n');
  return hashes.size;
}

/**
 * The gate as an Astro integration for the content folder `contentDir` (in the repository's root).
 * `editorRules` gives what the editor's collections say of that root (their picture folders and
 * relation fields: scripts/editor/decap-config.ts, contentRulesOf), so the build holds content that
 * came by git or the production editor to the rules the local editor's gate holds a save to.
 */
export function buildGate(contentDir = 'content', editorRules?: (root: string) => Promise<ContentRules>): AstroIntegration {
  return {
    name: 'content-gate',
    hooks: {
      'astro:config:setup': async ({ command }) => {
        if (command !== 'build') return;
        const root = dirname(resolve(contentDir));
        const refused = await contentRefusal(contentDir, root, await editorRules?.(root));
        if (refused) throw new Error(refused);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const count = await recordOwnScripts(fileURLToPath(dir), OWN_SCRIPT_MARK);
        logger.info(`${count} inline scripts of the build's own allowed by the pages' CSP.`);
      },
    },
  };
}
