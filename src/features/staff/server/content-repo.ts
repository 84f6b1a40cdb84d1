// The server's content repository: the folder staff edit at /staff/content/ and publish from, never
// the checked-out content/ of the release (docs/decisions/018). It holds a content/ of its own, made
// at first use as a copy of the release's; nothing written there is live until it is published.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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
  const content = join(dir, 'content');
  if (await isThere(content)) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const copy = join(dir, `.content-${randomBytes(6).toString('hex')}`);
  await cp(source, copy, { recursive: true, verbatimSymlinks: true });
  try {
    await rename(copy, content);
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    if (!(await isThere(content))) throw error;
  }
}
