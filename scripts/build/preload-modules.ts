// After astro build: each page lists, in <head>, the modules its scripts import statically (and, for
// islands that hydrate on load, the component, its renderer and what they import), as
// <link rel="modulepreload">. The browser then fetches them all at once instead of one import level
// after another: on a slow mobile connection each level costs a round trip before anything of it runs.
// Islands that wait (client:visible, client:idle) are left to load when they are needed: preloading
// a form page's island (client:idle, docs/decisions/012) even at low priority put its 110 KB among the
// requests Lighthouse counts before the largest paint (LCP 1.1 -> 2.4 s).
// A step of the account flows also lists, in <body data-next-step>, the modules the next step's page
// needs that this page has not loaded; src/scripts/next-step.ts fetches them once the page is loaded
// and idle. Not the page itself: Chromium fetched a prefetched page (max-age=0) again on arrival.
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { walkFiles } from '#server/static-site.ts';

/** The `./x.js` modules a built module imports statically (never `import("./x.js")`, which waits). */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of code.matchAll(/(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g))
    found.add(specifier!);
  return [...found];
}

/** Where a step of the account flows leads (docs/product.md#auth-flows): the page opened next. */
export const NEXT_STEPS: Readonly<Record<string, string>> = {
  '/auth/signup': '/auth/otp-verification',
  '/auth/otp-verification': '/auth/signup/complete-kyc',
  '/auth/signup/complete-kyc': '/auth/signup/successful',
  '/auth/signup/successful': '/dashboard',
  '/auth/login': '/dashboard',
  '/auth/forgot-password': '/auth/reset-password',
};

const ON_LOAD = /\sclient="load"/;
const ANY_ISLAND = /(?:)/;

/** The page's module entry points: its module scripts, and the islands whose client directive matches `which` (those that hydrate on load). */
export function entriesOf(html: string, which = ON_LOAD): string[] {
  const entries: string[] = [];
  for (const [, src] of html.matchAll(/<script type="module" src="(\/_astro\/[^"]+\.js)"/g)) entries.push(src!);
  for (const tag of islandTagsOf(html, which))
    for (const [, url] of tag.matchAll(/\s(?:component|renderer)-url="(\/_astro\/[^"]+\.js)"/g)) entries.push(url!);
  return entries;
}

/** The page's <astro-island> opening tags whose client directive matches `which`. */
function islandTagsOf(html: string, which: RegExp): string[] {
  return [...html.matchAll(/<astro-island\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => which.test(tag));
}

/**
 * Every module the entries need before they run, in the order met, without the page's own module
 * scripts (the browser finds those itself). `read` gives a built file's text by its URL path.
 */
export function modulesToPreload(html: string, read: (path: string) => string): string[] {
  const scripts = new Set([...html.matchAll(/<script type="module" src="([^"]+)"/g)].map(([, src]) => src!));
  return modulesOf(entriesOf(html), read, readsAtOnce(html)).filter((path) => !scripts.has(path));
}

/**
 * Modules imported with `import()` that an island hydrating on load asks for at once: the HTTP
 * transport (ky), which lib/http.ts fetches with the first call. An island that reads the API as it
 * starts (the dashboard, settings, checkout: any but a form, which calls when it is sent) gets it
 * preloaded beside the rest, so it costs no round trip of its own.
 */
const EAGER_IMPORTS = /^\.\/http-transport\.[\w-]+\.js$/;
const FORM_ISLAND = /Form\.[\w-]+\.js$/;

/** Whether an island of the page hydrates on load and reads the API as it starts (any but a form). */
export function readsAtOnce(html: string): boolean {
  return islandTagsOf(html, ON_LOAD).some((tag) => !FORM_ISLAND.test(/\scomponent-url="([^"]+)"/.exec(tag)?.[1] ?? ''));
}

/** The `./x.js` modules a built module imports with `import()` that are in EAGER_IMPORTS. */
export function eagerImportsOf(code: string): string[] {
  return [...new Set([...code.matchAll(/\bimport\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)].map(([, specifier]) => specifier!))].filter(
    (specifier) => EAGER_IMPORTS.test(specifier),
  );
}

/** The entries and every module they import statically (and, with `eager`, the eager `import()`s). */
function modulesOf(entries: readonly string[], read: (path: string) => string, eager = false): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    const code = read(path);
    for (const specifier of [...staticImportsOf(code), ...(eager ? eagerImportsOf(code) : [])]) visit(dir + specifier.slice(2));
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/** Every module the page loads before anyone touches it: its module scripts, the islands that hydrate on load or when idle, what they import. */
export function modulesOnLoad(html: string, read: (path: string) => string): string[] {
  return modulesOf(entriesOf(html, /\sclient="(load|idle|only)"/), read, readsAtOnce(html));
}

/** The modules the next step's page needs that this page (with every island of it) has not loaded. */
export function nextStepOf(html: string, nextHtml: string, read: (path: string) => string): string[] {
  const loaded = new Set(modulesOf(entriesOf(html, ANY_ISLAND), read));
  return modulesOf(entriesOf(nextHtml, ANY_ISLAND), read).filter((path) => !loaded.has(path));
}

/**
 * On <body>, after the head: the browser looks for <meta charset> in the first 1024 bytes only, and
 * a list on <html> pushed it out once the next page needed a few more modules.
 */
export function withNextStep(html: string, urls: readonly string[]): string {
  return html.replace(/<body\b/, `<body data-next-step="${urls.join(' ')}"`);
}

export function withPreloads(html: string, modules: readonly string[]): string {
  if (!modules.length || !html.includes('</head>')) return html;
  const links = modules.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

if (import.meta.main) {
  const dist = process.env.BUILD_OUT_DIR ?? 'dist';
  const cache = new Map<string, string>();
  const read = (path: string) => {
    let code = cache.get(path);
    if (code === undefined) cache.set(path, (code = readFileSync(join(dist, path), 'utf8')));
    return code;
  };
  const pageFile = (path: string) => join(dist, path, 'index.html');
  let pages = 0;
  let steps = 0;
  for await (const file of walkFiles(dist)) {
    if (!file.endsWith('.html')) continue;
    let html = await readFile(file, 'utf8');
    if (html.includes('rel="modulepreload"') || html.includes('data-next-step')) continue;
    const original = html;
    const modules = modulesToPreload(html, read);
    if (modules.length) {
      html = withPreloads(html, modules);
      pages++;
    }
    const path = Object.keys(NEXT_STEPS).find((key) => file === pageFile(key));
    if (path) {
      const ahead = nextStepOf(html, readFileSync(pageFile(NEXT_STEPS[path]!), 'utf8'), read);
      if (ahead.length) {
        html = withNextStep(html, ahead);
        steps++;
      }
    }
    if (html !== original) await writeFile(file, html);
  }
  console.log(`Module preloads written into ${pages} pages, next steps into ${steps}.`);
}
