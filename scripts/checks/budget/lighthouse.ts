// Budget 2: Lighthouse (mobile) runs of a page, each in a fresh Chromium with the CPU slowdown
// calibrated to the host, until the page keeps its gate or has had its runs (scoring.ts judges).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tests/chromium.ts';
import { serveFloor } from './floor.ts';
import { cpuSlowdownFor, lighthouseRow, median, noRuns, wantsMoreRuns, type LighthouseRow, type RunScores } from './scoring.ts';

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
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
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

/** The floor page's LCP in `runs` runs (floor.ts). */
async function floorLcps(url: string, runs: number): Promise<number[]> {
  const lcps: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { result } = await lighthouseOnce(url);
    lcps.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity);
  }
  return lcps;
}

/**
 * The pages' rows, and the floor's median LCP: the floor is measured `runs` times before the pages
 * and as many after (the host's speed drifts within a run), and every page is judged at the end
 * against the floor of the whole run and the home page's median.
 */
export async function runLighthouse(
  paths: string[],
  { origin, reports, runs, maxRuns, formPages }: LighthouseOptions,
): Promise<{ rows: LighthouseRow[]; floorMs: number }> {
  const floor = await serveFloor();
  try {
    const floorRuns = await floorLcps(floor.url, runs);
    const measured = new Map<string, RunScores>();
    const reference = () => ({ floorMs: median(floorRuns), homeMs: measured.has('/') ? median(measured.get('/')!.lcp) : undefined });
    const rowOf = (path: string) =>
      lighthouseRow(path, measured.get(path)!, { formPage: formPages.includes(path), reference: reference() });
    for (const path of paths) {
      const scores = noRuns();
      measured.set(path, scores);
      // `runs` runs; a page that misses its gate or its LCP ratio in them gets more, up to `maxRuns`:
      // the budget judges the page, not one unlucky moment of a shared host (wantsMoreRuns).
      for (let i = 0; i < maxRuns && (i < runs || wantsMoreRuns(rowOf(path))); i++) {
        const { result, cpuSlowdown } = await lighthouseOnce(origin + path);
        scores.slowdowns.push(cpuSlowdown);
        const { categories, audits } = result.lhr;
        for (const key of ['performance', 'accessibility', 'best-practices', 'seo'] as const)
          scores[key].push(Math.round((categories[key]?.score ?? 0) * 100));
        scores.lcp.push(audits['largest-contentful-paint']?.numericValue ?? Infinity);
        if (i === 0) {
          mkdirSync(join(reports, 'lighthouse'), { recursive: true });
          writeFileSync(
            `${reports}/lighthouse/${path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')}.json`,
            result.report as string,
          );
        }
      }
    }
    floorRuns.push(...(await floorLcps(floor.url, runs)));
    return { rows: paths.map(rowOf), floorMs: median(floorRuns) };
  } finally {
    await floor.close();
  }
}
