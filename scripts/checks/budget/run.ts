// The performance budgets (docs/architecture.md, 'Budgets'), measured on the production build served by the
// production server:
//   1. every page loads in Chromium without interaction; the JavaScript it fetches is summed as
//      gzip bytes against the budget of the class the page declares (its layout writes it:
//      src/layouts/budget-class.ts): content pages, and pages whose island waits for a person (the
//      catalogue, contact, tutor request: docs/decisions/013), at most 15 KB; any page at most 120 KB.
//      React's runtime (its own chunk) and ours above it are printed apart; a portal page (class
//      `app`) with React on load adds at most 30 KB of ours above React (react-share.ts,
//      scoring.ts). Staff console pages (class `console`) have the 120 KB alone.
//      Page weight is reported (javascript.ts). A page that declares no class stops the step (pages.ts).
//   2. Lighthouse (mobile) on the content pages Lighthouse accepts (not 404) and those three, 3 runs
//      each (up to 7 for a page that misses its gate in 3) in a fresh
//      Chromium, the CPU slowdown calibrated to the host as Lighthouse documents: performance at
//      least 99 in the best run and 90 in the median one; accessibility, best practices and SEO 100
//      in every run. Why: ADR 006, 'The gate'. The form pages (login,
//      sign-up) the same but for the best run's 99 (reported as a goal, not yet a gate). And a gate,
//      LCP against this host's floor (floor.ts: a heading and a paragraph): floor runs are taken all
//      through the step (page, floor, page, page, floor, page, ...), and a page is judged by its
//      fastest run over the step's fastest floor run, both simulated at 4x: every other page at
//      most 1.15 x, a form page's fastest run at most 1.10 x the home page's fastest (host noise
//      only adds time: docs/decisions/021, which also says why not the median of paired runs); a page that
//      misses it gets more runs, as for its scores. The arithmetic: scoring.ts.
// Prints the tables, then one line per page that broke a budget (what, its figure, its limit), writes
// reports/budget.json, exits 1 when any budget breaks.
// Options: --no-lighthouse (the JavaScript table only: no Lighthouse, e.g. on a shared host),
// --runs N, --pages /a,/b (only those pages, e.g. `npm run budget -- --pages /,/courses`; the floor is
// always measured, and the home page is added to a form page, whose LCP is read against it),
// --port N (the port of the server the step starts; a random one from 4500 otherwise),
// --origin http://host:port (Lighthouse only, on a site served elsewhere: nginx in tests/production).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureJavaScript } from './javascript.ts';
import { runLighthouse, type FloorRuns } from './lighthouse.ts';
import { budgetClasses, pagesOf } from './pages.ts';
import type { LighthouseRow } from './scoring.ts';
import { printBroken, printJavaScriptTable, printLighthouseTable } from './tables.ts';

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
 * Pages whose first screen is a form: the same scores (the best run's 99 a goal), and the form in view
 * (its fastest run's LCP) at most 1.10 x the home page's fastest of the same run (docs/decisions/021).
 */
const FORM_PAGES = ['/auth/login', '/auth/signup'];

const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
/** Runs a page gets; one that misses its gate in them gets more, up to maxRuns. */
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const maxRuns = Math.max(runs, 7);
const chosenPages = args.includes('--pages') ? args[args.indexOf('--pages') + 1]!.split(',') : null;
const onlyPages = chosenPages?.some((path) => FORM_PAGES.includes(path)) ? [...new Set(['/', ...chosenPages])] : chosenPages;
/** The port of the server the step starts: --port N (on a shared host, a port of your own), else a random one. */
const port = Number(args[args.indexOf('--port') + 1]) || 4500 + Math.floor(Math.random() * 400);
const servedElsewhere = args.includes('--origin') ? args[args.indexOf('--origin') + 1]!.replace(/\/+$/, '') : null;
const origin = servedElsewhere ?? `http://127.0.0.1:${port}`;
const DATA_DIR = join('reports', 'budget-data');
/** Where the reports go: a site served elsewhere gets a folder of its own, beside the build's. */
const REPORTS = servedElsewhere ? join('reports', 'served-elsewhere') : 'reports';

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

mkdirSync(REPORTS, { recursive: true });
// Every built page's class, read before anything starts: a page without one fails the step at once.
const builtPages = servedElsewhere ? [] : pagesOf();
const classes = budgetClasses(builtPages);
const server = servedElsewhere ? null : await startServer();
let failed = false;
try {
  const pages = servedElsewhere
    ? []
    : await measureJavaScript(
        builtPages.filter((path) => !onlyPages || onlyPages.includes(path)),
        { origin, dataDir: DATA_DIR, classes },
      );
  if (!servedElsewhere) printJavaScriptTable(pages);
  failed ||= pages.some((row) => !row.ok);

  let lighthouseRows: LighthouseRow[] = [];
  let floor: FloorRuns | undefined;
  if (withLighthouse) {
    ({ rows: lighthouseRows, floor } = await runLighthouse(
      [...LIGHTHOUSE_PAGES, ...FORM_PAGES].filter((path) => !onlyPages || onlyPages.includes(path)),
      { origin, reports: REPORTS, runs, maxRuns, formPages: FORM_PAGES },
    ));
    printLighthouseTable(lighthouseRows, { runs, maxRuns, floor });
    failed ||= lighthouseRows.some((row) => !row.ok);
  }
  writeFileSync(join(REPORTS, 'budget.json'), JSON.stringify({ pages, floor, lighthouse: lighthouseRows }, null, 2));
  printBroken(pages, lighthouseRows);
} finally {
  server?.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
