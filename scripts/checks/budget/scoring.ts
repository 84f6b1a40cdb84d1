// The budgets' arithmetic (docs/architecture.md, 'Budgets'), apart from the browsers that measure: what a page may
// load, how a page's Lighthouse runs become one row, and whether that row keeps its gate.
import type { BudgetClass } from '#layouts/budget-class.ts';

export const KB = 1000;
const CONTENT_JS_BUDGET = 15 * KB;
const ANY_PAGE_JS_BUDGET = 120 * KB;
/**
 * A portal page with React on load (class `app`) adds at most this much of ours (our code and the
 * other libraries) above React's runtime, islands that hydrate when idle included: issue 31, item 6.
 */
export const OURS_ABOVE_REACT_BUDGET = 30 * KB;
/**
 * What a page may add above React, or null when the page is not held to it: a staff console page
 * (class `console`), or a public content page (15 KB in all is less). Every portal page is held to
 * the same 30 KB: the last page that was held at a ceiling of its own while above it (a course's
 * page, 34.2 KB) came under it (docs/architecture.md, Budgets), and the list of ceilings went with it.
 */
export function oursBudgetOf(_path: string, kind: BudgetClass): number | null {
  return kind === 'app' ? OURS_ABOVE_REACT_BUDGET : null;
}

/** Host noise only ever adds time, so the best run shows what the page costs; the median keeps a page honest that rarely gets there. */
const PERFORMANCE_BEST = 99;
const PERFORMANCE_MEDIAN_MIN = 90;
/**
 * LCP against this host's floor (floor.ts), a gate: Lighthouse's simulated LCP here is mostly the
 * host's layout speed times the CPU slowdown, and that speed moves within a step and between steps
 * (a shared 2-core host). Host noise only ever adds time, as for the performance score's best run:
 * a page is judged by its fastest run over the step's fastest floor run (`bestLcp`, `floorBest`), both simulated
 * at LCP_RATIO_CPU_SLOWDOWN; a content or course page at most 1.15 x. A form page by its fastest run
 * over the home page's fastest, at most 1.10 x (a form page costs no more than a content page).
 * The floor is run next to the pages all through the step (lighthouse.ts), so its fastest run is
 * taken from the same minutes; the median of each run's ratio to the floor run next to it is
 * printed beside it. Why the fastest and not that median: the median moved up to 0.18 between two
 * steps here (a favicon request racing the floor's paint, the host interrupting its two short
 * tasks), the fastest at most 0.04 (docs/decisions/021).
 */
export const CONTENT_LCP_OVER_FLOOR = 1.15;
/**
 * The one CPU slowdown both members of a pair are simulated at for the LCP ratio (lighthouse.ts audits
 * each gathered run again at it): Lighthouse's own mobile slowdown, and what cpuSlowdownFor gives
 * this host when quiet (and any host that benchmarks at 1300 or more). A run's own calibrated
 * slowdown moves with the load at the moment of its benchmark (1.9x-4.0x for one page in one step
 * here), and a page run read at 1.9x against a floor run read at 4x moves its ratio by 10-20 %: the
 * pairing already cancels the host's speed, the per-run slowdown only added the benchmark's noise
 * (docs/decisions/021). The performance score keeps each run's own calibration.
 */
export const LCP_RATIO_CPU_SLOWDOWN = 4;
export const FORM_LCP_OVER_HOME = 1.1;

/** The JavaScript a page may load without interaction, gzip bytes, by its class. */
function javaScriptBudget(kind: BudgetClass): number {
  return kind === 'content' ? CONTENT_JS_BUDGET : ANY_PAGE_JS_BUDGET;
}

export interface PageRow {
  path: string;
  kind: BudgetClass;
  jsGzip: number;
  jsFiles: number;
  /** Of jsGzip: React's own chunk, and the rest (ours): react-share.ts. */
  react: number;
  ours: number;
  transferKiB: number;
  budget: number;
  /** What the page may add above React (oursBudgetOf), when React loads and the page is held to it. */
  oursBudget: number | null;
  /** Within its class's budget, and within oursBudget. */
  ok: boolean;
  /** Within oursBudget, or not held to one. */
  oursOk: boolean;
}

/**
 * One row of the JavaScript table: what the page loaded against its class's budget and, where React
 * loads on a portal page, ours above React against oursBudgetOf. Both are the gate.
 */
export function pageRow(
  path: string,
  kind: BudgetClass,
  loaded: { jsGzip: number; jsFiles: number; react: number; ours: number; transferKiB: number },
): PageRow {
  const budget = javaScriptBudget(kind);
  const oursBudget = loaded.react === 0 ? null : oursBudgetOf(path, kind);
  const oursOk = oursBudget === null || loaded.ours <= oursBudget;
  return { path, kind, ...loaded, budget, oursBudget, ok: loaded.jsGzip <= budget && oursOk, oursOk };
}

/** The result column of the JavaScript table. */
export function pageVerdict(row: PageRow): string {
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const broken = [
    ...(row.jsGzip > row.budget ? [`${kb(row.jsGzip)} of JavaScript, over its ${kb(row.budget)}`] : []),
    ...(row.oursOk ? [] : [`${kb(row.ours)} of ours above React, over its ${kb(row.oursBudget!)}`]),
  ];
  return broken.length ? `OVER BUDGET: ${broken.join('; ')}` : 'ok';
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The CPU slowdown that makes this host stand in for Lighthouse's phone, from the host's benchmark
 * index (Lighthouse's docs/throttling.md, 'CPU throttling', and its calculator's formula), never
 * more than Lighthouse's own 4x: a host that benchmarks slower than Lighthouse assumes is slowed less.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.min(4, Math.max(1, multiplier));
}

/**
 * Every run's scores of one page (0-100), its LCP in ms as its performance score took it (at the run's
 * own CPU slowdown, also kept), and for the ratio: its LCP and the LCP of the floor run taken next to
 * it (same index), both simulated at LCP_RATIO_CPU_SLOWDOWN.
 */
export interface RunScores {
  performance: number[];
  accessibility: number[];
  'best-practices': number[];
  seo: number[];
  lcp: number[];
  slowdowns: number[];
  pairLcp: number[];
  floorLcp: number[];
}

export const noRuns = (): RunScores => ({
  performance: [],
  accessibility: [],
  'best-practices': [],
  seo: [],
  lcp: [],
  slowdowns: [],
  pairLcp: [],
  floorLcp: [],
});

type PairedScores = Pick<RunScores, 'pairLcp' | 'floorLcp'>;

/** Each run's LCP over the floor run's next to it, both at one slowdown; none where a run has no floor run. */
const pairedRatios = (scores: PairedScores): number[] =>
  scores.pairLcp.flatMap((lcp, i) => (scores.floorLcp[i] ? [lcp / scores.floorLcp[i]] : []));

/** The median of a page's paired ratios (unrounded), or undefined without floor runs. */
function medianPairedRatio(scores: PairedScores): number | undefined {
  const ratios = pairedRatios(scores);
  return ratios.length ? median(ratios) : undefined;
}

/** The floor a page's fastest run is read against: the step's fastest floor run, else its own pairs' fastest; undefined without floor runs. */
function floorBest(scores: PairedScores, stepFloorBestMs: number | undefined): number | undefined {
  const floors = scores.floorLcp.filter((lcp) => lcp > 0);
  return stepFloorBestMs ?? (floors.length ? Math.min(...floors) : undefined);
}

/** A page's fastest LCP as the ratio reads it (at LCP_RATIO_CPU_SLOWDOWN), ms: what a form page is read against, for the home page. */
export const bestLcp = (scores: PairedScores): number | undefined => (scores.pairLcp.length ? Math.min(...scores.pairLcp) : undefined);

export interface LighthouseRow {
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
  /** The fastest floor run it is read against, ms; absent without floor runs. */
  floorMs?: number;
  /**
   * Its fastest run over the fastest floor run, and (form pages) over the home page's fastest run:
   * the gate; absent without that reference. And, printed beside it, the median of each run's ratio
   * to the floor run next to it.
   */
  lcpOverFloor?: number;
  lcpOverHome?: number;
  lcpPairedMedian?: number;
  /**
   * Each run's LCP and its floor run's at LCP_RATIO_CPU_SLOWDOWN, in ms (for reports/budget.json: what
   * the medians were taken of), and each run's LCP at its own slowdown with that slowdown (as scored).
   */
  pairs: [lcpMs: number, floorMs: number | null][];
  scored: [lcpMs: number, cpuSlowdown: number][];
  /** The range of CPU slowdowns the runs were simulated with, e.g. '3.4-4.0x'. */
  cpuSlowdown: string;
  /** Its scores kept (performance, accessibility, best practices, SEO). */
  scoresOk: boolean;
  /** Its LCP ratio kept (or no reference in the run). */
  lcpRatioOk: boolean;
  /** Both: the gate. */
  ok: boolean;
}

type ScoredRow = Omit<LighthouseRow, 'ok' | 'scoresOk' | 'lcpRatioOk'>;

function isScoredOk(row: ScoredRow): boolean {
  return row.performance >= PERFORMANCE_BEST && isFormScoredOk(row);
}

/**
 * A form page's scores: the median run's performance at least 90, the other categories 100. Its best
 * run at 99 is a goal the table reports, not yet a gate: hydrating when idle still blocks 150-350 ms
 * at 4x, and the best of 7 runs was 98 in one of three full runs here (issue 17's closing note;
 * issue 18 makes portal pages lighter).
 */
function isFormScoredOk(row: ScoredRow): boolean {
  return row.performanceMedian >= PERFORMANCE_MEDIAN_MIN && row.accessibility === 100 && row.bestPractices === 100 && row.seo === 100;
}

/** What a page's LCP is read against: the step's fastest floor run, and the home page's fastest run when the step measured it (ms, at LCP_RATIO_CPU_SLOWDOWN). */
interface LcpReference {
  floorBestMs?: number;
  homeBestMs?: number;
}

/** A page's LCP over a reference's, rounded to hundredths as printed (1.149 is 1.15, within 1.15). */
export const lcpRatio = (lcpMs: number, referenceMs: number): number => Math.round((lcpMs / referenceMs) * 100) / 100;

/**
 * Whether a page keeps its LCP ratio: a form page to the home page's, any other to the floor's. A
 * reference not measured in the run (a run of only some pages: the home page left out) holds nothing.
 */
function keepsLcpRatio(row: Pick<LighthouseRow, 'lcpOverFloor' | 'lcpOverHome'>, formPage: boolean): boolean {
  return formPage ? (row.lcpOverHome ?? 0) <= FORM_LCP_OVER_HOME : (row.lcpOverFloor ?? 0) <= CONTENT_LCP_OVER_FLOOR;
}

/** One page's row from its runs so far: its fastest run over the floor's, and a form page's over the home page's. */
export function lighthouseRow(path: string, scores: RunScores, form: { formPage: boolean; reference: LcpReference }): LighthouseRow {
  const { floorBestMs, homeBestMs } = form.reference;
  const best = bestLcp(scores);
  const floor = floorBest(scores, floorBestMs);
  const pairedMedian = medianPairedRatio(scores);
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
    ...(best !== undefined && floor
      ? { floorMs: Math.round(floor), lcpOverFloor: lcpRatio(best, floor), lcpPairedMedian: lcpRatio(pairedMedian!, 1) }
      : {}),
    ...(form.formPage && best !== undefined && homeBestMs ? { lcpOverHome: lcpRatio(best, homeBestMs) } : {}),
    pairs: scores.pairLcp.map((lcp, i): [number, number | null] => [
      Math.round(lcp),
      scores.floorLcp[i] ? Math.round(scores.floorLcp[i]) : null,
    ]),
    scored: scores.lcp.map((lcp, i): [number, number] => [Math.round(lcp), Math.round(scores.slowdowns[i]! * 100) / 100]),
    cpuSlowdown: `${Math.min(...scores.slowdowns).toFixed(1)}-${Math.max(...scores.slowdowns).toFixed(1)}x`,
  };
  const scoresOk = form.formPage ? isFormScoredOk(row) : isScoredOk(row);
  const lcpRatioOk = keepsLcpRatio(row, form.formPage);
  return { ...row, scoresOk, lcpRatioOk, ok: scoresOk && lcpRatioOk };
}

/**
 * Whether a page measured so far should be measured again (lighthouse.ts gives it up to its maximum
 * of runs): it misses its gate, its scores or its LCP ratio. One slow moment of a shared host moves
 * a median of 3 even when each run is read against its own floor run; more runs judge the page, not
 * the moment.
 */
export const wantsMoreRuns = (row: Pick<LighthouseRow, 'ok'>): boolean => !row.ok;

/** The result column of the Lighthouse table: whether it kept its gate, and what it missed, with its figure and limit. */
export function lighthouseVerdict(row: LighthouseRow): string {
  const broken = [
    ...(row.scoresOk ? [] : ['scores under the gate']),
    ...(row.lcpRatioOk
      ? []
      : [
          row.lcpOverHome !== undefined
            ? `LCP ${row.lcpOverHome.toFixed(2)} x the home page's, over ${FORM_LCP_OVER_HOME.toFixed(2)}`
            : `LCP ${row.lcpOverFloor!.toFixed(2)} x the floor's, over ${CONTENT_LCP_OVER_FLOOR.toFixed(2)}`,
        ]),
  ];
  if (broken.length) return `BELOW BUDGET: ${broken.join('; ')}`;
  return row.performance < PERFORMANCE_BEST ? 'ok (best run under 99: a goal for form pages)' : 'ok';
}
