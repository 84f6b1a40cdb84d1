// A stand-in for `npm run build` in publishing tests (issue 34): a full Astro build takes a minute or
// two, and what these tests follow is what happens around it. It writes what going live reads (the
// catalogue, a different build id each time) and a copy of the published courses, so a test can see
// which content a release was built from.
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Build } from '#features/staff/server/publishing.ts';
import { testCatalogue } from './catalogue.ts';

let builds = 0;

export const quickBuild: Build = async ({ contentRoot, distDir }) => {
  builds += 1;
  const catalogue = testCatalogue();
  catalogue.courses[0]!.description = `Build ${builds}`;
  await mkdir(join(distDir, '.server'), { recursive: true });
  await writeFile(join(distDir, '.server', 'catalogue.json'), JSON.stringify(catalogue));
  await cp(join(contentRoot, 'content', 'courses'), join(distDir, 'courses'), { recursive: true });
  return { ok: true };
};
