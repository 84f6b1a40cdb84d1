// After astro build, before preload-modules: every page's one script (src/components/PageScript.astro:
// header, lazy images, video facades, the footer's form, toasts) starts after the page's first frame
// is painted, not before. Measured against the floor page of the budget step (docs/architecture.md,
// 'Budgets'): fetched before the first paint, the script and the modules it imports were requests
// Lighthouse's simulation counts as holding the paint back, and content pages painted at 1.4-1.6 x
// a page with no script. What a visitor does before it runs is not lost: BaseHead's guard opens the
// header's menus and holds the footer form's submit until the script takes over.
// The <script type="module" src> Astro writes becomes a small inline script that imports it from
// the first frame's next task (requestAnimationFrame, then a task); with no module script left in the
// page, preload-modules.ts no longer preloads its imports. The loader is the same on every page: its
// hash joins the build's own inline scripts (own-scripts.json), the only inline scripts the pages'
// CSP lets run (src/server/own-scripts.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { OWN_SCRIPTS_FILE } from '#server/own-scripts.ts';
import { walkFiles } from '#server/static-site.ts';

const PAGE_SCRIPT = /<script type="module" src="(\/_astro\/PageScript\.[^"]+\.js)"><\/script>/;

/** The inline script that loads `src` once the first frame is painted. */
export const loaderFor = (src: string) => `requestAnimationFrame(()=>setTimeout(()=>import(${JSON.stringify(src)})))`;

const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/** A page with its page script loaded after the first paint, and the loader's body; the page as it was when it has none. */
export function deferPageScript(html: string): { html: string; loader: string | null } {
  const found = PAGE_SCRIPT.exec(html);
  if (!found) return { html, loader: null };
  const loader = loaderFor(found[1]!);
  return { html: html.replace(found[0], () => `<script>${loader}</script>`), loader };
}

if (import.meta.main) {
  const dist = 'dist';
  const hashes = new Set<string>();
  let pages = 0;
  for await (const file of walkFiles(dist)) {
    if (!file.endsWith('.html')) continue;
    const { html, loader } = deferPageScript(await readFile(file, 'utf8'));
    if (!loader) continue;
    await writeFile(file, html);
    hashes.add(hashOf(loader));
    pages++;
  }
  const ownFile = join(dist, '.server', OWN_SCRIPTS_FILE);
  const own = JSON.parse(await readFile(ownFile, 'utf8')) as { hashes: string[] };
  await writeFile(ownFile, JSON.stringify({ hashes: [...new Set([...own.hashes, ...hashes])].sort() }, null, 1) + '\n');
  console.log(`Page script started after the first paint on ${pages} pages.`);
}
