// After astro build: moves what the build wrote for the servers (the catalogue, the API's origin) out
// of the public site, into dist/.server/, which the static server never serves (a path segment
// starting with a dot is never part of the site).
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';

const dist = process.argv[2] ?? process.env.BUILD_OUT_DIR ?? 'dist';
await mkdir(join(dist, '.server'), { recursive: true, mode: 0o755 });
await rename(join(dist, 'catalogue-data.json'), join(dist, '.server', 'catalogue.json'));
await rename(join(dist, 'api-origin.json'), join(dist, '.server', 'api-origin.json'));
console.log('Catalogue and API origin moved to dist/.server/.');
