// What a request carries through the API's middleware: the bindings @hono/node-server passes in
// (the socket, for the client's address) and the values the app's own middleware sets.

/** The part of @hono/node-server's HttpBindings the API reads; tests pass a plain object. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/** The header every API answer carries its request id in (request-id.ts). */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface ApiEnv {
  Bindings: NodeBindings;
  Variables: { requestId: string };
}
