// The built pages the budget step measures, and the budget class each declares: its layout writes
// it on <html> (src/layouts/budget-class.ts). A page that declares none, or one the budgets do not
// know, stops the step before anything is measured, naming the pages, rather than being measured
// against a guess.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGET_ATTRIBUTE, BUDGET_CLASSES, type BudgetClass } from '#layouts/budget-class.ts';

/** Every page of the build, as the path a visitor opens. */
export function pagesOf(dir = 'dist', prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...pagesOf(join(dir, entry.name), `${prefix}/${entry.name}`));
    else if (entry.name === 'index.html') found.push(prefix || '/');
    else if (entry.name === '404.html') found.push('/404');
  }
  return found.sort();
}

/** The built file of a page path from pagesOf. */
const fileOf = (dir: string, path: string) => (path === '/404' ? join(dir, '404.html') : join(dir, path, 'index.html'));

const HTML_TAG = /<html\b[^>]*>/i;
const CLASS_ATTRIBUTE = new RegExp(`\\s${BUDGET_ATTRIBUTE}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');

/** The class a built page's <html> element declares, or null when it declares none the budgets know. */
export function budgetClassOf(html: string): BudgetClass | null {
  const match = CLASS_ATTRIBUTE.exec(HTML_TAG.exec(html)?.[0] ?? '');
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return BUDGET_CLASSES.find((known) => known === value) ?? null;
}

/** Each page's class; throws, naming every page without one, if any has none. */
export function budgetClasses(paths: string[], dir = 'dist'): Map<string, BudgetClass> {
  const classes = new Map<string, BudgetClass>();
  const missing: string[] = [];
  for (const path of paths) {
    const kind = budgetClassOf(readFileSync(fileOf(dir, path), 'utf8'));
    if (kind) classes.set(path, kind);
    else missing.push(path);
  }
  if (missing.length)
    throw new Error(
      `${missing.length} page(s) declare no budget class (${BUDGET_ATTRIBUTE}="${BUDGET_CLASSES.join('" or "')}" on <html>, ` +
        `written by the page's layout: src/layouts/budget-class.ts): ${missing.join(', ')}`,
    );
  return classes;
}
