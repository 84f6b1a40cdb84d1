// Content Markdown is text, never HTML: a `<script>` in a course's or a page's body would reach the
// built page, and the page's CSP lists a hash for every inline script the build finds. Astro's
// Markdown processor passes raw HTML through, so this holds every Markdown file in content/ to it
// (the editor's gate refuses it too). Inline code and fenced code may show markup.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The body's raw HTML tags (or comments), outside code: what the Markdown processor would pass through. */
function rawHtmlIn(markdown: string): string[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const prose = body.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/<(?:[a-z!/?][^>\n]*)>?/gi)].map(([tag]) => tag);
}

describe('content Markdown', () => {
  it('has no raw HTML in any body', () => {
    const found = markdownFiles('content').flatMap((file) => rawHtmlIn(readFileSync(file, 'utf8')).map((tag) => `${file}: ${tag}`));
    expect(found).toEqual([]);
  });

  it('finds a script, a tag and a comment, but not markup shown as code or a less-than sign', () => {
    expect(rawHtmlIn('---\ntitle: x\n---\nHello </p><script>alert(1)</script>')).toEqual(['</p>', '<script>', '</script>']);
    expect(rawHtmlIn('A <!-- note --> here')).toEqual(['<!-- note -->']);
    expect(rawHtmlIn('Use `<b>` for bold.\n\n```html\n<i>x</i>\n```\n\n2 < 3 and 4 > 1')).toEqual([]);
  });
});
