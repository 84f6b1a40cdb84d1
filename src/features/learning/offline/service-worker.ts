// The service worker (docs/decisions/015-service-worker.md), built by scripts/service-worker.ts into
// /sw.js with this build's precache list and version. It keeps the portal's shell (the dashboard,
// settings, the offline page, and the scripts and styles of those and of a course page), serves
// visited pages from cache when the network fails (stale-while-revalidate), answers the saved
// course files of the student signed in (with byte ranges, so a saved video seeks), and never
// touches the API: its answers carry personal data, and the pages keep on purpose only what the
// offline feature stores itself (src/features/learning/offline/store.ts).
import { get } from 'idb-keyval';
import { MATERIALS_CACHE, OFFLINE_PAGE, PAGES_CACHE, STUDENT_KEY, offlineStore, parseSavedFileUrl } from './keys.ts';

// The few service worker types used here (the project's TypeScript has the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Response | Promise<Response>): void;
}
interface WorkerClient {
  postMessage(message: unknown): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate' | 'sync', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<WorkerClient[]> };
  location: Location;
}
declare const self: WorkerScope;

/** Filled in by the build: the shell's addresses, and a hash of their bytes and of this code. */
declare const PRECACHE: string[];
declare const VERSION: string;

const SHELL_CACHE = `shell-${VERSION}`;
const store = offlineStore();

self.addEventListener('install', (event) => {
  // Not skipWaiting: a new version waits until the student reloads from the prompt (src/features/learning/offline/register.ts).
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('shell-') && name !== SHELL_CACHE) await caches.delete(name);
      await refreshPages();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'skip-waiting') void self.skipWaiting();
});

// Background Sync: the queued ticks need the student's token, which only a page has: ask the open pages to send them.
self.addEventListener('sync', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      // No page open: fail, so the browser tries again later; the next page load sends them anyway.
      if (!clients.length) throw new Error('No page to send the queued ticks');
      for (const client of clients) client.postMessage({ type: 'send-ticks' });
    }),
  );
});

/**
 * After an update the cached pages name the old build's scripts: fetch them again, and drop the
 * scripts and styles no page of this build names (they are content-hashed, so never reused).
 */
async function refreshPages() {
  const cache = await caches.open(PAGES_CACHE);
  const keys = await cache.keys();
  for (const request of keys) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/_astro/')) {
      if (!PRECACHE.includes(path)) await cache.delete(request);
    } else {
      await fetch(request)
        .then(async (answer) => {
          if (answer.ok) await cache.put(request, answer);
          else await cache.delete(request);
        })
        .catch(() => undefined);
    }
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const saved = parseSavedFileUrl(url.pathname);
  if (saved) return event.respondWith(savedFile(request, url.pathname, saved.student));
  // The API's answers and uploaded pictures are personal: never kept here.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (request.mode === 'navigate') return event.respondWith(page(event, url));
  if (/^\/(_astro|icons)\//.test(url.pathname) || url.pathname === '/favicon.svg') return event.respondWith(asset(request));
});

/** Stale-while-revalidate for pages: the cached copy at once, refreshed behind it; the offline page when there is neither. */
async function page(event: FetchEvent, url: URL): Promise<Response> {
  // Pages are static: the query string (?next=…) does not change them.
  const key = url.origin + url.pathname;
  const cached = await caches.match(key);
  const network = fetch(event.request).then(async (answer) => {
    if (answer.status === 200 && !answer.redirected && answer.type === 'basic')
      await (await caches.open(PAGES_CACHE)).put(key, answer.clone());
    return answer;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  try {
    return await network;
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

/** Built files never change under one name: the cached copy, else the network's, kept. */
async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const answer = await fetch(request);
  if (answer.status === 200 && answer.type === 'basic') await (await caches.open(PAGES_CACHE)).put(request, answer.clone());
  return answer;
}

const notSaved = () =>
  new Response('This material is not saved on this phone.', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/** A saved file of the student signed in on this browser, whole or the byte range asked for. */
async function savedFile(request: Request, path: string, owner: string): Promise<Response> {
  if ((await get<string>(STUDENT_KEY, store)) !== owner) return notSaved();
  const cached = await (await caches.open(MATERIALS_CACHE)).match(path);
  if (!cached) return notSaved();
  const type = cached.headers.get('content-type') ?? 'application/octet-stream';
  const range = request.headers.get('range');
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
  const body = await cached.blob();
  if (!range) return new Response(body, { headers: { ...headers, 'content-length': String(body.size) } });
  // One range, as a video element asks: bytes=start-end, bytes=start- or bytes=-suffix.
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = match?.[1] ? Number(match[1]) : NaN;
  let end = match?.[2] ? Number(match[2]) : body.size - 1;
  if (match && !match[1] && match[2]) [start, end] = [Math.max(0, body.size - Number(match[2])), body.size - 1];
  end = Math.min(end, body.size - 1);
  if (!(start >= 0 && start <= end))
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${body.size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${body.size}` },
  });
}
