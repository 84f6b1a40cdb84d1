// The performance budgets (README 'Budgets'), measured on the production build served by the
// production server:
//   1. every page loads in Chromium without interaction; the JavaScript it fetches is summed as
//      gzip bytes: content pages, and pages whose island waits for a person (the catalogue, contact,
//      tutor request: docs/decisions/013), at most 15 KB; any page at most 120 KB. Page weight is reported.
//   2. Lighthouse (mobile) on the content pages Lighthouse accepts (not 404) and those three, 3 runs
//      each (up to 7 for a page that misses its gate in 3) in a fresh
//      Chromium, the CPU slowdown calibrated to the host as Lighthouse documents: performance at
//      least 99 in the best run and 90 in the median one; accessibility, best practices and SEO 100
//      in every run. Why: ADR 006, 'The gate'. The form pages (login,
//      sign-up) the same but for the best run's 99 (reported as a goal, not yet a gate), and their
//      median LCP at most 1.2 s or, where the host paints the content pages of the same run later,
//      within 10 % of the slowest of them (docs/decisions/012).
// Prints a table, writes reports/budget.json, exits 1 when any budget breaks.
// Options: --no-lighthouse (JS budgets only), --runs N, --pages /a,/b (only those pages),
// --origin http://host:port (Lighthouse only, on a site served elsewhere: nginx in tests/production).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium.ts';
import { codeIn, outboxFiles, readMail } from '../../../tests/mail-files.ts';
import lighthouse, { type RunnerResult } from 'lighthouse';

const KB = 1000;
export const CONTENT_JS_BUDGET = 15 * KB;
export const ANY_PAGE_JS_BUDGET = 120 * KB;
/** Host noise only ever adds time, so the best run shows what the page costs; the median keeps a page honest that rarely gets there. */
const PERFORMANCE_BEST = 99;
const PERFORMANCE_MEDIAN_MIN = 90;
// Course detail pages (/courses/<slug>) are content pages; the catalogue, the tutor request and a
// course's checkout are not.
const CONTENT_PAGE = /^\/($|about$|projects(\/[\w-]+)?$|courses\/(?!request-tutor$)[\w-]+$|terms$|cookies$|privacy$|404$|market$|empty$)/;
/**
 * Pages whose island waits for a person (client:interaction, docs/decisions/013): the catalogue, the
 * contact and tutor forms. They load what a content page loads, and are held to its budget and gate.
 */
const WAITING_PAGE = /^\/(contact|courses|courses\/request-tutor)$/;
const LIGHTHOUSE_PAGES = [
  '/',
  '/about',
  '/projects',
  '/projects/lsetf',
  '/market',
  '/courses/pattern-drafting-foundations',
  '/courses',
  '/contact',
  '/courses/request-tutor',
];
/**
 * Pages whose first screen is a form: the same scores (the best run's 99 a goal, isFormScoredOk), and the form in view (median LCP) within 1.2 s,
 * or, on a host where the content pages of the same run paint later than that, within 10 % of the
 * slowest of them (a form page costs no more than a content page; docs/decisions/012).
 */
const FORM_PAGES = ['/auth/login', '/auth/signup'];
const FORM_LCP_MS = 1200;
const CHROME = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
/** Runs a page gets; one that misses its gate in them gets more, up to maxRuns. */
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const maxRuns = Math.max(runs, 7);
const onlyPages = args.includes('--pages') ? args[args.indexOf('--pages') + 1]!.split(',') : null;
const port = 4500 + Math.floor(Math.random() * 400);
const servedElsewhere = args.includes('--origin') ? args[args.indexOf('--origin') + 1]!.replace(/\/+$/, '') : null;
const origin = servedElsewhere ?? `http://127.0.0.1:${port}`;
const DATA_DIR = join('reports', 'budget-data');
/** Where the reports go: a site served elsewhere gets a folder of its own, beside the build's. */
const REPORTS = servedElsewhere ? join('reports', 'served-elsewhere') : 'reports';

/** Every page of the build, as the path a visitor opens. */
function pagesOf(dir = 'dist', prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...pagesOf(join(dir, entry.name), `${prefix}/${entry.name}`));
    else if (entry.name === 'index.html') found.push(prefix || '/');
    else if (entry.name === '404.html') found.push('/404');
  }
  return found.sort();
}

const gzipCache = new Map<string, number>();
function gzipSizeOf(url: string): number {
  const path = new URL(url).pathname;
  if (!gzipCache.has(path)) gzipCache.set(path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).byteLength);
  return gzipCache.get(path)!;
}

async function startServer() {
  const server = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A cold start (PGlite's first open, the catalogue sync) takes a few seconds, more on a busy machine.
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${origin}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill();
  throw new Error('The server did not start within 60 s for the budget run');
}

interface PageRow {
  path: string;
  kind: 'content' | 'app';
  jsGzip: number;
  jsFiles: number;
  transferKiB: number;
  budget: number;
  ok: boolean;
}

/** Pages only a signed-in student sees (the dashboard, KYC): measured with a session, or they would measure the login page. */
const PRIVATE_PAGE = /^\/(dashboard(\/|$)|auth\/signup\/complete-kyc$)/;
/** Public pages measured a second time with a session, for what the signed-in header adds. */
const SIGNED_IN_TOO = ['/'];

/** A verified student signed up through the API, with the code from the server's outbox. */
async function signedInSession(): Promise<string> {
  const email = `budget-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/api/v1/user/auth/student/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { data: unknown } }));
  const account = { first_name: 'Budget', last_name: 'Reader', email, password: 'Indigo-Lagos7' };
  const signedUp = await post('signup', account);
  if (signedUp.status !== 201) throw new Error(`Sign-up for the budget run answered ${signedUp.status}`);
  const outbox = join(DATA_DIR, 'outbox');
  // The mail is written just after the answer; on a busy host that can take a moment.
  let mail: ReturnType<typeof readMail> | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    if (i) await new Promise((r) => setTimeout(r, 100));
    mail = outboxFiles(outbox)
      .map((file) => readMail(outbox, file))
      .find((candidate) => candidate.to.includes(email));
  }
  if (!mail) throw new Error('No verification mail for the budget run within 10 s');
  const verified = await post('verify-account', { email, otp: codeIn(mail) });
  if (verified.status !== 200) throw new Error(`Verification for the budget run answered ${verified.status}`);
  return JSON.stringify(verified.body.data);
}

/**
 * Pages measured at once: the table counts bytes, not time, so they need not wait for each other
 * (one at a time, the 88 loads took about 3 minutes here, each waiting for a quiet network).
 */
const PAGES_AT_ONCE = 4;

async function measureJavaScript(allPaths: string[]): Promise<PageRow[]> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_ARGS });
  const session = await signedInSession();
  const paths = [...allPaths, ...SIGNED_IN_TOO.map((path) => `${path} (signed in)`)];
  const measure = async (entry: string): Promise<PageRow> => {
    const signedIn = entry.endsWith(' (signed in)') || PRIVATE_PAGE.test(entry);
    const path = entry.replace(' (signed in)', '');
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    if (signedIn) await context.addInitScript((stored) => localStorage.setItem('adire.session', stored), session);
    const page = await context.newPage();
    const scripts = new Set<string>();
    let transfer = 0;
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => null);
      if (sizes) transfer += sizes.responseBodySize + sizes.responseHeadersSize;
      if (request.resourceType() === 'script' && request.url().startsWith(origin)) scripts.add(request.url());
    });
    await page.goto(origin + (path === '/404' ? '/this-page-does-not-exist' : path), { waitUntil: 'networkidle' });
    // An island that hydrates when the browser is idle may not have started by then on a busy host (four
    // pages load at once): its code counts too, so wait until Astro says it hydrated (no `ssr` left).
    await page.waitForFunction(() => !document.querySelector('astro-island[client="idle"][ssr]'), undefined, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const jsGzip = [...scripts].reduce((sum, url) => sum + gzipSizeOf(url), 0);
    const kind = (CONTENT_PAGE.test(path) || WAITING_PAGE.test(path)) && !signedIn ? 'content' : 'app';
    const budget = kind === 'content' ? CONTENT_JS_BUDGET : ANY_PAGE_JS_BUDGET;
    const row = { path: entry, kind, jsGzip, jsFiles: scripts.size, transferKiB: transfer / 1024, budget, ok: jsGzip <= budget } as const;
    await context.close();
    return row;
  };
  const rows = new Array<PageRow>(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const index = next++;
      rows[index] = await measure(paths[index]!);
    }
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, worker));
  await browser.close();
  return rows;
}

interface LighthouseRow {
  path: string;
  /** The best run's performance score, the median run's, and how many runs scored 100. */
  performance: number;
  performanceMedian: number;
  runsAt100: number;
  /** How many runs it took (more when the first ones missed the gate). */
  runs: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  /** The range of CPU slowdowns the runs were simulated with, e.g. '3.4-4.0x'. */
  cpuSlowdown: string;
  ok: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The CPU slowdown that makes this host stand in for Lighthouse's phone, from the host's benchmark
 * index (Lighthouse's docs/throttling.md, 'CPU throttling', and its calculator's formula), never
 * more than Lighthouse's own 4x: a host that benchmarks slower than Lighthouse assumes is slowed less.
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.min(4, Math.max(1, multiplier));
}

/**
 * What no category's score counts and takes time in every run: the screenshots (a full-page one,
 * the filmstrip, the last frame) and the back/forward cache check, which navigates away and back
 * (its audit weighs 0). Left out, a run takes about 2 s less (36 or more runs a full budget step).
 */
const UNSCORED = {
  disableFullPageScreenshot: true,
  skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
};

interface CalibratedRun {
  result: RunnerResult;
  cpuSlowdown: number;
}

/**
 * One Lighthouse run in a fresh Chromium, calibrated to the host: the page is loaded and traced
 * (gather), then the trace is simulated with the CPU slowdown its own benchmark index calls for
 * (audit). Simulated throttling applies the slowdown only in the audit, so the gathered trace is
 * the same either way. A run that fails to record (it happens) is tried again.
 */
async function lighthouseOnce(url: string, attempt = 1): Promise<CalibratedRun> {
  const artifactsDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    await lighthouse(url, { port: chrome.port, logLevel: 'error', gatherMode: artifactsDir, ...UNSCORED });
    chrome.kill();
    const artifactsFile = join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: Record<string, number> };
    };
    const cpuSlowdown = cpuSlowdownFor(artifacts.BenchmarkIndex);
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: cpuSlowdown };
    writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings: { ...artifacts.settings, throttling } }));
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', auditMode: artifactsDir, ...UNSCORED },
      { extends: 'lighthouse:default', settings: { throttling, ...UNSCORED } },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return { result, cpuSlowdown };
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`(retrying: ${(error as Error).message})`);
    return lighthouseOnce(url, attempt + 1);
  } finally {
    chrome.kill();
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}

function isScoredOk(row: Omit<LighthouseRow, 'ok'>): boolean {
  return row.performance >= PERFORMANCE_BEST && isFormScoredOk(row);
}

/**
 * A form page's scores: the median run's performance at least 90, the other categories 100. Its best
 * run at 99 is a goal the table reports, not yet a gate: hydrating when idle still blocks 150-350 ms
 * at 4x, and the best of 7 runs was 98 in one of three full runs here (issue 17's closing note;
 * issue 18 makes portal pages lighter).
 */
function isFormScoredOk(row: Omit<LighthouseRow, 'ok'>): boolean {
  return row.performanceMedian >= PERFORMANCE_MEDIAN_MIN && row.accessibility === 100 && row.bestPractices === 100 && row.seo === 100;
}

async function runLighthouse(paths: string[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  const contentLcp = () => Math.max(0, ...rows.filter((row) => !FORM_PAGES.includes(row.path)).map((row) => row.lcpMs));
  for (const path of paths) {
    const scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo' | 'lcp', number[]> = {
      performance: [],
      accessibility: [],
      'best-practices': [],
      seo: [],
      lcp: [],
    };
    const slowdowns: number[] = [];
    const rowOf = () => {
      const row = {
        path,
        performance: Math.max(...scores.performance),
        performanceMedian: median(scores.performance),
        runsAt100: scores.performance.filter((score) => score === 100).length,
        runs: scores.performance.length,
        accessibility: Math.min(...scores.accessibility),
        bestPractices: Math.min(...scores['best-practices']),
        seo: Math.min(...scores.seo),
        lcpMs: median(scores.lcp),
        cpuSlowdown: `${Math.min(...slowdowns).toFixed(1)}-${Math.max(...slowdowns).toFixed(1)}x`,
      };
      // A form page's LCP: at most 1.2 s, or within 10 % of the slowest content page measured before
      // it (medians of 3 runs differ by that much between two content pages of the same run).
      const lcpLimit = Math.max(FORM_LCP_MS, contentLcp() * 1.1);
      return { ...row, ok: FORM_PAGES.includes(path) ? isFormScoredOk(row) && row.lcpMs <= lcpLimit : isScoredOk(row) };
    };
    // `runs` runs; a page that misses its gate in them gets more, up to `maxRuns`: the gate judges
    // the page, not one unlucky moment of a shared host.
    for (let i = 0; i < maxRuns && (i < runs || !rowOf().ok); i++) {
      const { result, cpuSlowdown } = await lighthouseOnce(origin + path);
      slowdowns.push(cpuSlowdown);
      const { categories, audits } = result.lhr;
      for (const key of ['performance', 'accessibility', 'best-practices', 'seo'] as const)
        scores[key].push(Math.round((categories[key]?.score ?? 0) * 100));
      scores.lcp.push(audits['largest-contentful-paint']?.numericValue ?? Infinity);
      if (i === 0) {
        mkdirSync(join(REPORTS, 'lighthouse'), { recursive: true });
        writeFileSync(`${REPORTS}/lighthouse/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.json`, result.report as string);
      }
    }
    rows.push(rowOf());
  }
  return rows;
}

const pad = (value: string | number, width: number) => String(value).padEnd(width);
const padStart = (value: string | number, width: number) => String(value).padStart(width);

mkdirSync(REPORTS, { recursive: true });
const server = servedElsewhere ? null : await startServer();
let failed = false;
try {
  // The JavaScript table signs a student up through the server it started (its outbox has the code).
  const pages = servedElsewhere ? [] : await measureJavaScript(pagesOf().filter((path) => !onlyPages || onlyPages.includes(path)));
  if (!servedElsewhere) {
    console.log('\nJavaScript loaded without interaction (gzip), and page weight');
    console.log(
      `${pad('page', 50)}${pad('kind', 9)}${padStart('JS gzip', 10)}${padStart('files', 7)}${padStart('budget', 9)}${padStart('weight', 11)}  result`,
    );
    for (const row of pages) {
      console.log(
        `${pad(row.path, 50)}${pad(row.kind, 9)}${padStart((row.jsGzip / KB).toFixed(1) + ' KB', 10)}${padStart(row.jsFiles, 7)}${padStart(row.budget / KB + ' KB', 9)}${padStart(row.transferKiB.toFixed(1) + ' KiB', 11)}  ${row.ok ? 'ok' : 'OVER BUDGET'}`,
      );
    }
  }
  failed ||= pages.some((row) => !row.ok);

  let lighthouseRows: LighthouseRow[] = [];
  if (withLighthouse) {
    lighthouseRows = await runLighthouse([...LIGHTHOUSE_PAGES, ...FORM_PAGES].filter((path) => !onlyPages || onlyPages.includes(path)));
    console.log(
      `\nLighthouse mobile, ${runs} runs a page, up to ${maxRuns} for one that misses its gate (performance: best, median and runs at 100; others: worst run; LCP: median)`,
    );
    console.log(
      `${pad('page', 40)}${padStart('perf', 6)}${padStart('median', 8)}${padStart('at 100', 8)}${padStart('a11y', 6)}${padStart('bp', 6)}${padStart('seo', 6)}${padStart('LCP', 9)}${padStart('CPU', 11)}  result`,
    );
    for (const row of lighthouseRows) {
      console.log(
        `${pad(row.path, 40)}${padStart(row.performance, 6)}${padStart(row.performanceMedian, 8)}${padStart(`${row.runsAt100}/${row.runs}`, 8)}${padStart(row.accessibility, 6)}${padStart(row.bestPractices, 6)}${padStart(row.seo, 6)}${padStart((row.lcpMs / 1000).toFixed(2) + ' s', 9)}${padStart(row.cpuSlowdown, 11)}  ${!row.ok ? 'BELOW BUDGET' : row.performance < PERFORMANCE_BEST ? 'ok (best run under 99: a goal for form pages)' : 'ok'}`,
      );
    }
    failed ||= lighthouseRows.some((row) => !row.ok);
  }
  writeFileSync(join(REPORTS, 'budget.json'), JSON.stringify({ pages, lighthouse: lighthouseRows }, null, 2));
  console.log(failed ? '\nBudget broken: see the rows marked above.' : '\nAll budgets kept.');
} finally {
  server?.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
