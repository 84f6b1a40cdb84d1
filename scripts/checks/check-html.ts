// The HTML gate (npm test, after the build): every page under dist/ must be valid HTML by the W3C Nu
// checker (the vnu-jar package; it runs on Java, Debian's default-jre-headless). One Java start checks
// every page. Prints each error with its page and line, then a count; exits 1 on any error.
// Usage: node scripts/checks/check-html.ts [dir or .html files] (default: dist).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Messages that are the checker's own gaps, not faults in the page. Each is one exact message.
 */
const IGNORED = new Set([
  // `field-sizing` (auto-growing text areas, Chromium 123) is newer than the checker's CSS grammar.
  "CSS: “field-sizing”: Property “field-sizing” doesn't exist.",
]);

export interface HtmlMessage {
  file: string;
  line?: number;
  message: string;
  extract?: string;
}

export interface HtmlReport {
  pages: number;
  errors: HtmlMessage[];
  ignored: HtmlMessage[];
}

/** Every .html file under a folder. The checker is given files, not the folder: it would also read
 *  the .br and .gz copies of each page, and images, as HTML. */
export function htmlFilesIn(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...htmlFilesIn(path));
    else if (entry.name.endsWith('.html')) files.push(path);
  }
  return files.sort();
}

/** Runs the Nu checker once over the files and sorts its errors into real and ignored. */
export function checkHtml(files: string[]): HtmlReport {
  if (files.length === 0) throw new Error('No .html files to check (is there a build?)');
  const java = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (java.error) {
    const hint = (java.error as NodeJS.ErrnoException).code === 'ENOENT' ? ' (install Java: apt-get install default-jre-headless)' : '';
    throw new Error(`Could not run the Nu HTML checker: ${java.error.message}${hint}`);
  }
  // The checker writes its JSON report to stderr and exits 1 when it found errors.
  let report: { messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[] };
  try {
    report = JSON.parse(java.stderr) as typeof report;
  } catch {
    throw new Error(`The Nu HTML checker did not answer with a report (exit ${java.status}):\n${java.stderr}${java.stdout}`);
  }
  const errors: HtmlMessage[] = [];
  const ignored: HtmlMessage[] = [];
  for (const { type, url, lastLine, message, extract } of report.messages) {
    // `--errors-only` leaves errors and the checker's own failures ("non-document-error"): both fail.
    if (type === 'info') continue;
    const found = { file: url ? relative(process.cwd(), new URL(url).pathname) : '(checker)', line: lastLine, message, extract };
    (IGNORED.has(message) ? ignored : errors).push(found);
  }
  return { pages: files.length, errors, ignored };
}

if (import.meta.main) {
  const targets = process.argv.slice(2);
  const files = (targets.length ? targets : ['dist']).flatMap((target) =>
    statSync(target).isDirectory() ? htmlFilesIn(target) : [target],
  );
  const started = performance.now();
  const { pages, errors, ignored } = checkHtml(files);
  for (const { file, line, message, extract } of errors) {
    console.error(`${file}${line ? `:${line}` : ''}: ${message}`);
    if (extract) console.error(`    ${extract.replace(/\s+/g, ' ').trim()}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Nu HTML checker: ${pages} pages, ${errors.length} errors${ignored.length ? ` (${ignored.length} ignored: newer CSS than the checker knows)` : ''}, ${seconds} s`,
  );
  process.exit(errors.length ? 1 : 0);
}
