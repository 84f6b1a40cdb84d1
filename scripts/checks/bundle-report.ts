// npm run bundle-report: what each page's JavaScript holds. Builds the site once more with source
// maps into a temporary folder, takes for every page the modules it loads without interaction (its
// scripts, the islands that hydrate on load or when idle, and their imports: scripts/build/preload-modules.ts), and
// attributes each built file's bytes to the sources they came from (a package, or our file). Pages
// that load the same modules are one row. Prints the table and writes reports/bundle.md.
// Why and what it found: docs/decisions/013.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { walkFiles } from '#server/static-site.ts';
import { modulesOnLoad } from '../build/preload-modules.ts';

const KB = 1000;
const TOP = 8;

/** A source's name as the report shows it: the package for a dependency, the path under src/ for ours. */
export function sourceName(source: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1]!;
  const ours = /(?:^|\/)(src\/.+)$/.exec(source);
  return ours ? ours[1]!.replace(/\?.*$/, '') : 'unmapped';
}

/** How many bytes of the built code each source accounts for, by the map's segments. */
export function bytesBySource(code: string, map: RawSourceMap): Map<string, number> {
  const lines = code.split('\n');
  const segments: { line: number; column: number; source: string | null }[] = [];
  new SourceMapConsumer(map).eachMapping((m) => segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }));
  const bytes = new Map<string, number>();
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const end = next?.line === segment.line ? next.column : (lines[segment.line - 1]?.length ?? segment.column);
    const name = segment.source ? sourceName(segment.source) : 'unmapped';
    bytes.set(name, (bytes.get(name) ?? 0) + end - segment.column);
  });
  return bytes;
}

if (import.meta.main) {
  const out = mkdtempSync(join(tmpdir(), 'bundle-report-'));
  try {
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', out], {
      env: { ...process.env, SOURCEMAP: '1' },
      stdio: 'ignore',
    });
    const read = (path: string) => readFileSync(join(out, path), 'utf8');
    /** Per built file: its gzip size and its sources' shares of it, in gzip bytes (by their share of the raw bytes). */
    const files = new Map<string, { gzip: number; sources: Map<string, number> }>();
    const fileOf = (path: string) => {
      let file = files.get(path);
      if (!file) {
        const code = read(path);
        const gzip = gzipSync(code, { level: 9 }).byteLength;
        // The bundler's own runtime has no map.
        const raw = existsSync(join(out, `${path}.map`))
          ? bytesBySource(code, JSON.parse(read(`${path}.map`)) as RawSourceMap)
          : new Map([['bundler runtime', code.length]]);
        const total = [...raw.values()].reduce((sum, n) => sum + n, 0) || 1;
        file = { gzip, sources: new Map([...raw].map(([name, n]) => [name, (n / total) * gzip])) };
        files.set(path, file);
      }
      return file;
    };

    const groups = new Map<string, { pages: string[]; gzip: number; sources: Map<string, number> }>();
    for await (const htmlFile of walkFiles(out)) {
      if (!htmlFile.endsWith('.html')) continue;
      const page = `/${relative(out, htmlFile)}`.replace(/\/?index\.html$/, '').replace(/\.html$/, '') || '/';
      const modules = modulesOnLoad(readFileSync(htmlFile, 'utf8'), read).sort();
      const key = modules.join(' ');
      let group = groups.get(key);
      if (!group) {
        const sources = new Map<string, number>();
        let gzip = 0;
        for (const module of modules) {
          const file = fileOf(module);
          gzip += file.gzip;
          for (const [name, n] of file.sources) sources.set(name, (sources.get(name) ?? 0) + n);
        }
        groups.set(key, (group = { pages: [], gzip, sources }));
      }
      group.pages.push(page);
    }

    const lines = [
      '# JavaScript on load, by page and source',
      '',
      '| pages | gzip | top sources (gzip, estimated) |',
      '| --- | ---: | --- |',
    ];
    for (const group of [...groups.values()].sort((a, b) => b.gzip - a.gzip)) {
      const pages = group.pages.sort();
      const named = pages.length > 3 ? `${pages.slice(0, 2).join(', ')} and ${pages.length - 2} more` : pages.join(', ');
      const top = [...group.sources]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([name, n]) => `${name} ${(n / KB).toFixed(1)}`)
        .join(', ');
      lines.push(`| ${named} | ${(group.gzip / KB).toFixed(1)} KB | ${top} |`);
    }
    const report = lines.join('\n') + '\n';
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/bundle.md', report);
    console.log(report);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
