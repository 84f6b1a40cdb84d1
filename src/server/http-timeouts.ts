// How long the server waits on a client, chosen rather than inherited from Node's defaults
// (60 s for headers, 300 s for a whole request, checked only every 30 s).
import type { Server } from 'node:http';

export interface ServerTimeouts {
  /** Time to receive a request's headers, from its first byte. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past the two limits above. */
  checkEveryMs: number;
}

export type CheckedServer = Server & { connectionsCheckingInterval: number };

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // Headers fit in one or two packets: even on slow 3G (2 s round trips) they arrive in a few
  // seconds. A client still sending them after 10 s is holding a connection open, not browsing.
  headersTimeoutMs: 10_000,
  // The largest request we accept is a 5 MiB avatar upload. Slow 3G sends about 400 kbit/s, so its
  // body takes about 105 s, plus a few 2 s round trips: 120 s lets it finish.
  requestTimeoutMs: 120_000,
  // A proxy in front (TLS ends there) reuses its idle connections to us. When we close one just as
  // it sends a request, the visitor gets a 502; the proxy must close first, so this stays longer
  // than the usual proxy idle time (60 s for nginx's upstream keep-alive and AWS load balancers).
  keepAliveTimeoutMs: 65_000,
  // Node checks the two request limits on a timer (30 s by default): each limit holds to within a second.
  checkEveryMs: 1_000,
};

/**
 * Sets the timeouts on a server, and closes answered connections once it is closing. Call it before the server emits 'listening' (right after
 * creating it): Node starts its checking timer then, at the interval set at that moment.
 */
export function applyServerTimeouts(server: Server, timeouts: ServerTimeouts = SERVER_TIMEOUTS): Server {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // A server option since Node 18 that the type definitions do not list yet.
  (server as CheckedServer).connectionsCheckingInterval = timeouts.checkEveryMs;
  // A long keep-alive must not hold up a shutdown: once the server is closing, a connection whose
  // request is answered is closed at once instead of idling until the keep-alive ends.
  server.on('request', (request, response) => {
    response.once('finish', () => {
      if (!server.listening) request.socket.end();
    });
  });
  return server;
}
