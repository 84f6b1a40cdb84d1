// Answers the API has made once and sends again whole, before the router: the catalogue's public
// calls (the course list, a course's details, its related courses). Each is the same for every
// client while the release is the same (answer-cache.ts makes and tags it once), yet every request
// still went through the site's layers, the router and four middlewares to reach it: about 40 µs of
// this host's CPU an answer, against 23 µs for a bare Hono server sending the same JSON
// (`npm run bench`). Sent from here it costs what the bare server's does, plus the request id.
//
// What keeps it the route's own answer:
// - an answer is kept only by its route, after the route answered a GET at exactly this URL (path,
//   query and origin, the three things the answer is made from), so the path has passed every check
//   the API makes (control characters, parameters, the query's schema);
// - it is kept for one release: when the process switches to another, every kept answer goes and
//   the route makes them again (routes.ts reads the catalogue afresh then too);
// - it is sent with the route's own header records (the ETag, caching, security headers), a request
//   id of its own, and 304 to a client holding its tag, as the route does (`holdsTag`);
// - the metrics count it under its route, as the API's middleware does;
// - anything else (HEAD, another URL, a server answering CORS, which adds headers by origin) goes the
//   whole way as before. main.ts asks here after the release check, so a superseded process still
//   answers 503.
import { randomUUID } from 'node:crypto';
import type { PreparedHeaders } from './complete-answer.ts';
import { REQUEST_ID_HEADER } from './context.ts';

/** An answer as a catalogue route keeps it: its text and tag, and the header records of its 200 and 304. */
export interface KeptAnswer {
  text: string;
  etag: string;
  ok: PreparedHeaders;
  notModified: PreparedHeaders;
}

/** Whether an If-None-Match header holds `etag` (weak or strong: a GET compares weakly). */
export const holdsTag = (ifNoneMatch: string | undefined | null, etag: string): boolean =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

export interface FrontAnswers {
  /** Keeps `answer` as the answer to a GET of `url` in release `build`; `route` is its pattern, for the metrics. */
  keep: (url: string, build: string, route: string, answer: KeptAnswer) => void;
  /** The kept answer to `request`, sent as its route would send it; undefined when there is none. */
  answer: (request: Request) => Response | undefined;
}

interface FrontOptions {
  /** The release this process serves now (main.ts). */
  servedBuild: () => string;
  /** Counts an answer as the metrics' middleware does (metrics.ts). */
  record?: (route: string, method: string, status: number, seconds: number) => void;
  /** At most this many URLs; when full, it starts again (a search can be any text). */
  limit?: number;
}

const MAX_URLS = 512;

export function createFrontAnswers({ servedBuild, record, limit = MAX_URLS }: FrontOptions): FrontAnswers {
  const kept = new Map<string, { build: string; route: string; answer: KeptAnswer }>();
  return {
    keep(url, build, route, answer) {
      if (build !== servedBuild()) return;
      if (kept.size >= limit) kept.clear();
      kept.set(url, { build, route, answer });
    },
    answer(request) {
      if (request.method !== 'GET') return undefined;
      const entry = kept.get(request.url);
      if (!entry) return undefined;
      if (entry.build !== servedBuild()) {
        kept.clear();
        return undefined;
      }
      const started = performance.now();
      const { answer } = entry;
      const fresh = holdsTag(request.headers.get('if-none-match'), answer.etag);
      const status = fresh ? 304 : 200;
      const headers = { ...(fresh ? answer.notModified : answer.ok), [REQUEST_ID_HEADER]: randomUUID() };
      const response = new Response(fresh ? null : answer.text, { status, headers });
      record?.(entry.route, 'GET', status, (performance.now() - started) / 1000);
      return response;
    },
  };
}

/**
 * `handler` with the kept answers sent first: a kept answer goes back in the same call, not in a
 * promise, so @hono/node-server writes it at once, without the waiting and the connection watching
 * a promise costs it (about 3 µs an answer here).
 */
export const withFrontAnswers =
  <B>(front: FrontAnswers | undefined, handler: (request: Request, bindings: B) => Promise<Response>) =>
  (request: Request, bindings: B): Response | Promise<Response> =>
    front?.answer(request) ?? handler(request, bindings);
