// The service worker (docs/decisions/015-service-worker.md), built by scripts/build/service-worker.ts into
// /sw.js with this build's precache list and version. It keeps the portal's shell (the dashboard,
// settings, the offline page, and the scripts and styles of those and of a course page), serves
// visited pages from cache when the network fails (stale-while-revalidate), answers the saved
// course files of the student signed in (with byte ranges, so a saved video seeks), and never
// touches the API: its answers carry personal data, and the pages keep on purpose only what the
// offline feature stores itself (src/features/learning/offline/store.ts).
import { get } from 'idb-keyval';
import { parseRange } from '#lib/byte-range.ts';
import {
  isStaffPath,
  MATERIALS_CACHE,
  OFFLINE_PAGE,
  PAGES_CACHE,
  STUDENT_KEY,
  offlineStore,
  parseSavedFileUrl,
} from '#lib/offline/keys.ts';

declare const self: ServiceWorkerGlobalScope;
// Background Sync's event is not in TypeScript's WebWorker lib yet.
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: ExtendableEvent;
  }
}

/** Filled in by the build: the shell's addresses, and a hash of their bytes and of this code. */
declare const PRECACHE: string[];
declare const VERSION: string;

const SHELL_CACHE = `shell-${VERSION}`;
const store = offlineStore();

self.addEventListener('install', (event) => {
  // Not skipWaiting: a new version waits until the student reloads from the prompt (src/service-worker/register.ts).
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  // Quick and local only: pages wait for activation, so nothing here touches the network.
  event.waitUntil(
    (async () => {
      const pages = await caches.open(PAGES_CACHE);
      for (const name of await caches.keys()) {
        if (!name.startsWith('shell-') || name === SHELL_CACHE) continue;
        // The old build's scripts go to the pages' cache: a course page cached before still names them.
        const old = await caches.open(name);
        for (const request of await old.keys()) {
          const answer = new URL(request.url).pathname.startsWith('/_astro/') ? await old.match(request) : undefined;
          if (answer) await pages.put(request, answer);
        }
        await caches.delete(name);
      }
      await self.clients.claim();
      refreshNeeded = true;
    })(),
  );
});

/** Set on activation: the page that loads next asks for the cached pages to be fetched again. */
let refreshNeeded = false;

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'skip-waiting') void self.skipWaiting();
  if (type === 'refresh-pages' && refreshNeeded) {
    refreshNeeded = false;
    event.waitUntil(refreshPages());
  }
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

/** A fetch that gives up after `ms`, as a phone on a bad connection needs. */
const fetchWithin = (request: Request, ms: number) => fetch(request, { signal: AbortSignal.timeout(ms) });

/**
 * After an update the cached pages name the old build's scripts: fetch them again, all at once and
 * each for at most 20 s, then drop the scripts and styles that neither this build's shell nor any
 * cached page names (content-hashed, they are never reused). A page that could not be fetched keeps
 * its old copy and the scripts it names.
 */
async function refreshPages() {
  const cache = await caches.open(PAGES_CACHE);
  const requests = await cache.keys();
  const isScript = (request: Request) => new URL(request.url).pathname.startsWith('/_astro/');
  await Promise.all(
    requests
      .filter((request) => !isScript(request))
      .map(async (request) => {
        const answer = await fetchWithin(request, 20_000).catch(() => null);
        if (answer?.status === 200) await cache.put(request, answer);
        else if (answer?.status === 404 || answer?.status === 410) await cache.delete(request);
      }),
  );
  const named = new Set(PRECACHE);
  for (const request of await cache.keys()) {
    if (isScript(request)) continue;
    const html = (await (await cache.match(request))?.text()) ?? '';
    for (const [path] of html.matchAll(/\/_astro\/[\w.-]+/g)) named.add(path);
  }
  for (const request of requests) if (isScript(request) && !named.has(new URL(request.url).pathname)) await cache.delete(request);
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
  // The staff console is never kept on a device: its pages go to the network every time.
  if (isStaffPath(url.pathname)) return;
  if (request.mode === 'navigate') return event.respondWith(page(event, url));
  if (/^\/(_astro|icons)\//.test(url.pathname) || url.pathname === '/favicon.svg') return event.respondWith(asset(request));
});

/** Stale-while-revalidate for pages: the cached copy at once, refreshed behind it; the offline page when there is neither. */
async function page(event: FetchEvent, url: URL): Promise<Response> {
  // Pages are static: the query string (?next=…) does not change them.
  const key = url.origin + url.pathname;
  const pages = await caches.open(PAGES_CACHE);
  // This build's shell first, then what was visited (caches.match would search the older cache first).
  const cached = (await (await caches.open(SHELL_CACHE)).match(key)) ?? (await pages.match(key));
  const network = fetch(event.request).then(async (answer) => {
    if (answer.status === 200 && !answer.redirected && answer.type === 'basic') await pages.put(key, answer.clone());
    // A page taken off the site is not served from the phone any more.
    else if (answer.status === 404 || answer.status === 410) await pages.delete(key);
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
  const headers = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  const body = await cached.blob();
  // The Node server's range rule (a malformed or multiple range: the whole file).
  const range = parseRange(request.headers.get('range'), body.size);
  if (range === null) return new Response(body, { headers: { ...headers, 'content-length': String(body.size) } });
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${body.size}` } });
  const { start, end } = range;
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: { ...headers, 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${body.size}` },
  });
}
