// The budget step's two tables, as printed.
import type { FloorRuns } from './lighthouse.ts';
import {
  CONTENT_LCP_OVER_FLOOR,
  FORM_LCP_OVER_HOME,
  KB,
  LCP_RATIO_CPU_SLOWDOWN,
  lighthouseVerdict,
  median,
  OURS_ABOVE_REACT_BUDGET,
  pageVerdict,
  type LighthouseRow,
  type PageRow,
} from './scoring.ts';

const pad = (value: string | number, width: number) => String(value).padEnd(width);
const padStart = (value: string | number, width: number) => String(value).padStart(width);

export function printJavaScriptTable(pages: PageRow[]): void {
  console.log(
    `\nJavaScript loaded without interaction (gzip; React's own chunk and ours above it, ours at most ${OURS_ABOVE_REACT_BUDGET / KB} KB where React loads on a portal page), and page weight`,
  );
  console.log(
    `${pad('page', 50)}${pad('kind', 9)}${padStart('JS gzip', 10)}${padStart('React', 9)}${padStart('ours', 9)}${padStart('files', 7)}${padStart('budget', 9)}${padStart('weight', 11)}  result`,
  );
  for (const row of pages) {
    console.log(
      `${pad(row.path, 50)}${pad(row.kind, 9)}${padStart((row.jsGzip / KB).toFixed(1) + ' KB', 10)}${padStart((row.react / KB).toFixed(1), 9)}${padStart((row.ours / KB).toFixed(1), 9)}${padStart(row.jsFiles, 7)}${padStart(row.budget / KB + ' KB', 9)}${padStart(row.transferKiB.toFixed(1) + ' KiB', 11)}  ${pageVerdict(row)}`,
    );
  }
}

export function printLighthouseTable(
  rows: LighthouseRow[],
  { runs, maxRuns, floor }: { runs: number; maxRuns: number; floor: FloorRuns },
): void {
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `\nLighthouse mobile, ${runs} runs a page, up to ${maxRuns} for one that misses its gate (performance: best, median and runs at 100; others: worst run; LCP: median)`,
  );
  console.log(
    `The floor (a heading and a paragraph), one run next to each page run (between every two): ${floor.lcps.length} runs, LCP median at ${LCP_RATIO_CPU_SLOWDOWN}x ${seconds(median(floor.lcps))} s (${seconds(Math.min(...floor.lcps))}-${seconds(Math.max(...floor.lcps))}), ${Math.round(floor.seconds)} s of the step. 'floor': the step's fastest floor run; 'x floor': a page's fastest run over it, both simulated at ${LCP_RATIO_CPU_SLOWDOWN}x (at most ${CONTENT_LCP_OVER_FLOOR}); 'paired': the median of its runs' LCP over the floor run next to each (printed, not held); 'LCP' and 'CPU': as its performance score took them, at each run's own calibrated slowdown (the median run); 'x home': a form page's fastest run over the home page's (at most ${FORM_LCP_OVER_HOME}).`,
  );
  console.log(
    `${pad('page', 40)}${padStart('perf', 6)}${padStart('median', 8)}${padStart('at 100', 8)}${padStart('a11y', 6)}${padStart('bp', 6)}${padStart('seo', 6)}${padStart('LCP', 9)}${padStart('floor', 9)}${padStart('x floor', 9)}${padStart('paired', 8)}${padStart('x home', 8)}${padStart('CPU', 11)}  result`,
  );
  for (const row of rows) {
    console.log(
      `${pad(row.path, 40)}${padStart(row.performance, 6)}${padStart(row.performanceMedian, 8)}${padStart(`${row.runsAt100}/${row.runs}`, 8)}${padStart(row.accessibility, 6)}${padStart(row.bestPractices, 6)}${padStart(row.seo, 6)}${padStart(seconds(row.lcpMs) + ' s', 9)}${padStart(row.floorMs === undefined ? '-' : seconds(row.floorMs) + ' s', 9)}${padStart(row.lcpOverFloor?.toFixed(2) ?? '-', 9)}${padStart(row.lcpPairedMedian?.toFixed(2) ?? '-', 8)}${padStart(row.lcpOverHome?.toFixed(2) ?? '-', 8)}${padStart(row.cpuSlowdown, 11)}  ${lighthouseVerdict(row)}`,
    );
  }
}

/**
 * After the tables, one line per page that broke a budget: the page, then what broke with its figure
 * and limit (its scores, its LCP ratio to the floor or to the home page).
 */
export function printBroken(pages: PageRow[], rows: LighthouseRow[]): void {
  const broken = [
    ...pages.filter((row) => !row.ok).map((row) => `  ${row.path}: ${pageVerdict(row)}`),
    ...rows.filter((row) => !row.ok).map((row) => `  ${row.path} (Lighthouse): ${lighthouseVerdict(row)}`),
  ];
  console.log(broken.length ? `\nBudget broken:\n${broken.join('\n')}` : '\nAll budgets kept.');
}
