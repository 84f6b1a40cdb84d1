// Tells whether dist/ is older than anything it is built from.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The build's inputs, the steps after astro build included.
const SOURCES = [
  'src',
  'content',
  'public',
  'astro.config.mjs',
  'package.json',
  'tsconfig.json',
  // The steps after astro build (hide-server-data, defer-page-script, preload-modules, service-worker, compress, edge-files).
  'scripts/build',
  // The content gate reads the editor's collections (astro.config.mjs, contentRulesOf).
  'scripts/editor',
];
export const STAMP = 'dist/.build-stamp';

function newestMtime(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

export function buildIsStale(root = '.'): boolean {
  const stamp = statSync(join(root, STAMP), { throwIfNoEntry: false });
  if (!stamp) return true;
  return SOURCES.some((source) => newestMtime(join(root, source)) > stamp.mtimeMs);
}
