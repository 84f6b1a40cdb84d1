// The server's content repository: the folder staff edit at /staff/content/ and publish from, never
// the checked-out content/ of the release (docs/decisions/019). It holds a content/ of its own, made
// at first use as a copy of the release's, with that as its first commit; nothing written there is
// live until it is published.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ensureHistory } from './content-git.ts';
import { EnvError, type Env } from '#server/env.ts';

/** The release's own content/, copied into a new content repository. */
const RELEASE_CONTENT = 'content';

/**
 * Where the content repository is: CONTENT_REPO_DIR, else DATA_DIR/content-repo. Never the
 * project's own folder, whose content/ the running release was built from.
 */
export function contentRepoDir(env: Pick<Env, 'CONTENT_REPO_DIR' | 'DATA_DIR'>): string {
  // An unset setting reads as '' (env.ts).
  const dir = resolve(env.CONTENT_REPO_DIR || join(env.DATA_DIR, 'content-repo'));
  if (join(dir, 'content') === resolve(RELEASE_CONTENT))
    throw new EnvError(
      `CONTENT_REPO_DIR is ${dir}, the project's own folder: the editor would write the release's content/. Name a folder of its own.`,
    );
  return dir;
}

const isThere = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Makes the repository's content/ from the release's when there is none. The copy is written beside
 * it and renamed into place, so a second process starting at the same moment, or a start killed
 * halfway, never leaves half a content/ that would then be taken for the whole.
 */
export async function ensureContentRepo(dir: string, source = RELEASE_CONTENT): Promise<void> {
  if (await isThere(join(dir, '.git'))) return;
  // A content/ from before the history was kept: what it holds is where the history starts.
  if (await isThere(join(dir, 'content'))) return ensureHistory(dir);
  const parent = dirname(resolve(dir));
  await mkdir(parent, { recursive: true, mode: 0o700 });
  // The copy and its first commit ('Content as released', before any save) are made beside, then
  // renamed into place whole.
  const copy = join(parent, `.content-repo-${randomBytes(6).toString('hex')}`);
  await cp(source, join(copy, 'content'), { recursive: true, verbatimSymlinks: true });
  await ensureHistory(copy);
  try {
    await rename(copy, dir);
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    if (!(await isThere(join(dir, '.git')))) throw error;
  }
}
