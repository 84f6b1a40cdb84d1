// Who `npm run edit` answers: its own page, at http://localhost:<port> or http://127.0.0.1:<port>.
// Any web page the editor's user visits can send requests to a local port: a form or a text/plain
// fetch to the backend's calls would write or remove content files, and a name of the attacker's
// that resolves to 127.0.0.1 (DNS rebinding) could read them. So every request must name this
// server by its own address (Host), and a call to the backend must come from no page or from the
// editor's (Origin), as a POST of JSON: a cross-origin page cannot send that without a CORS
// preflight, which is never allowed here.
import type { IncomingMessage } from 'node:http';

/** Where the editor page sends its calls to the local backend (Decap's proxy backend). */
export const API_PATH = '/api/v1';

/** Why this request is refused (answered 403), or undefined when it may be served. */
export function requestRefusal(request: Pick<IncomingMessage, 'method' | 'headers'>, path: string, port: number): string | undefined {
  const hosts = [`localhost:${port}`, `127.0.0.1:${port}`];
  const { host, origin } = request.headers;
  if (!host || !hosts.includes(host)) return `The editor answers only at http://localhost:${port}/.`;
  if (path !== API_PATH) return undefined;
  if (origin !== undefined && !hosts.some((allowed) => origin === `http://${allowed}`))
    return "The editor's backend answers only the editor's own page.";
  if (request.method !== 'POST') return "The editor's backend takes POST only.";
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return "The editor's backend takes application/json only.";
  return undefined;
}
