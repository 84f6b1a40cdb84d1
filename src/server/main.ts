// Starts the one process that serves pages and API: reads settings, loads the built site, listens,
// and on SIGTERM/SIGINT stops accepting, lets requests in flight finish (bounded), then exits 0.
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { EnvError, readEnv } from './env.ts';
import { createSiteHandler } from './site-server.ts';
import { loadStaticSite } from './static-site.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = readEnv();
  const site = await loadStaticSite(env.DIST_DIR);
  const api = createApp();
  const handler = createSiteHandler(api, site);

  const server = serve({ fetch: handler, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Serving ${site.size} files and the API on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${info.port}`);
  }) as Server;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => {
      console.warn('Requests still open after the grace period: closing them.');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      console.log('Stopped.');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: one line. Anything else is ours: the whole error.
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
