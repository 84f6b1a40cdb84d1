import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkHtml, htmlFilesIn } from './check-html.ts';

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title>${head}</head><body>${body}</body></html>`;

function site(pages: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'check-html-'));
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), html);
  }
  return root;
}

describe('the HTML gate', () => {
  it('checks only the .html pages of a build, not their compressed copies', () => {
    const root = site({ 'index.html': 'x', 'index.html.br': 'x', 'about/index.html': 'x', 'about/index.html.gz': 'x', 'a.svg': 'x' });
    expect(htmlFilesIn(root).map((file) => file.slice(root.length + 1))).toEqual(['about/index.html', 'index.html']);
  });

  // One Java start (about 3 s) for all the cases below.
  let report: ReturnType<typeof checkHtml>;
  beforeAll(() => {
    const root = site({
      'lazy.html': page('', '<img data-src="/a.svg" alt="A" width="10" height="10">'),
      'native.html': page('', '<img src="/a.svg" alt="A" width="10" height="10" loading="lazy">'),
      'newer-css.html': page('<style>textarea{field-sizing:content}</style>', '<p>Hello</p>'),
      'wrong-css.html': page('<style>p{colour:red}</style>', '<p>Hello</p>'),
    });
    report = checkHtml(htmlFilesIn(root));
  }, 60_000);

  it('fails an image without a source, and passes the same image with one', () => {
    expect(report.pages).toBe(4);
    const images = report.errors.filter((m) => /html$/.test(m.file) && /“img”/.test(m.message));
    expect(images.map((m) => [m.file.replace(/.*\//, ''), m.message])).toEqual([
      ['lazy.html', expect.stringMatching(/missing one or more of the following attributes: “src”/)],
    ]);
  });

  it('ignores only CSS newer than the checker (field-sizing), not other CSS errors', () => {
    expect(report.ignored.map((m) => m.file.replace(/.*\//, ''))).toEqual(['newer-css.html']);
    const css = report.errors.filter((m) => m.message.startsWith('CSS:'));
    expect(css.map((m) => m.file.replace(/.*\//, ''))).toEqual(['wrong-css.html']);
    expect(report.errors).toHaveLength(2);
  });
});
