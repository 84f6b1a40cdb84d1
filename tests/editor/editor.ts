// What the editor tests share: the copy of content/ the editor writes to, reading an entry's front
// matter and body, and an editor signed in to the local backend with an entry open.
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ROOT = process.env.EDITOR_ROOT!;

export interface Entry {
  data: Record<string, unknown>;
  body: string;
  text: string;
}

/** A Markdown entry, from the working copy (`before`) or from the copy the editor writes. */
export function readEntry(path: string, from: 'before' | 'after'): Entry {
  const text = readFileSync(from === 'before' ? path : join(ROOT, path), 'utf8');
  const [, front = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
  return { data: parse(front) as Record<string, unknown>, body, text };
}

/** Opens an entry in the editor, signed in to the local backend. */
export async function openEntry(page: Page, collection: string, slug: string) {
  // A fresh load, as from a link: going from one entry straight to another by its address alone
  // leaves Decap with the first entry's draft for a moment (a course's outline read from a project's
  // summary), which it cannot render.
  await page.goto('about:blank');
  await page.goto(`/admin/#/collections/${collection}/entries/${slug}`);
  const login = page.getByRole('button', { name: 'Login' });
  const editing = page.getByRole('link', { name: /Writing in .* collection/ });
  await expect(login.or(editing)).toBeVisible();
  if (await login.isVisible()) await login.click();
  await expect(editing).toBeVisible();
}

/** Publish now: the local backend writes the file at once. */
export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}
