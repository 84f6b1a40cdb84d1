import { describe, expect, it } from 'vitest';
import { reactShare } from './react-share.ts';
import { cpuSlowdownFor, lighthouseRow, lighthouseVerdict, median, noRuns, pageRow, type RunScores } from './scoring.ts';

/** Runs of one page: each run's performance, with the other categories at 100 and the LCP given. */
function runsOf(performance: number[], { lcp = 1000, others = 100 } = {}): RunScores {
  const scores = noRuns();
  for (const score of performance) {
    scores.performance.push(score);
    scores.accessibility.push(others);
    scores['best-practices'].push(100);
    scores.seo.push(100);
    scores.lcp.push(lcp);
    scores.slowdowns.push(4);
  }
  return scores;
}
const content = { formPage: false, slowestContentLcp: 0 };
const form = (slowestContentLcp = 0) => ({ formPage: true, slowestContentLcp });

describe('the JavaScript budget', () => {
  it('holds a content page to 15 KB and an app page to 120 KB, gzip, a byte over breaking it', () => {
    const loaded = (jsGzip: number) => ({ jsGzip, jsFiles: 3, react: 0, ours: jsGzip, transferKiB: 40 });
    expect(pageRow('/about', 'content', loaded(15_000))).toMatchObject({ budget: 15_000, ok: true });
    expect(pageRow('/about', 'content', loaded(15_001))).toMatchObject({ budget: 15_000, ok: false });
    expect(pageRow('/auth/login', 'app', loaded(120_000))).toMatchObject({ budget: 120_000, ok: true });
    expect(pageRow('/auth/login', 'app', loaded(120_001)).ok).toBe(false);
    expect(pageRow('/', 'app', loaded(16_000))).toMatchObject({ path: '/', kind: 'app', jsFiles: 3, transferKiB: 40, ok: true });
  });
});

describe('ours above React', () => {
  const withReact = (ours: number) => ({ jsGzip: 67_500 + ours, jsFiles: 5, react: 67_500, ours, transferKiB: 120 });

  it('flags a page with React on load above 30 KB of ours, a byte over the goal, while its class budget stays the gate', () => {
    expect(pageRow('/auth/login', 'app', withReact(30_000))).toMatchObject({ react: 67_500, ours: 30_000, ok: true, oursOk: true });
    expect(pageRow('/auth/login', 'app', withReact(30_001))).toMatchObject({ ok: true, oursOk: false });
    expect(pageRow('/auth/login', 'app', withReact(60_000))).toMatchObject({ ok: false, oursOk: false });
  });

  it('leaves a page without React to its own class budget', () => {
    expect(pageRow('/', 'app', { jsGzip: 40_000, jsFiles: 2, react: 0, ours: 40_000, transferKiB: 60 })).toMatchObject({
      ok: true,
      oursOk: true,
    });
  });
});

describe("React's share of a page's scripts", () => {
  it("counts React's own chunk apart and every other script as ours", () => {
    const sizes: Record<string, number> = {
      '/_astro/react-runtime.BMiro2l3.js': 67_500,
      '/_astro/react.90we_yTu.js': 600,
      '/_astro/Login.x1.js': 9_000,
    };
    const share = reactShare(
      Object.keys(sizes).map((path) => `http://127.0.0.1${path}`),
      (url) => sizes[new URL(url).pathname]!,
    );
    expect(share).toEqual({ react: 67_500, ours: 9_600 });
  });
});

describe('the CPU slowdown from the host benchmark', () => {
  it("follows Lighthouse's calculator between 1x and 4x", () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBe(4);
  });

  it('never slows a slow host below 1x nor a fast one beyond 4x', () => {
    expect(cpuSlowdownFor(50)).toBe(1);
    expect(cpuSlowdownFor(5000)).toBe(4);
  });
});

describe("a content page's Lighthouse gate", () => {
  it('passes with 99 in the best run, 90 in the median and 100 elsewhere in every run', () => {
    const row = lighthouseRow('/about', runsOf([99, 90, 85]), content);
    expect(row).toMatchObject({ performance: 99, performanceMedian: 90, runs: 3, runsAt100: 0, ok: true });
    expect(lighthouseVerdict(row)).toBe('ok');
  });

  it('fails when no run reaches 99, or the median run is under 90', () => {
    expect(lighthouseRow('/about', runsOf([98, 98, 98]), content).ok).toBe(false);
    expect(lighthouseVerdict(lighthouseRow('/about', runsOf([100, 89, 80]), content))).toBe('BELOW BUDGET');
  });

  it('counts the worst run of accessibility, best practices and SEO', () => {
    const scores = runsOf([100, 100, 100]);
    scores.seo[1] = 92;
    expect(lighthouseRow('/', scores, content)).toMatchObject({ seo: 92, runsAt100: 3, ok: false });
    expect(lighthouseRow('/', runsOf([100, 100, 100], { others: 99 }), content)).toMatchObject({ accessibility: 99, ok: false });
  });

  it('reports the median LCP and the range of slowdowns the runs had', () => {
    const scores = runsOf([100, 100, 100]);
    scores.lcp.splice(0, 3, 900, 2000, 1100);
    scores.slowdowns.splice(0, 3, 3.44, 4, 3.9);
    expect(lighthouseRow('/', scores, content)).toMatchObject({ lcpMs: 1100, cpuSlowdown: '3.4-4.0x' });
  });
});

describe("a form page's Lighthouse gate", () => {
  it('reports a best run under 99 as a goal, not a failure, when the median keeps 90', () => {
    const row = lighthouseRow('/auth/login', runsOf([97, 92, 90]), form());
    expect(row.ok).toBe(true);
    expect(lighthouseVerdict(row)).toBe('ok (best run under 99: a goal for form pages)');
    expect(lighthouseRow('/auth/login', runsOf([97, 89, 89]), form()).ok).toBe(false);
  });

  it('holds the median LCP to 1.2 s, or to 10 % over the slowest content page of the same run', () => {
    expect(lighthouseRow('/auth/login', runsOf([100, 100, 100], { lcp: 1200 }), form()).ok).toBe(true);
    expect(lighthouseRow('/auth/login', runsOf([100, 100, 100], { lcp: 1201 }), form()).ok).toBe(false);
    expect(lighthouseRow('/auth/login', runsOf([100, 100, 100], { lcp: 1201 }), form(1000)).ok).toBe(false);
    expect(lighthouseRow('/auth/login', runsOf([100, 100, 100], { lcp: 1540 }), form(1400)).ok).toBe(true);
    expect(lighthouseRow('/auth/login', runsOf([100, 100, 100], { lcp: 1541 }), form(1400)).ok).toBe(false);
  });

  it('does not hold a content page to the LCP limit', () => {
    expect(lighthouseRow('/', runsOf([100, 100, 100], { lcp: 5000 }), content).ok).toBe(true);
  });
});

describe('the median of runs', () => {
  it('is the middle run, or the upper of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([7])).toBe(7);
  });
});
