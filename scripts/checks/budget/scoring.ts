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
 * LCP against this host's floor, in the same run (floor.ts): Lighthouse's simulated LCP here is mostly
 * the host's layout speed times the CPU slowdown, so a page is judged by its median LCP over the
 * floor page's (a content or course page at most 1.15 x), and a form page by its median LCP over the
 * home page's (at most 1.10 x: a form page costs no more than a content page; docs/decisions/012).
 * A goal, printed per page with its figure, not a gate: on this shared host the same page measured
 * 0.97 to 1.59 x the floor from one run to the next, and the floor's own median moved by 10 % between
 * two runs; every content page measured has been within 1.15 in one run and over it in another
 * (docs/architecture.md, Budgets). A gate that fails at random would be ignored; a page that misses
 * it is measured again (wantsMoreRuns).
 */
export const CONTENT_LCP_OVER_FLOOR = 1.15;
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

/** Every run's scores of one page (0-100), its LCP in ms, and the CPU slowdown each run was simulated with. */
export interface RunScores {
  performance: number[];
  accessibility: number[];
  'best-practices': number[];
  seo: number[];
  lcp: number[];
  slowdowns: number[];
}

export const noRuns = (): RunScores => ({ performance: [], accessibility: [], 'best-practices': [], seo: [], lcp: [], slowdowns: [] });

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
  /** The median LCP over the floor's of the same run, and (form pages) over the home page's; absent without that reference. */
  lcpOverFloor?: number;
  lcpOverHome?: number;
  /** The range of CPU slowdowns the runs were simulated with, e.g. '3.4-4.0x'. */
  cpuSlowdown: string;
  /** Its scores kept (performance, accessibility, best practices, SEO): the gate. */
  ok: boolean;
  /** The LCP ratio goal kept (or no reference in the run): printed, not a gate. */
  lcpRatioOk: boolean;
}

function isScoredOk(row: Omit<LighthouseRow, 'ok' | 'lcpRatioOk'>): boolean {
  return row.performance >= PERFORMANCE_BEST && isFormScoredOk(row);
}

/**
 * A form page's scores: the median run's performance at least 90, the other categories 100. Its best
 * run at 99 is a goal the table reports, not yet a gate: hydrating when idle still blocks 150-350 ms
 * at 4x, and the best of 7 runs was 98 in one of three full runs here (issue 17's closing note;
 * issue 18 makes portal pages lighter).
 */
function isFormScoredOk(row: Omit<LighthouseRow, 'ok' | 'lcpRatioOk'>): boolean {
  return row.performanceMedian >= PERFORMANCE_MEDIAN_MIN && row.accessibility === 100 && row.bestPractices === 100 && row.seo === 100;
}

/** The medians of the same run a page's LCP is read against: the floor page's, and the home page's. */
interface LcpReference {
  floorMs?: number;
  homeMs?: number;
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

/** One page's row from its runs so far, its median LCP read against the reference's medians. */
export function lighthouseRow(path: string, scores: RunScores, form: { formPage: boolean; reference: LcpReference }): LighthouseRow {
  const { floorMs, homeMs } = form.reference;
  const lcpMs = median(scores.lcp);
  const row = {
    path,
    performance: Math.max(...scores.performance),
    performanceMedian: median(scores.performance),
    runsAt100: scores.performance.filter((score) => score === 100).length,
    runs: scores.performance.length,
    accessibility: Math.min(...scores.accessibility),
    bestPractices: Math.min(...scores['best-practices']),
    seo: Math.min(...scores.seo),
    lcpMs,
    ...(floorMs ? { lcpOverFloor: lcpRatio(lcpMs, floorMs) } : {}),
    ...(form.formPage && homeMs ? { lcpOverHome: lcpRatio(lcpMs, homeMs) } : {}),
    cpuSlowdown: `${Math.min(...scores.slowdowns).toFixed(1)}-${Math.max(...scores.slowdowns).toFixed(1)}x`,
  };
  const scored = form.formPage ? isFormScoredOk(row) : isScoredOk(row);
  return { ...row, ok: scored, lcpRatioOk: keepsLcpRatio(row, form.formPage) };
}

/**
 * Whether a page measured so far should be measured again (lighthouse.ts gives it up to its maximum
 * of runs): it misses its scores, or its LCP ratio. The ratio is a median of runs over a median of
 * the floor's, and one slow moment of a shared host moves a median of 3 (a page measured 0.97 to
 * 1.59 x the floor from one run to the next); more runs judge the page, not the moment, as they do
 * for its scores.
 */
export const wantsMoreRuns = (row: Pick<LighthouseRow, 'ok' | 'lcpRatioOk'>): boolean => !row.ok || !row.lcpRatioOk;

/** The result column of the Lighthouse table: whether it kept its gate, and the LCP goal it missed, with its figure and limit. */
export function lighthouseVerdict(row: LighthouseRow): string {
  const ratio = row.lcpRatioOk
    ? ''
    : row.lcpOverHome !== undefined
      ? `LCP ${row.lcpOverHome.toFixed(2)} x the home page's, over ${FORM_LCP_OVER_HOME.toFixed(2)}`
      : `LCP ${row.lcpOverFloor!.toFixed(2)} x the floor's, over ${CONTENT_LCP_OVER_FLOOR.toFixed(2)}`;
  if (!row.ok) return `BELOW BUDGET: scores under the gate${ratio ? `; goal missed: ${ratio}` : ''}`;
  return (
    (row.performance < PERFORMANCE_BEST ? 'ok (best run under 99: a goal for form pages)' : 'ok') + (ratio ? `; goal missed: ${ratio}` : '')
  );
}
