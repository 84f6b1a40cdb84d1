// A database that hangs, rather than refuses, must not hold a visitor's request: the connection and
// each statement are bounded, and the answer is a 503 with Retry-After, as for a database that is down.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/db/availability.ts';
import { createPostgresPool, openDatabase } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { buildTestApp, readJson, send } from './support/test-app.ts';

const TIMEOUTS = { connectMs: 1_000, statementMs: 1_000 };
// The client gives up a second after the server's statement timeout; the rest is headroom for a busy machine.
const BOUND_MS = 4_000;

const servers: { server: Server; sockets: Set<Socket> }[] = [];

/**
 * A TCP server on 127.0.0.1 that accepts connections and then never answers, or (with `greet`)
 * completes PostgreSQL's start-up (authentication ok, ready for query) and then never answers.
 */
async function hangingServer(greet: boolean): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (greet) socket.once('data', () => socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49])));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push({ server, sockets });
  return `postgres://nobody@127.0.0.1:${(server.address() as AddressInfo).port}/none`;
}

afterEach(async () => {
  for (const { server, sockets } of servers.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function expect503InBoundedTime(databaseUrl: string, logged: RegExp) {
  const pool = createPostgresPool(databaseUrl, TIMEOUTS);
  pool.on('error', () => {});
  const { app, log } = buildTestApp(drizzle({ client: pool, schema }));
  try {
    const started = Date.now();
    const response = await send(app, 'user/subscribe-newsletter', { email: 'ada@example.com' });
    const elapsed = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await readJson(response)).toEqual({ message: 'The service is temporarily unavailable, please try again in a few minutes.' });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS.connectMs - 50);
    expect(elapsed).toBeLessThan(BOUND_MS);
    expect(log.lines).toEqual([expect.stringMatching(logged)]);
  } finally {
    await pool.end();
  }
}

describe('a database that hangs', () => {
  it('that never answers a connection: 503 with Retry-After once the connection timeout passes', async () => {
    await expect503InBoundedTime(await hangingServer(false), /the database is unavailable: .*(timeout|terminated)/i);
  });

  it('that connects, then never answers a statement: 503 with Retry-After once the query timeout passes', async () => {
    await expect503InBoundedTime(await hangingServer(true), /the database is unavailable: .*Query read timeout/);
  });

  it('at start: opening the database fails in bounded time, as unavailable', async () => {
    const started = Date.now();
    const error: unknown = await openDatabase({ databaseUrl: await hangingServer(false), timeouts: TIMEOUTS }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
