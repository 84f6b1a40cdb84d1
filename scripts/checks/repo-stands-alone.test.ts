// The repository stands on its own: code, tests and scripts cite the product's rules in
// docs/product.md, never documents a reader of the repository does not have, and every anchor they
// cite exists there.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const OUTSIDE_DOCUMENTS = /SPEC(\.md)? §|\bSPEC\.md\b|\bAPI\.md\b|\bREADINGS\.md\b/;
const THIS_FILE = 'scripts/checks/repo-stands-alone.test.ts';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'tests', 'scripts', 'README.md', 'docs'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && file !== THIS_FILE && /\.(ts|tsx|astro|mjs|md|sh)$/.test(file));

/** GitHub's heading slugs: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('the repository stands on its own', () => {
  it('cites no outside document', () => {
    const citing = files.filter((file) => OUTSIDE_DOCUMENTS.test(readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });

  it('cites only anchors that docs/product.md has', () => {
    const anchors = new Set(
      [...readFileSync('docs/product.md', 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!.trim())),
    );
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/docs\/product\.md#([a-z0-9-]+)/g)]
        .map((match) => match[1]!)
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${file}: #${anchor}`),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
