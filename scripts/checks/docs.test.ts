// The documents a newcomer is sent to hold together: every link between README.md and docs/ leads
// to a file and a heading that exist, the decisions' index lists every record as the record itself
// says (title, status, date), a record that supersedes another is named back by it, and every block
// the deploy test runs is still in the deployment guide.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const DECISIONS = 'docs/decisions';
const GUIDE = 'docs/deployment.md';

const markdownFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownFiles(join(folder, entry.name)) : entry.name.endsWith('.md') ? [join(folder, entry.name)] : [],
  );
const documents = ['README.md', ...markdownFiles('docs')];

/** The text outside fenced code blocks (a `# comment` in a shell block is not a heading). */
const prose = (text: string) => text.replace(/^( *)```[^\n]*\n[\s\S]*?^\1```$/gm, '');

/** GitHub's heading slugs: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set([...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.trim())));

interface Record {
  number: string;
  file: string;
  title: string;
  date: string;
  status: string;
}
const records: Record[] = readdirSync(DECISIONS)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .map((name) => {
    const text = readFileSync(join(DECISIONS, name), 'utf8');
    return {
      number: name.slice(0, 3),
      file: name,
      title: /^# \d{3}: (.+)$/m.exec(text)?.[1] ?? '',
      date: /^Date: (\S+)/m.exec(text)?.[1] ?? '',
      // The Status line may wrap: it runs to the first blank line.
      status: (/^Status: ([\s\S]+?)\n\n/m.exec(text)?.[1] ?? '').replace(/\s+/g, ' '),
    };
  });
/** The records a Status names after the word (`supersedes …` or `superseded by …`), by number. */
const named = (status: string, word: RegExp) => {
  const clause = status.split(';').find((part) => word.test(part)) ?? '';
  return [...clause.matchAll(/\[(\d{3})\]\(\d{3}-[^)]+\.md\)/g)].map((m) => m[1]!);
};

describe('the documents', () => {
  it('link only to files and headings that exist', () => {
    const broken = documents.flatMap((file) =>
      [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [path, anchor] = target.split('#') as [string, string | undefined];
          const linked = path ? normalize(join(dirname(file), path)) : file;
          if (!existsSync(linked)) return true;
          return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor);
        })
        .map((target) => `${file}: ${target}`),
    );
    expect(documents.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });

  it('list every decision in the index with its title, status and date', () => {
    const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8');
    const rows = new Map(
      [...index.matchAll(/^\| \[(\d{3})\]\((\S+)\) +\| (.+?) +\| (.+?) +\| (\S+) +\|/gm)].map((m) => [
        m[1]!,
        { file: m[2]!, title: m[3]!, status: m[4]!, date: m[5]! },
      ]),
    );
    expect(records.length).toBeGreaterThanOrEqual(16);
    expect([...rows.keys()]).toEqual(records.map((record) => record.number));
    for (const record of records) {
      const row = rows.get(record.number)!;
      expect(row, record.file).toMatchObject({ file: record.file, title: record.title, date: record.date });
      expect(row.status.split(',')[0], record.file).toBe(record.status.split(';')[0]);
    }
  });

  it('say supersedes and superseded by both ways', () => {
    const pairs = (word: RegExp) =>
      records.flatMap((record) => named(record.status, word).map((other) => [record.number, other].join(' '))).sort();
    const supersedes = pairs(/supersedes/);
    const supersededBy = pairs(/superseded/).map((pair) => pair.split(' ').reverse().join(' '));
    expect(supersedes.length).toBeGreaterThan(0);
    expect(supersedes).toEqual(supersededBy.sort());
  });

  it('keep in the deployment guide every block the deploy test runs', () => {
    const script = readFileSync('scripts/deploy/test.sh', 'utf8');
    const wanted = [...new Set([...script.matchAll(/^\s*(?:run_block|block) ([a-z-]+)/gm)].map((m) => m[1]!))];
    const guide = readFileSync(GUIDE, 'utf8');
    expect(script).toContain(`GUIDE=$REPO/${GUIDE}`);
    expect(wanted.length).toBeGreaterThanOrEqual(8);
    expect(wanted.filter((name) => !guide.includes(`<!-- deploy-test: ${name} -->`))).toEqual([]);
  });
});
