// npm run bench: pages a second from the production server on this machine (autocannon, 10
// connections, 10 s per path, brotli accepted as a browser would). Prints one line per path.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const port = 4900 + Math.floor(Math.random() * 90);
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-')) },
  stdio: 'ignore',
});
try {
  for (
    let i = 0;
    i < 200 &&
    !(await fetch(`${origin}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
  for (const path of ['/', '/about', '/projects/lsetf', '/api/v1/health']) {
    const result = await autocannon({ url: origin + path, connections: 10, duration: 10, headers: { 'accept-encoding': 'br, gzip' } });
    console.log(
      `${path.padEnd(18)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
