import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgetClasses, budgetClassOf, pagesOf } from './pages.ts';

/** A small build: the pages as Astro writes them, each with the <html> element its layout gave it. */
function build(pages: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'budget-pages-'));
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `<!DOCTYPE html>${html}<head><title>x</title></head><body><main>x</main></body></html>`);
  }
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  return root;
}
const page = (budget: string) => `<html lang="en-NG" data-budget="${budget}">`;

describe("a built page's budget class", () => {
  it('is what its <html> element declares', () => {
    expect(budgetClassOf(`<!DOCTYPE html>${page('content')}<head></head>`)).toBe('content');
    expect(budgetClassOf(`<!DOCTYPE html>${page('app')}<head></head>`)).toBe('app');
    expect(budgetClassOf(`<!DOCTYPE html>${page('console')}<head></head>`)).toBe('console');
    expect(budgetClassOf('<!DOCTYPE html><html data-budget=app lang="en-NG"><head></head>')).toBe('app');
  });

  it('is none when the page declares none, one the budgets do not know, or declares it elsewhere than <html>', () => {
    expect(budgetClassOf('<!DOCTYPE html><html lang="en-NG"><head></head><body data-budget="content">')).toBeNull();
    expect(budgetClassOf(`<!DOCTYPE html>${page('heavy')}<head></head>`)).toBeNull();
    expect(budgetClassOf('<!DOCTYPE html><html lang="en-NG" data-budgets="content">')).toBeNull();
  });
});

describe('the pages of a build and their classes', () => {
  it('lists every page as the path a visitor opens, with the class it declares', () => {
    const dist = build({
      'index.html': page('content'),
      '404.html': page('content'),
      'about/index.html': page('content'),
      'auth/login/index.html': page('app'),
      'dashboard/courses/pattern/index.html': page('app'),
    });
    const paths = pagesOf(dist);
    expect(paths).toEqual(['/', '/404', '/about', '/auth/login', '/dashboard/courses/pattern']);
    expect(Object.fromEntries(budgetClasses(paths, dist))).toEqual({
      '/': 'content',
      '/404': 'content',
      '/about': 'content',
      '/auth/login': 'app',
      '/dashboard/courses/pattern': 'app',
    });
  });

  it('stops the step, naming each page, when a page declares no class', () => {
    const dist = build({
      'index.html': page('content'),
      'new-page/index.html': '<html lang="en-NG">',
      'courses/index.html': page('contnet'),
    });
    expect(() => budgetClasses(pagesOf(dist), dist)).toThrow(/2 page\(s\) declare no budget class .*: \/courses, \/new-page$/);
  });
});
