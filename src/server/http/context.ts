// What a request carries through the API's middleware: the bindings @hono/node-server passes in
// (the socket, for the client's address) and the values the app's own middleware sets.
import type { IncomingMessage } from 'node:http';

export interface ApiEnv {
  Bindings: { incoming?: Pick<IncomingMessage, 'socket'> };
  Variables: { requestId: string };
}
