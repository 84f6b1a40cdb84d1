// npm test: every gate, in the order that fails fastest. Stops at the first failure, prints how
// long each step took, and ends with one line counting the tests: 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

mkdirSync('reports', { recursive: true });
for (const report of ['reports/vitest.json', 'reports/playwright.json', 'reports/playwright-editor.json']) rmSync(report, { force: true });

const steps: Step[] = [
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'types', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'API document', command: ['npm', 'run', '--silent', 'lint:api'] },
  {
    name: 'unit + API',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'],
  },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  // The CDN's rule files and the nginx config against the server's answers, over the build just made
  // (the unit step ran before it). The nginx half is skipped, saying why, where nginx is not installed.
  {
    name: 'edge rules',
    command: ['npx', 'vitest', 'run', 'scripts/build/edge-files.test.ts', 'scripts/deploy/nginx-config.test.ts'],
    env: { EDGE_FILES_NEED_BUILD: '1' },
  },
  { name: 'html', command: ['npm', 'run', '--silent', 'check:html'] },
  { name: 'budgets', command: ['npm', 'run', '--silent', 'budget'] },
  { name: 'end-to-end', command: ['npx', 'playwright', 'test'] },
  // The content editor (npm run edit) on a copy of content/, and a build of what it wrote.
  { name: 'editor', command: ['npx', 'playwright', 'test', '-c', 'playwright.editor.config.ts'] },
];

const only = process.argv.slice(2);
const timings: [string, number, boolean][] = [];
let failed = false;
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = performance.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
  timings.push([step.name, (performance.now() - started) / 1000, ok]);
  if (!ok) {
    failed = true;
    break;
  }
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
function countVitest(): Counts {
  if (!existsSync('reports/vitest.json')) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(readFileSync('reports/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}
function countPlaywright(report: string): Counts {
  if (!existsSync(report)) return { passed: 0, failed: 0, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(report, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

console.log('\nStep timings');
for (const [name, seconds, ok] of timings) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s  ${ok ? 'ok' : 'FAILED'}`);
const vitest = countVitest();
const browser = countPlaywright('reports/playwright.json');
const editor = countPlaywright('reports/playwright-editor.json');
const e2e = { passed: browser.passed + editor.passed, failed: browser.failed + editor.failed, skipped: browser.skipped + editor.skipped };
console.log(`  unit + API tests: ${vitest.passed} passed, ${vitest.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`);
const total = {
  passed: vitest.passed + e2e.passed,
  failed: vitest.failed + e2e.failed + (failed && vitest.failed + e2e.failed === 0 ? 1 : 0),
  skipped: vitest.skipped + e2e.skipped,
};
// A failing gate that is not a test (lint, types, build, budgets) counts as one failure.
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
