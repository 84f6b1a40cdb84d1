// After astro build: writes .br and .gz beside every compressible file of dist/ at the highest
// levels (done once here so the server starts fast), then stamps the build.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { STAMP } from './build-state.ts';

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.vtt', '.webmanifest', '.ico']);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield full;
  }
}

let count = 0;
for await (const file of walk('dist')) {
  const body = await readFile(file);
  if (body.byteLength <= 256) continue;
  await writeFile(
    file + '.br',
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
  );
  await writeFile(file + '.gz', gzipSync(body, { level: 9 }));
  count++;
}
await writeFile(STAMP, new Date().toISOString() + '\n');
console.log(`Compressed ${count} files (brotli 11, gzip 9).`);
