// The API document held against two linters nobody here wrote: Redocly's `recommended` rules and
// Spectral's `spectral:oas`. Both must find nothing, not even a warning. The document is built as
// the server builds it (every route's own description), written to reports/openapi.json, and linted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, createApp } from '#server/app.ts';
import { readEnv } from '#server/env.ts';
import { buildOpenApiDocument } from '#server/http/openapi.ts';

const env = readEnv({ DATA_DIR: '/nonexistent-lint-data' });
// Only the routes are read: no database, mail or storage is reached.
const app = createApp({ db: {} as never, mailer: { send: () => Promise.resolve(), close: () => undefined }, env });
const document = await buildOpenApiDocument(app, API_BASE, env.PUBLIC_SITE_URL);
mkdirSync('reports', { recursive: true });
const file = join('reports', 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));

interface Problem {
  tool: string;
  rule: string;
  severity: string;
  message: string;
  where: string;
}

function run(args: string[]): string {
  const result = spawnSync(args[0]!, args.slice(1), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result.stdout;
}

const redocly = JSON.parse(run(['redocly', 'lint', file, '--extends', 'recommended', '--format', 'json'])) as {
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};
const spectral = JSON.parse(run(['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']) || '[]') as {
  code: string;
  severity: number;
  message: string;
  path: string[];
}[];

const problems: Problem[] = [
  ...redocly.problems.map((p) => ({
    tool: 'Redocly',
    rule: p.ruleId,
    severity: p.severity,
    message: p.message,
    where: p.location[0]?.pointer ?? '',
  })),
  ...spectral.map((p) => ({
    tool: 'Spectral',
    rule: p.code,
    severity: ['error', 'warning', 'info', 'hint'][p.severity] ?? String(p.severity),
    message: p.message,
    where: p.path.join('.'),
  })),
];
for (const p of problems) console.log(`${p.tool} ${p.severity} ${p.rule}: ${p.message} (${p.where})`);
const operations = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item ?? {}).length, 0);
console.log(
  `API document: ${operations} operations; Redocly recommended ${redocly.problems.length} problems, Spectral spectral:oas ${spectral.length}`,
);
if (problems.length > 0) process.exit(1);
