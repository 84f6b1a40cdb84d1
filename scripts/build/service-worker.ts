// After astro build (and preload-modules, which changes the pages): builds the service worker
// (src/service-worker/worker.ts) into dist/sw.js with this build's precache list, the
// portal's shell: the dashboard, settings and the offline page, and the scripts and styles those
// and a course page need, followed through their imports, lazy ones too, since offline nothing can
// be fetched later. Its version is a hash of those files and of its own code, so a new build whose
// shell changed is a new service worker, offered to the student by the page
// (src/service-worker/register.ts). Prints what a student downloads for it.
//   node scripts/build/service-worker.ts [dist folder]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { dashboardCoursePath } from '#features/learning/links.ts';
import { builtFilesNamed } from '#lib/offline/keys.ts';

/** The build to add it to: dist, or the folder given (the production shape's second build). */
const DIST = process.argv[2] ?? process.env.BUILD_OUT_DIR ?? 'dist';
/** The shell's pages; each course page is cached for the students enrolled in it (src/features/learning/offline/store.ts). */
const SHELL_PAGES = ['/dashboard', '/dashboard/settings', '/offline'];

const htmlOf = (path: string) => readFileSync(join(DIST, path, 'index.html'), 'utf8');
const fileOf = (path: string) => join(DIST, path);

/** Every built file under /_astro/ a text names (by its hashed name), then what those name, and so on (never the dictionaries). */
function assetsOf(texts: string[]): string[] {
  const built = new Set(readdirSync(join(DIST, '_astro')));
  const found = new Set<string>();
  const queue = [...texts];
  while (queue.length) {
    const text = queue.pop()!;
    for (const path of builtFilesNamed(text)) {
      if (!built.has(path.slice('/_astro/'.length)) || found.has(path)) continue;
      found.add(path);
      if (!path.endsWith('.woff2')) queue.push(readFileSync(fileOf(path), 'utf8'));
    }
  }
  return [...found].sort();
}

const [firstCourse] = readdirSync(join(DIST, 'dashboard', 'courses'));
if (!firstCourse) throw new Error('The build has no course page');
const pages = SHELL_PAGES.map(htmlOf);
const assets = assetsOf([...pages, htmlOf(dashboardCoursePath(firstCourse))]);
const precache = [...SHELL_PAGES, ...assets];

const result = await build({
  entryPoints: ['src/service-worker/worker.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
  define: { PRECACHE: JSON.stringify(precache), VERSION: '"@version@"' },
});
const bundled = result.outputFiles[0]!.text;
const hash = createHash('sha256').update(bundled);
for (const text of pages) hash.update(text);
const version = hash.digest('hex').slice(0, 12);
const code = bundled.replaceAll('@version@', version);
writeFileSync(join(DIST, 'sw.js'), code);

const bytesOf = (path: string) => readFileSync(path.startsWith('/_astro/') ? fileOf(path) : join(DIST, path, 'index.html'));
const shellBytes = precache.reduce((sum, path) => sum + gzipSync(bytesOf(path)).length, 0);
console.log(
  `Service worker ${version}: ${(gzipSync(code).length / 1024).toFixed(1)} KB gzip; precaches ${precache.length} files, ${(shellBytes / 1024).toFixed(1)} KB gzip.`,
);
