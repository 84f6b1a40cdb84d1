// Budget 2: Lighthouse (mobile) runs of a page, each in a fresh Chromium with the CPU slowdown
// calibrated to the host and each next to a run of the floor page (floor.ts), until the page keeps
// its gate or has had its runs (scoring.ts judges).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium.ts';
import { serveFloor } from './floor.ts';
import {
  cpuSlowdownFor,
  LCP_RATIO_CPU_SLOWDOWN,
  lighthouseRow,
  bestLcp,
  noRuns,
  wantsMoreRuns,
  type LighthouseRow,
  type RunScores,
} from './scoring.ts';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/**
 * What no category's score counts and takes time in every run: the screenshots (a full-page one,
 * the filmstrip, the last frame) and the back/forward cache check, which navigates away and back
 * (its audit weighs 0). Left out, a run takes about 2 s less (36 or more runs a full budget step).
 */
const UNSCORED = {
  disableFullPageScreenshot: true,
  skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
};

/** A run's audit of its LCP alone: all the ratio needs, a fraction of a full audit's time. */
const LCP_ONLY = ['largest-contentful-paint'];

interface CalibratedRun {
  /** The full audit at the run's own slowdown (its scores), when asked for. */
  result?: RunnerResult;
  cpuSlowdown: number;
  /** Its LCP at its own slowdown, and at LCP_RATIO_CPU_SLOWDOWN (what the paired ratio takes). */
  lcp: number;
  pairLcp: number;
}

const lcpOf = (result: RunnerResult) => result.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;

/**
 * One Lighthouse run in a fresh Chromium: the page is loaded and traced (gather), then the trace is
 * simulated (audit) with the CPU slowdown its own benchmark index calls for: the full audit when
 * `scores` (a page run), its LCP alone otherwise (a floor run). Simulated throttling applies the
 * slowdown only in the audit, so the same trace is audited again, its LCP alone, at
 * LCP_RATIO_CPU_SLOWDOWN: a page run and its floor run are compared at one slowdown (scoring.ts). A
 * run that fails to record (it happens) is tried again.
 */
async function lighthouseOnce(url: string, { scores }: { scores: boolean }, attempt = 1): Promise<CalibratedRun> {
  const artifactsDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    await lighthouse(url, { port: chrome.port, logLevel: 'error', gatherMode: artifactsDir, ...UNSCORED });
    chrome.kill();
    const artifactsFile = join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: Record<string, number> };
    };
    const auditAt = async (cpuSlowdownMultiplier: number, onlyAudits?: string[]) => {
      // Lighthouse audits only with the settings it gathered with: the gathered ones are rewritten to match.
      const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier };
      const settings = { ...artifacts.settings, throttling, ...(onlyAudits ? { onlyAudits } : {}) };
      writeFileSync(artifactsFile, JSON.stringify({ ...artifacts, settings }));
      const result = await lighthouse(
        url,
        { output: 'json', logLevel: 'error', auditMode: artifactsDir, ...UNSCORED },
        { extends: 'lighthouse:default', settings: { throttling, ...UNSCORED, ...(onlyAudits ? { onlyAudits } : {}) } },
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
      return result;
    };
    const cpuSlowdown = cpuSlowdownFor(artifacts.BenchmarkIndex);
    const result = await auditAt(cpuSlowdown, scores ? undefined : LCP_ONLY);
    const lcp = lcpOf(result);
    const pairLcp = cpuSlowdown === LCP_RATIO_CPU_SLOWDOWN ? lcp : lcpOf(await auditAt(LCP_RATIO_CPU_SLOWDOWN, LCP_ONLY));
    return { ...(scores ? { result } : {}), cpuSlowdown, lcp, pairLcp };
  } catch (error) {
    if (attempt >= 3) throw error;
    console.warn(`(retrying: ${(error as Error).message})`);
    return lighthouseOnce(url, { scores }, attempt + 1);
  } finally {
    chrome.kill();
    rmSync(artifactsDir, { recursive: true, force: true });
  }
}

export interface LighthouseOptions {
  origin: string;
  /** Where the first run's report of each page goes (`<reports>/lighthouse/`). */
  reports: string;
  /** Runs a page gets; one that misses its gate in them gets more, up to maxRuns. */
  runs: number;
  maxRuns: number;
  /** Pages whose first screen is a form: scored as scoring.ts says for them. */
  formPages: string[];
}

/** The floor page's runs of the whole step: each one's LCP, and the time they took in all. */
export interface FloorRuns {
  /** Each floor run's LCP at LCP_RATIO_CPU_SLOWDOWN (what the paired ratios take). */
  lcps: number[];
  /** Each one's own calibrated CPU slowdown, and its LCP at it (for the report: what a pair read at two slowdowns gave). */
  slowdowns: number[];
  ownLcps: number[];
  /** What pairing every page run with a floor run costs the step, in seconds. */
  seconds: number;
}

/**
 * The pages' rows, and the floor's runs. Floor runs are taken all through the step, one between every
 * two page runs (page, floor, page, page, floor, page, page, floor, ...), so the step's fastest floor
 * run, which every page is read against (scoring.ts, floorBest), comes from the same minutes as the
 * pages, and each page run still has a floor run next to it for the paired median printed beside
 * (a floor run took 5-9 s here: about 1.5 min on a full step; docs/decisions/021). A form page is
 * read against the home page's fastest run, so the home page comes first when both run.
 */
export async function runLighthouse(
  paths: string[],
  { origin, reports, runs, maxRuns, formPages }: LighthouseOptions,
): Promise<{ rows: LighthouseRow[]; floor: FloorRuns }> {
  const floor = await serveFloor();
  const floorRuns: FloorRuns = { lcps: [], slowdowns: [], ownLcps: [], seconds: 0 };
  let pageRuns = 0;
  /** A page run, and the floor LCP it is read against: the floor run after it, or (every second run) before it. */
  const pairedRun = async (path: string) => {
    const run = await lighthouseOnce(origin + path, { scores: true });
    if (pageRuns++ % 2 === 0) {
      const started = performance.now();
      const floorRun = await lighthouseOnce(floor.url, { scores: false });
      floorRuns.lcps.push(floorRun.pairLcp);
      floorRuns.ownLcps.push(floorRun.lcp);
      floorRuns.slowdowns.push(floorRun.cpuSlowdown);
      floorRuns.seconds += (performance.now() - started) / 1000;
    }
    return { ...run, floorLcp: floorRuns.lcps.at(-1)! };
  };
  try {
    const measured = new Map<string, RunScores>();
    const reference = () => ({
      floorBestMs: floorRuns.lcps.length ? Math.min(...floorRuns.lcps) : undefined,
      homeBestMs: measured.has('/') ? bestLcp(measured.get('/')!) : undefined,
    });
    const rowOf = (path: string) =>
      lighthouseRow(path, measured.get(path)!, { formPage: formPages.includes(path), reference: reference() });
    for (const path of paths) {
      const scores = noRuns();
      measured.set(path, scores);
      // `runs` runs; a page that misses its gate (scores or LCP ratio) in them gets more, up to
      // `maxRuns`: the budget judges the page, not one unlucky moment of a shared host (wantsMoreRuns).
      for (let i = 0; i < maxRuns && (i < runs || wantsMoreRuns(rowOf(path))); i++) {
        const { result, cpuSlowdown, lcp, pairLcp, floorLcp } = await pairedRun(path);
        const { categories } = result!.lhr;
        for (const key of ['performance', 'accessibility', 'best-practices', 'seo'] as const)
          scores[key].push(Math.round((categories[key]?.score ?? 0) * 100));
        scores.lcp.push(lcp);
        scores.slowdowns.push(cpuSlowdown);
        scores.pairLcp.push(pairLcp);
        scores.floorLcp.push(floorLcp);
        if (i === 0) {
          mkdirSync(join(reports, 'lighthouse'), { recursive: true });
          writeFileSync(
            `${reports}/lighthouse/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.json`,
            result!.report as string,
          );
        }
      }
    }
    return { rows: paths.map(rowOf), floor: floorRuns };
  } finally {
    await floor.close();
  }
}
