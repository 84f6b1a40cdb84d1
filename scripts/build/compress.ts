// After astro build: writes .br and .gz beside every compressible file of dist/ at the highest
// levels (done once here so the server starts fast), then stamps the build. What counts as
// compressible is the server's own rule, so the two never disagree.
import { readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isCompressible, walkFiles } from '#server/static-site.ts';
import { STAMP } from './build-state.ts';

let count = 0;
for await (const file of walkFiles(process.env.BUILD_OUT_DIR ?? 'dist')) {
  if (file.endsWith('.br') || file.endsWith('.gz')) continue;
  const body = await readFile(file);
  if (!isCompressible(file, body.byteLength)) continue;
  await writeFile(
    file + '.br',
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
  );
  await writeFile(file + '.gz', gzipSync(body, { level: 9 }));
  count++;
}
await writeFile(STAMP, new Date().toISOString() + '\n');
console.log(`Compressed ${count} files (brotli 11, gzip 9).`);
