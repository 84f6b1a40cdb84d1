// The server's timeouts are ours, not Node's defaults, and they do what they say on a real socket.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerTimeouts, SERVER_TIMEOUTS, type CheckedServer, type ServerTimeouts } from './http-timeouts.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(timeouts: ServerTimeouts): Promise<number> {
  const server = applyServerTimeouts(
    // Answers only once the whole request has arrived, as an upload route does.
    createServer((request, response) => {
      request.resume().on('end', () => response.end('ok'));
    }),
    timeouts,
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that records what the server sends and when it hangs up. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  // The server hanging up while the client still writes (the trickle below) resets the socket: that
  // is the outcome under test, not an error of the test; anything else still fails the run.
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, closed, received: () => received };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server timeouts', () => {
  it('are set on the server from the named values', () => {
    const server = applyServerTimeouts(createServer());
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeoutMs);
    expect((server as CheckedServer).connectionsCheckingInterval).toBe(SERVER_TIMEOUTS.checkEveryMs);
    // Sanity of the choice itself: headers are part of the request, and both are bounded.
    expect(SERVER_TIMEOUTS.headersTimeoutMs).toBeLessThan(SERVER_TIMEOUTS.requestTimeoutMs);
    expect(SERVER_TIMEOUTS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(SERVER_TIMEOUTS.checkEveryMs).toBeLessThan(SERVER_TIMEOUTS.headersTimeoutMs);
  });

  it('answer a client that sends its headers too slowly with 408 and hang up', async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 5_000, checkEveryMs: 50 });
    const client = await open(port);
    const started = Date.now();
    client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Well before Node's own 60 s default, and not before the limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answer a client that sends its body too slowly with 408', async () => {
    const port = await listen({ headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 5_000, checkEveryMs: 50 });
    const client = await open(port);
    client.socket.write('PUT / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n');
    const trickle = setInterval(() => client.socket.write('x'), 100);
    await client.closed;
    clearInterval(trickle);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keep an idle keep-alive connection open past the headers limit, for the next request', async () => {
    const port = await listen({ headersTimeoutMs: 200, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 2_000, checkEveryMs: 50 });
    const client = await open(port);
    client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await sleep(600);
    client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await sleep(200);
    expect(client.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(client.received()).toContain('Keep-Alive: timeout=2');
    client.socket.destroy();
  });

  it('close a kept-alive connection as soon as its request is answered once the server is closing', async () => {
    const server = applyServerTimeouts(createServer((_request, response) => setTimeout(() => response.end('ok'), 200)));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = await open((server.address() as AddressInfo).port);
    client.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await sleep(50);
    const started = Date.now();
    server.close();
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Not the keep-alive time (65 s): the answer, then the hang-up.
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
