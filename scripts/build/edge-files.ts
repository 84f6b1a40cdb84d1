// After the build: dist/_headers and dist/_redirects, the rule files Cloudflare Pages and Netlify read,
// so the site served from a CDN sends what our Node server sends. Both come from the server's own
// rules: the same files (siteFiles), each with the same headers (fileHeaders). A header is written
// once for any path, never in two blocks that match it: Netlify lets the later block win, Cloudflare
// joins the two values with a comma, and two CSPs joined would be two policies, both enforced.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buildOwnScripts, buildSources, fileHeaders, mergeSources, type PageSources } from '#server/file-headers.ts';
import { readEnv } from '#server/env.ts';
import { siteFiles } from '#server/static-site.ts';
import { bucketBrowserSources } from '#server/storage/s3.ts';

export interface ServedFile {
  /** The file's path in the build, e.g. /about/index.html. */
  path: string;
  headers: Record<string, string>;
}

/** Where a file is asked for: a page at its address without index.html or .html, anything else at its path. */
export function urlOf(path: string): string {
  if (path === '/index.html') return '/';
  if (path.endsWith('/index.html')) return path.slice(0, -'/index.html'.length);
  return path.endsWith('.html') ? path.slice(0, -'.html'.length) : path;
}

const isPage = (path: string) => path.endsWith('.html');
export const titleCase = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
const block = (pattern: string, headers: Record<string, string>) =>
  [pattern, ...Object.entries(headers).map(([name, value]) => `  ${titleCase(name)}: ${value}`)].join('\n');

/** The folders a path lies in, outermost first: /a/b/c.js → /a, /a/b. */
function foldersOf(url: string): string[] {
  const parts = url.split('/').slice(1, -1);
  return parts.map((_, i) => '/' + parts.slice(0, i + 1).join('/'));
}

/** Stands for one segment of an address in a block's path (Cloudflare Pages' and Netlify's placeholders). */
const PLACEHOLDER = ':page';

/**
 * The paths with one placeholder that a page's address fits, never in its first segment (so no
 * block reaches /_astro/ or another top folder): /courses/x/checkout → /courses/:page/checkout.
 */
function patternsOf(url: string): string[] {
  const parts = url.split('/').slice(1);
  return parts.slice(1).map((_, i) => '/' + parts.map((part, j) => (j === i + 1 ? PLACEHOLDER : part)).join('/'));
}

/** Whether a path with placeholders matches an address (in any case, as the CDNs match). */
function reaches(pattern: string, url: string): boolean {
  const parts = pattern.split('/');
  const names = url.split('/');
  return parts.length === names.length && parts.every((part, i) => part === PLACEHOLDER || part.toLowerCase() === names[i]!.toLowerCase());
}

/** A CSP as its directives, each with its sources. */
const directives = (policy = '') =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, new Set(sources)]),
  );

/**
 * Whether the 404 page works under these headers. A block with a placeholder also reaches addresses
 * that name no file, where the CDN serves the 404 page with the block's headers: they must be the
 * 404 page's own, but for a CSP whose script-src may allow more of the build's own inline scripts
 * than the 404 page runs (never fewer, never another directive changed).
 */
function servesNotFound(headers: Record<string, string>, notFound: Record<string, string>): boolean {
  for (const name of new Set([...Object.keys(headers), ...Object.keys(notFound)])) {
    if (name !== 'content-security-policy') {
      if (headers[name] !== notFound[name]) return false;
      continue;
    }
    const given = directives(headers[name]);
    const needed = directives(notFound[name]);
    if (given.size !== needed.size) return false;
    for (const [directive, sources] of needed) {
      const allowed = given.get(directive);
      if (!allowed || ![...sources].every((source) => allowed.has(source))) return false;
      if (directive !== 'script-src' && allowed.size !== sources.size) return false;
    }
  }
  return true;
}

/**
 * The _headers file for these files. What every file shares goes under /*; a folder without pages
 * whose files share the rest (hashed assets) gets one /folder/* block; pages that share the rest and
 * differ in one segment of their addresses (each course's checkout, each project) one block with a
 * placeholder there (/courses/:page/checkout), when it reaches no other file and the 404 page works
 * under it; every other file, and every other page, a block of its own at the address it is asked
 * for. Cloudflare Pages reads 100 blocks: a new project or course adds no block for its pages but
 * the course page itself (/courses/:page would reach /courses/request-tutor, whose CSP differs).
 */
export function headersFile(files: readonly ServedFile[]): string {
  const shared = Object.fromEntries(
    Object.entries(files[0]?.headers ?? {}).filter(([name, value]) => files.every((file) => file.headers[name] === value)),
  );
  const rest = (file: ServedFile) => Object.fromEntries(Object.entries(file.headers).filter(([name]) => !(name in shared)));
  const key = (file: ServedFile) => JSON.stringify(rest(file));
  const within = (folder: string) => files.filter((file) => file.path.startsWith(folder + '/'));
  // A folder block would reach any page below it, and a 404 asked for below it: only folders without pages.
  const folderFits = (folder: string) => {
    const inside = within(folder);
    return inside.length > 1 && inside.every((file) => !isPage(file.path) && key(file) === key(inside[0]!));
  };
  // Pages under one placeholder block: the pattern that reaches the most of them, and only them.
  const notFound = files.find((file) => file.path === '/404.html');
  const patternOf = new Map<string, string>();
  for (const page of files) {
    if (!isPage(page.path) || patternOf.has(page.path) || (notFound && !servesNotFound(rest(page), rest(notFound)))) continue;
    const [best] = patternsOf(urlOf(page.path))
      .map((pattern) => ({ pattern, reached: files.filter((file) => reaches(pattern, urlOf(file.path))) }))
      .filter(({ reached }) => reached.length > 1 && reached.every((file) => key(file) === key(page) && !patternOf.has(file.path)))
      .sort((a, b) => b.reached.length - a.reached.length);
    for (const file of best?.reached ?? []) patternOf.set(file.path, best!.pattern);
  }
  const blocks = [block('/*', shared)];
  const grouped = new Set<string>();
  for (const file of files) {
    const pattern = patternOf.get(file.path);
    const folder = isPage(file.path) ? undefined : foldersOf(file.path).find(folderFits);
    const group = pattern ?? (folder === undefined ? undefined : folder + '/*');
    if (group === undefined) {
      if (Object.keys(rest(file)).length) blocks.push(block(urlOf(file.path), rest(file)));
    } else if (!grouped.has(group)) {
      grouped.add(group);
      blocks.push(block(group, rest(file)));
    }
  }
  return blocks.join('\n') + '\n';
}

/** The _redirects file: the static server sends /about/ to /about (301, query kept) for every folder page. */
export function redirectsFile(files: readonly ServedFile[]): string {
  const lines = files
    .filter((file) => file.path.endsWith('/index.html') && file.path !== '/index.html')
    .map((file) => `${urlOf(file.path)}/ ${urlOf(file.path)} 301`);
  return lines.join('\n') + '\n';
}

/**
 * Cloudflare Pages' documented limits on these files: past them it ignores rules without a word, so
 * the build stops instead, naming the limit. _headers: 100 rules, 2,000 characters a line;
 * _redirects: 2,000 static and 100 dynamic (with * or :name) redirects, 1,000 characters a line.
 */
export function edgeLimitProblems(headers: string, redirects: string): string[] {
  const problems: string[] = [];
  const headerLines = headers.split('\n').filter(Boolean);
  const rules = headerLines.filter((line) => line.startsWith('/')).length;
  if (rules > 100) problems.push(`_headers has ${rules} rules: Cloudflare Pages reads at most 100.`);
  for (const line of headerLines)
    if (line.length > 2000)
      problems.push(`_headers has a line of ${line.length} characters: Cloudflare Pages reads at most 2,000 (${line.slice(0, 40)}…).`);
  const redirectLines = redirects.split('\n').filter(Boolean);
  const dynamic = redirectLines.filter((line) => /[*:]/.test(line.split(/\s+/)[0] ?? '')).length;
  if (redirectLines.length - dynamic > 2000)
    problems.push(`_redirects has ${redirectLines.length - dynamic} static redirects: Cloudflare Pages reads at most 2,000.`);
  if (dynamic > 100) problems.push(`_redirects has ${dynamic} dynamic redirects: Cloudflare Pages reads at most 100.`);
  for (const line of redirectLines)
    if (line.length > 1000) problems.push(`_redirects has a line of ${line.length} characters: Cloudflare Pages reads at most 1,000.`);
  return problems;
}

/**
 * Cloudflare Pages' limits on the files it is given (the build's folder without .server/, which is
 * never published): 20,000 files a site on the free plan, 25 MiB a file. Past them a deploy fails.
 */
export function fileLimitProblems(sizes: ReadonlyMap<string, number>): string[] {
  const problems: string[] = [];
  if (sizes.size > 20_000) problems.push(`the site has ${sizes.size} files: Cloudflare Pages takes at most 20,000.`);
  for (const [path, size] of sizes)
    if (size > 25 * 1024 * 1024)
      problems.push(`${path} is ${(size / 1024 / 1024).toFixed(1)} MiB: Cloudflare Pages takes files of at most 25 MiB.`);
  return problems;
}

/** Every file of the build that a CDN is given, with its size. */
export async function deployedFiles(dist: string): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = '/' + relative(dist, full).split(sep).join('/');
    if (!path.startsWith('/.server/')) sizes.set(path, (await stat(full)).size);
  }
  return sizes;
}

/**
 * What the server's settings add to the pages' CSP: the S3 bucket pictures go to and are shown from
 * (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_PUBLIC_URL), read as the API processes read them.
 */
export function settingsSources(source: Record<string, string | undefined> = process.env): PageSources {
  const env = readEnv(source);
  if (!env.S3_BUCKET) return {};
  return bucketBrowserSources({ endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION, publicUrl: env.S3_PUBLIC_URL });
}

/**
 * Every file of the build with its headers. The pages' CSP allows the API's origin when the build
 * names one, and `settings`: what the server's own settings add (an S3 bucket), as loadStaticSite does.
 */
export async function servedFiles(dist: string, settings: PageSources = {}): Promise<ServedFile[]> {
  const files: ServedFile[] = [];
  const sources = mergeSources(await buildSources(dist), settings);
  const own = await buildOwnScripts(dist);
  for await (const { path, full } of siteFiles(dist))
    files.push({ path, headers: fileHeaders(path, new Uint8Array(await readFile(full)), sources, own) });
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

if (import.meta.main) {
  const dist = process.argv[2] ?? process.env.BUILD_OUT_DIR ?? 'dist';
  const files = await servedFiles(dist, settingsSources());
  const headers = headersFile(files);
  const redirects = redirectsFile(files);
  const problems = [...edgeLimitProblems(headers, redirects), ...fileLimitProblems(await deployedFiles(dist))];
  if (problems.length) {
    console.error(`The build is over Cloudflare Pages' limits:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  await writeFile(join(dist, '_headers'), headers);
  await writeFile(join(dist, '_redirects'), redirects);
  const rules = headers.split('\n').filter((line) => line.startsWith('/')).length;
  console.log(
    `Edge rules: ${rules} header blocks for ${files.length} files in _headers, ${redirects.trim().split('\n').length} redirects in _redirects.`,
  );
}
