// The npm commands that run part of the vitest suite: `npm run test:unit` runs the unit tests and
// no API test (those need a database and take minutes), `npm run test:api` only the API tests, and
// together they are every file plain `vitest run` (npm test's 'unit + API' step) runs.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The test files a `vitest run …` command would run, as paths from the repository's root. */
function filesOf(command: string): string[] {
  expect(command).toMatch(/^vitest run\b/);
  const list = command.replace(/^vitest run/, 'npx vitest list --filesOnly');
  return execFileSync('sh', ['-c', list], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
}

describe('the partial test commands', () => {
  it('test:unit runs no API test, test:api nothing else, and the two make up the whole suite', () => {
    const unit = filesOf(scripts['test:unit']!);
    const api = filesOf(scripts['test:api']!);
    expect(unit.filter((file) => file.startsWith('tests/api/'))).toEqual([]);
    expect(unit.length).toBeGreaterThan(50);
    expect(api.filter((file) => !file.startsWith('tests/api/'))).toEqual([]);
    expect(api.length).toBeGreaterThan(20);
    expect([...unit, ...api].sort()).toEqual(filesOf('vitest run'));
  });
});
