// The partners a scholarship may name: the project pages in content/projects (their slug, and the
// partner's name from the page). Read from the content folder the server runs beside, as the
// materials are, and kept a minute so a page published since shows without a restart.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

const PROJECTS_DIR = join('content', 'projects');
const KEPT_MS = 60_000;

export interface Partner {
  slug: string;
  /** The page's `partner` (Lagos State Employment Trust Fund), or its slug when the page has none. */
  name: string;
}

let cached: { at: number; partners: Promise<Map<string, Partner>> } | undefined;

async function readPartners(): Promise<Map<string, Partner>> {
  const files = await readdir(PROJECTS_DIR).catch(() => [] as string[]);
  const partners = new Map<string, Partner>();
  for (const file of files.filter((name) => name.endsWith('.md')).sort()) {
    const slug = file.slice(0, -3);
    const text = await readFile(join(PROJECTS_DIR, file), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    const data = (parse(front) ?? {}) as { partner?: unknown };
    partners.set(slug, { slug, name: typeof data.partner === 'string' ? data.partner : slug });
  }
  return partners;
}

export function projectPartners(now = Date.now()): Promise<Map<string, Partner>> {
  if (!cached || now - cached.at > KEPT_MS) cached = { at: now, partners: readPartners() };
  return cached.partners;
}

/** The partner's name for an answer; a page removed since the scholarship was made leaves its slug. */
export const partnerName = async (slug: string) => (await projectPartners()).get(slug)?.name ?? slug;
