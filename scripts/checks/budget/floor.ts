// The floor for LCP (docs/architecture.md, 'Budgets'): what this host's Lighthouse gives a page that
// costs nothing, a heading and a paragraph, its CSS inline, no script, no font, no picture, sent
// gzipped from memory. Lighthouse's simulated LCP here is mostly the host's layout speed times the
// CPU slowdown, which changes from run to run and within one; a page's LCP over the floor's, measured
// in the same run, says what the page itself costs (scoring.ts judges it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * What every page has (a language, a title, a viewport, a description, an icon in the page) and nothing
 * more. The icon is in the page as on every page (src/components/BaseHead.astro): without one the
 * browser asks for /favicon.ico just after the page, and when that request ended before the LCP
 * candidate (a race of a few ms), Lighthouse's simulation counted it: the floor's LCP rose from
 * 0.62-0.68 s to 0.75-0.79 s in those runs, and every ratio read against them fell (docs/decisions/021).
 */
const FLOOR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title><meta name="description" content="The cheapest page this host can paint."><link rel="icon" href="data:,">
<style>body{margin:0;padding:1.5rem;font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a;background:#fff}h1{font-size:2rem;margin:0 0 1rem}p{max-width:40rem;margin:0}</style>
</head><body><main><h1>Fashion design, taught in Lagos</h1>
<p>A heading and a paragraph: no script, no font, no picture. What this host's Lighthouse gives a page that costs nothing, so every other page's time can be read against it.</p></main></body></html>
`;

/** Serves the floor page at every path on 127.0.0.1, on a port the system picks; its address and a way to stop it. */
export async function serveFloor(): Promise<{ url: string; close: () => Promise<void> }> {
  const gzipped = gzipSync(FLOOR_HTML, { level: 9 });
  const server = createServer((request, response) => {
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? gzipped : FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
