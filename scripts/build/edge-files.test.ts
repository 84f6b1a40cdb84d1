// The site from a CDN sends what our Node server sends. Over the real build in dist/ (npm run build;
// npm test runs this file again as the step after the build), every page and file is asked of the
// static server over HTTP, as main.ts serves it, and its CSP, caching and security headers are held
// against what dist/_headers gives its address, read by Netlify's rules. dist/_redirects must say
// exactly what the server redirects.
import { serve } from '@hono/node-server';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_SECURITY_HEADERS } from '#server/security-headers.ts';
import { createSiteHandler } from '#server/site-server.ts';
import { loadStaticSite } from '#server/static-site.ts';
import {
  deployedFiles,
  edgeLimitProblems,
  fileLimitProblems,
  headersFile,
  redirectsFile,
  servedFiles,
  urlOf,
  type ServedFile,
} from './edge-files.ts';

interface HeaderRule {
  pattern: string;
  matches: RegExp;
  headers: [string, string][];
}

/**
 * A `_headers` file as Netlify reads it: a line starting with '/' opens a block for that path, each
 * indented `Name: value` line below adds a header, '#' starts a comment. A path matches with or
 * without a trailing slash and in any case; a `*` segment matches any rest (none too), `:name` one
 * segment.
 */
function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const parts = trimmed.split('/').filter(Boolean);
      const body = parts
        .map((part) =>
          part === '*' ? '?(.*)' : part.startsWith(':') ? '([^/]+)' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '(.*)'),
        )
        .join('/');
      rules.push({ pattern: trimmed, matches: new RegExp(`^/${body}/?$`, 'iu'), headers: [] });
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon < 1 || !rules.length) throw new Error(`Not a header line of _headers: ${line}`);
    rules.at(-1)!.headers.push([trimmed.slice(0, colon).trim().toLowerCase(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * The headers a path gets: every matching block, in file order; a header named twice in one block is
 * one comma-joined value, a later block's value replaces an earlier one's (Netlify). `setTwice` lists
 * headers two matching blocks set: Cloudflare Pages would join those instead, so there must be none.
 */
function headersAt(rules: readonly HeaderRule[], path: string) {
  const headers: Record<string, string> = {};
  const setBy = new Map<string, string>();
  const setTwice: string[] = [];
  for (const rule of rules.filter((candidate) => candidate.matches.test(path))) {
    const inBlock: Record<string, string> = {};
    for (const [name, value] of rule.headers) inBlock[name] = name in inBlock ? `${inBlock[name]}, ${value}` : value;
    for (const name of Object.keys(inBlock)) {
      if (setBy.has(name)) setTwice.push(`${name} (${setBy.get(name)} and ${rule.pattern})`);
      setBy.set(name, rule.pattern);
    }
    Object.assign(headers, inBlock);
  }
  return { headers, setTwice };
}

const DIST = 'dist';
const built = existsSync(join(DIST, '_headers'));
// npm test runs the unit tests before it builds: without a build this file waits for its own step.
const required = process.env.EDGE_FILES_NEED_BUILD === '1';
const COMPARED = ['cache-control', 'content-security-policy', ...Object.keys(COMMON_SECURITY_HEADERS)];

describe('the rules written for a CDN', () => {
  it('group what files share, and give each page its own block', () => {
    const files: ServedFile[] = [
      { path: '/index.html', headers: { a: '1', csp: 'home' } },
      { path: '/about/index.html', headers: { a: '1', csp: 'about' } },
      { path: '/404.html', headers: { a: '1', csp: 'missing' } },
      { path: '/_astro/x.js', headers: { a: '1', csp: 'asset' } },
      { path: '/_astro/y.css', headers: { a: '1', csp: 'asset' } },
      { path: '/robots.txt', headers: { a: '1', csp: 'text' } },
    ];
    expect(
      headersFile(files)
        .split('\n')
        .filter((line) => line.startsWith('/')),
    ).toEqual(['/*', '/', '/about', '/404', '/_astro/*', '/robots.txt']);
    expect(redirectsFile(files)).toBe('/about/ /about 301\n');
    expect(urlOf('/courses/x/index.html')).toBe('/courses/x');
  });

  it('merge pages that share their headers under one placeholder block, never over a page with others or one the 404 page cannot use', () => {
    const page = (path: string, scripts: string) => ({
      path,
      headers: { a: '1', 'content-security-policy': `default-src 'self'; script-src 'self' ${scripts}` },
    });
    const files: ServedFile[] = [
      page('/index.html', "'h'"),
      page('/404.html', "'h'"),
      page('/projects/index.html', "'h'"),
      ...['a', 'b', 'c'].map((name) => page(`/projects/${name}/index.html`, "'h'")),
      ...['x', 'y'].flatMap((name) => [
        page(`/courses/${name}/index.html`, "'h' 'c'"),
        page(`/courses/${name}/checkout/index.html`, "'h' 'p'"),
      ]),
      // Its address fits /courses/:page, but its headers differ: the course pages keep a block each.
      page('/courses/request/index.html', "'h' 'r'"),
      // The 404 page, served at an address no file has, could not run its own script under these.
      page('/shop/a/index.html', "'s'"),
      page('/shop/b/index.html', "'s'"),
    ];
    const paths = (text: string) => text.split('\n').filter((line) => line.startsWith('/'));
    expect(paths(headersFile(files))).toEqual([
      '/*',
      '/',
      '/404',
      '/projects',
      '/projects/:page',
      '/courses/x',
      '/courses/:page/checkout',
      '/courses/y',
      '/courses/request',
      '/shop/a',
      '/shop/b',
    ]);
    // A hundred more projects and checkouts add no block.
    const more = Array.from({ length: 100 }, (_, i) => [
      page(`/projects/p${i}/index.html`, "'h'"),
      page(`/courses/c${i}/checkout/index.html`, "'h' 'p'"),
    ]).flat();
    expect(paths(headersFile([...files, ...more]))).toEqual(paths(headersFile(files)));
    // Every page gets its own headers from the file, each from one block only.
    const rules = parseHeadersFile(headersFile(files));
    for (const file of files) {
      const { headers, setTwice } = headersAt(rules, urlOf(file.path));
      expect(setTwice, file.path).toEqual([]);
      expect(headers, file.path).toEqual(file.headers);
    }
  });

  it("give pages the API's origin the build recorded, as the Node server does", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
    mkdirSync(join(dist, '.server'));
    writeFileSync(join(dist, '.server', 'api-origin.json'), JSON.stringify({ api_origin: 'https://api.adireacademy.ng' }));
    const [home] = await servedFiles(dist);
    expect(home!.headers['content-security-policy']).toContain("connect-src 'self' https://api.adireacademy.ng;");
    const served = (await loadStaticSite(dist)).respond(new Request('http://x/'), '/')!;
    expect(served.headers.get('content-security-policy')).toBe(home!.headers['content-security-policy']);
  });

  it("stay within Cloudflare Pages' limits or stop the build naming the limit", () => {
    const pages = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ path: `/p${i}/index.html`, headers: { a: '1', csp: `page ${i}` } }));
    const within = pages(99);
    expect(edgeLimitProblems(headersFile(within), redirectsFile(within))).toEqual([]);
    const over = pages(100);
    expect(edgeLimitProblems(headersFile(over), redirectsFile(over))).toEqual([
      '_headers has 101 rules: Cloudflare Pages reads at most 100.',
    ]);
    expect(edgeLimitProblems(`/*\n  A: ${'x'.repeat(2000)}\n`, '')[0]).toMatch(/^_headers has a line of 2005 characters/);
    const dynamic = Array.from({ length: 101 }, (_, i) => `/d${i}/* /x 301`).join('\n');
    expect(edgeLimitProblems('/*\n', dynamic)).toEqual(['_redirects has 101 dynamic redirects: Cloudflare Pages reads at most 100.']);
    const sizes = (count: number, size = 1) => new Map(Array.from({ length: count }, (_, i) => [`/f${i}`, size]));
    expect(fileLimitProblems(sizes(20_000, 25 * 1024 * 1024))).toEqual([]);
    expect(fileLimitProblems(sizes(20_001))).toEqual(['the site has 20001 files: Cloudflare Pages takes at most 20,000.']);
    expect(fileLimitProblems(new Map([['/media/film.mp4', 26 * 1024 * 1024]]))).toEqual([
      '/media/film.mp4 is 26.0 MiB: Cloudflare Pages takes files of at most 25 MiB.',
    ]);
  });

  it('are read by the rules Netlify reads them with', () => {
    const rules = parseHeadersFile('# c\n/*\n  A: 1\n/_astro/*\n  B: 2\n  B: 3\n/about\n  A: 4\n');
    expect(headersAt(rules, '/_astro')).toEqual({ headers: { a: '1', b: '2, 3' }, setTwice: [] });
    expect(headersAt(rules, '/About/').headers).toEqual({ a: '4' });
    expect(headersAt(rules, '/about').setTwice).toEqual(['a (/* and /about)']);
  });
});

describe.skipIf(!built && !required)(`dist/_headers and dist/_redirects of the build in ${DIST}`, () => {
  let server: Server;
  let base: string;
  let files: ServedFile[];
  beforeAll(async () => {
    if (!built) throw new Error(`${DIST}/_headers is missing: run npm run build`);
    files = await servedFiles(DIST);
    // Pages never call the API on the server side: an API that answers nothing will do.
    const handle = createSiteHandler({ fetch: () => new Response(null, { status: 404 }) }, await loadStaticSite(DIST));
    server = serve({ fetch: handle, port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('give every page and file the CSP, caching and security headers the Node server sends', async () => {
    const rules = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
    const differences: string[] = [];
    let compared = 0;
    for (const file of files) {
      const url = urlOf(file.path);
      const answer = await fetch(base + url, { method: 'HEAD', headers: { 'accept-encoding': 'br, gzip' } });
      expect(answer.status, url).toBe(file.path === '/404.html' ? 404 : 200);
      const edge = headersAt(rules, url);
      differences.push(...edge.setTwice.map((name) => `${url}: ${name} set by two blocks`));
      for (const name of new Set([...COMPARED, ...Object.keys(edge.headers)])) {
        compared++;
        const node = answer.headers.get(name);
        if (node !== (edge.headers[name] ?? null)) differences.push(`${url} ${name}: server ${node}, _headers ${edge.headers[name]}`);
      }
    }
    const pages = files.filter((file) => file.path.endsWith('.html')).length;
    const counts = { pages, assets: files.length - pages, headersCompared: compared, differences: differences.length };
    console.log(`Header parity: ${JSON.stringify(counts)}`);
    expect(differences).toEqual([]);
    expect(pages).toBeGreaterThan(10);
    expect(compared).toBeGreaterThanOrEqual(files.length * COMPARED.length);
  });

  it("stay within Cloudflare Pages' limits, with room to grow: more projects, checkouts and course dashboards add no block", async () => {
    const headers = readFileSync(join(DIST, '_headers'), 'utf8');
    expect(edgeLimitProblems(headers, readFileSync(join(DIST, '_redirects'), 'utf8'))).toEqual([]);
    expect(fileLimitProblems(await deployedFiles(DIST))).toEqual([]);
    const blocks = (text: string) => text.split('\n').filter((line) => line.startsWith('/')).length;
    console.log(`Edge limits: ${blocks(headers)} of Cloudflare Pages' 100 header blocks`);
    // The pages a new project or course brings, copied from the real ones 50 times over.
    const copies = files.flatMap((file) => {
      const page = /^\/(projects|courses|dashboard\/courses)\/([^/]+)\/((?:checkout\/)?index\.html)$/.exec(file.path);
      if (!page || (page[1] === 'courses' && page[3] === 'index.html')) return [];
      return Array.from({ length: 50 }, (_, i) => ({ ...file, path: `/${page[1]}/${page[2]}-copy-${i}/${page[3]}` }));
    });
    expect(copies.length).toBeGreaterThan(1000);
    expect(blocks(headersFile([...files, ...copies]))).toBe(blocks(headersFile(files)));
  });

  it('give an address a placeholder block reaches but no file has headers the 404 page works under', async () => {
    const rules = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
    const placeholders = rules.filter((rule) => rule.pattern.includes('/:'));
    expect(placeholders.length).toBeGreaterThan(0);
    const scripts = (policy: string | null | undefined) =>
      (policy ?? '').split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    for (const { pattern } of placeholders) {
      const url = pattern.replace(/:\w+/g, 'no-such-page');
      const answer = await fetch(base + url, { method: 'HEAD' });
      expect(answer.status, url).toBe(404);
      const edge = headersAt(rules, url);
      expect(edge.setTwice, url).toEqual([]);
      for (const name of COMPARED) {
        if (name === 'content-security-policy') continue;
        expect(edge.headers[name] ?? null, `${url} ${name}`).toBe(answer.headers.get(name));
      }
      // The same policy, but for a script-src that may allow more of the build's own scripts.
      const node = answer.headers.get('content-security-policy')!;
      const given = edge.headers['content-security-policy']!;
      expect(given.replace(scripts(given), ''), url).toBe(node.replace(scripts(node), ''));
      for (const source of scripts(node).trim().split(/\s+/)) expect(scripts(given).trim().split(/\s+/), url).toContain(source);
    }
  });

  it('redirect exactly what the Node server redirects', async () => {
    const lines = readFileSync(join(DIST, '_redirects'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    const redirects = lines.map((line) => line.trim().split(/\s+/));
    const answers = await Promise.all(
      redirects.map(async ([from]) => {
        const answer = await fetch(base + from! + '?ref=x', { redirect: 'manual' });
        return [from, answer.headers.get('location'), String(answer.status)];
      }),
    );
    expect(answers).toEqual(redirects.map(([from, to, status]) => [from, `${to}?ref=x`, status]));
    // Every folder page the server sends away from its slash, and nothing else.
    const folders = files.filter((file) => file.path.endsWith('/index.html') && file.path !== '/index.html');
    expect(redirects.map(([from]) => from).sort()).toEqual(folders.map((file) => urlOf(file.path) + '/').sort());
    console.log(`Redirect parity: ${redirects.length} redirects`);
  });
});
