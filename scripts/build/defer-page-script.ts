// After astro build, before preload-modules: every page's one script (src/components/PageScript.astro:
// header, lazy images, video facades, the footer's form, toasts) starts after the page's first frame
// is painted, not before. Measured against the floor page of the budget step (docs/architecture.md,
// 'Budgets'): fetched before the first paint, the script and the modules it imports were requests
// Lighthouse's simulation counts as holding the paint back, and content pages painted at 1.4-1.6 x
// a page with no script. What a visitor does before it runs is not lost: BaseHead's guard opens the
// header's menus and holds the footer form's submit until the script takes over.
// The <script type="module" src> Astro writes becomes a small inline script that imports it in the
// task after the browser reports the first contentful paint (a PerformanceObserver of 'paint'). The
// next frame (requestAnimationFrame, then a task) was too early: it runs before the frame is on
// screen, and the script's requests then ended before Lighthouse's observed paint, which its
// simulation counts as holding the paint back (1.2-1.6 x the floor for a content page). Where the
// browser reports no paints, the next frame; after 3 s in any case (a tab opened in the background
// paints nothing until shown). With no module script left in the page, preload-modules.ts no longer
// preloads its imports. The loader is the same on every page: its
// hash joins the build's own inline scripts (own-scripts.json), the only inline scripts the pages'
// CSP lets run (src/server/own-scripts.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { OWN_SCRIPTS_FILE } from '#server/own-scripts.ts';
import { walkFiles } from '#server/static-site.ts';

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;
/** A portal page's layout script (src/layouts/DashboardLayout.astro) sends a visitor without a session away: it keeps its place. */
const PORTAL_SCRIPT = /<script type="module" src="\/_astro\/DashboardLayout\./;

/** The inline script that loads `sources` once the first contentful paint is on screen. */
export const loaderFor = (sources: string[]) =>
  `(()=>{let d;const go=()=>{if(!d){d=1;setTimeout(()=>{${sources.map((src) => `import(${JSON.stringify(src)})`).join(';')}})}};` +
  `if(self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:!0});` +
  `else requestAnimationFrame(go);setTimeout(go,3e3)})()`;

const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

/**
 * A page with its module scripts (the page script, and a form page's own: keep-next on login and
 * sign-up) loaded after the first paint by one loader where the first of them was, and the loader's
 * body; the page as it was when it has none, or when it is a portal page.
 */
export function deferPageScript(html: string): { html: string; loader: string | null } {
  if (PORTAL_SCRIPT.test(html)) return { html, loader: null };
  const found = [...html.matchAll(MODULE_SCRIPT)];
  if (!found.length) return { html, loader: null };
  const loader = loaderFor(found.map((match) => match[1]!));
  let first = true;
  const page = html.replace(MODULE_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return `<script>${loader}</script>`;
  });
  return { html: page, loader };
}

if (import.meta.main) {
  const dist = process.env.BUILD_OUT_DIR ?? 'dist';
  const hashes = new Set<string>();
  let pages = 0;
  for await (const file of walkFiles(dist)) {
    // Not the 404 page: it is served under every placeholder block of the edge files
    // (scripts/build/edge-files.ts), so its policy must add no hash the portal pages lack; Lighthouse does not measure it.
    if (!file.endsWith('.html') || file === join(dist, '404.html')) continue;
    const { html, loader } = deferPageScript(await readFile(file, 'utf8'));
    if (!loader) continue;
    await writeFile(file, html);
    hashes.add(hashOf(loader));
    pages++;
  }
  const ownFile = join(dist, '.server', OWN_SCRIPTS_FILE);
  const own = JSON.parse(await readFile(ownFile, 'utf8')) as { hashes: string[] };
  await writeFile(ownFile, JSON.stringify({ hashes: [...new Set([...own.hashes, ...hashes])].sort() }, null, 1) + '\n');
  console.log(`Page scripts started after the first paint on ${pages} pages.`);
}
