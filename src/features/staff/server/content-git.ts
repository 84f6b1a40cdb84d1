// The content repository's history, with the `git` command (execFile: no shell, arguments as given).
// git is on every server that deploys this, writes the author staff see in the history, and pushes
// with the operator's own credentials; a library would be a new dependency doing the same more slowly
// (docs/decisions/019). The repository holds content/ only.
import { execFile, spawn } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The server's own name on the first commit and as the committer of every commit. */
const SERVER = { name: 'Adire content server', email: 'content-server@localhost' };

/** A fetch or push that takes longer is stopped: a remote that hangs must not hold publishing up. */
const REMOTE_TIME_LIMIT_MS = 60_000;

async function git(dir: string, args: string[], env: Record<string, string> = {}, timeout = 0): Promise<string> {
  const { stdout } = await run('git', ['-c', `user.name=${SERVER.name}`, '-c', `user.email=${SERVER.email}`, ...args], {
    cwd: dir,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env },
    maxBuffer: 16 * 1024 * 1024,
    timeout,
    killSignal: 'SIGKILL',
  });
  return stdout.trim();
}

/** Makes the folder a repository with the content as released as its first commit, once. */
export async function ensureHistory(dir: string): Promise<void> {
  const there = await stat(join(dir, '.git')).then(
    () => true,
    () => false,
  );
  if (there) return;
  await git(dir, ['init', '-q', '-b', 'main']);
  await git(dir, ['add', '-A', 'content']);
  await git(dir, ['commit', '-q', '-m', 'Content as released']);
}

/** A person as git writes an author: no angle brackets or line breaks of theirs. */
const authorOf = (name: string, email: string) => `${name.replace(/[<>\n\r]/g, '')} <${email.replace(/[<>\s]/g, '')}>`;

/**
 * Commits what the editor saved since the last publish, as `author`; the files changed, or none
 * (and no commit) when nothing changed.
 */
export async function commitSaved(dir: string, message: string, author: { name: string; email: string }) {
  await git(dir, ['add', '-A', 'content']);
  const files = (await git(dir, ['diff', '--cached', '--name-only'])).split('\n').filter(Boolean);
  if (!files.length) return { files, commit: null };
  await git(dir, ['commit', '-q', '-m', message, `--author=${authorOf(author.name, author.email)}`]);
  return { files, commit: await git(dir, ['rev-parse', 'HEAD']) };
}

/** Whether the editor saved anything not yet committed. */
export const hasSaved = async (dir: string) => (await git(dir, ['status', '--porcelain', '--', 'content'])) !== '';

/**
 * Commits the content as it was at `base` (every later change undone), as `author`: the files changed
 * and the new commit. `base` is what was there before the publish undone: the commit of the publish
 * before it, or the first commit (a publish of a remote's commits may be several commits, so its
 * parent is not always where it started).
 */
export async function commitContentAt(dir: string, base: string | null, message: string, author: { name: string; email: string }) {
  const at = base ?? (await git(dir, ['rev-list', '--max-parents=0', 'HEAD'])).split('\n')[0]!;
  await git(dir, ['read-tree', '-u', '--reset', at]);
  return commitSaved(dir, message, author);
}

/** Writes the content of `commit` into `into` (content/ there), for a build. */
export async function exportCommit(dir: string, commit: string, into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', commit, 'content'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    const tar = spawn('tar', ['-x', '-C', into], { stdio: ['pipe', 'ignore', 'ignore'] });
    archive.stdout.pipe(tar.stdin);
    let failed = false;
    archive.on('exit', (code) => code !== 0 && (failed = true));
    tar.on('exit', (code) => (code === 0 && !failed ? resolve() : reject(new Error(`exporting ${commit} failed`))));
  });
}

/** CONTENT_REMOTE and its branch: the shared repository publishes are pushed to and fetched from. */
export interface ContentRemote {
  url: string;
  branch: string;
}

/** Remote commits that cannot be published (with a staff save, or at all); the message is for staff. */
export class ContentConflict extends Error {
  override name = 'ContentConflict';
}

/** What git said, in one line, without a password a URL may carry (https://user:token@host). */
const outputOf = (error: unknown, stream: 'stdout' | 'stderr') => {
  const text = (error as Record<string, unknown>)[stream];
  return typeof text === 'string' ? text : '';
};
const gitSaid = (error: unknown) =>
  (outputOf(error, 'stderr') || (error instanceof Error ? error.message : ''))
    .replace(/\/\/[^/@\s]+@/g, '//')
    .split('\n')
    .map((line) => line.replace(/^(fatal|error|remote|hint): /, '').trim())
    .filter((line) => line && !line.startsWith('To ') && !line.startsWith('!'))
    .slice(0, 2)
    .join(' ');

const authorLine = (dir: string, commit: string) => git(dir, ['log', '-1', '--format=%an, "%s"', commit]);

/**
 * Brings the remote's new commits into the content repository before a publish (a merge, fast-forward
 * when the repository has nothing of its own the remote lacks), keeping what the editor saved.
 * Nothing when the remote has no such branch yet (a new, empty repository: the first push makes it).
 * A remote that cannot be reached is not a reason to stop staff publishing: it is returned as a note.
 * Throws ContentConflict, the repository as it was, when a saved file or a commit of the repository's
 * own was changed differently on the remote.
 */
export async function mergeRemote(dir: string, remote: ContentRemote): Promise<{ note: string | null; merged: string | null }> {
  try {
    await git(dir, ['fetch', '--quiet', '--no-tags', remote.url, `refs/heads/${remote.branch}`], {}, REMOTE_TIME_LIMIT_MS);
  } catch (error) {
    if (/couldn't find remote ref/i.test(gitSaid(error))) return { note: null, merged: null };
    return {
      merged: null,
      note: `The shared content repository (CONTENT_REMOTE) could not be reached, so its newest commits are not in this publish: ${gitSaid(error)}`,
    };
  }
  const fetched = await git(dir, ['rev-parse', 'FETCH_HEAD']);
  const known = await git(dir, ['merge-base', '--is-ancestor', fetched, 'HEAD']).then(
    () => true,
    () => false,
  );
  if (known) return { note: null, merged: null };
  // The editor never writes a symbolic link (nor a submodule), and a build must not follow one out of
  // the export: a commit bringing one is refused before anything is merged.
  const links = (await git(dir, ['ls-tree', '-r', '-z', fetched]))
    .split('\0')
    .filter((entry) => /^(120000|160000) /.test(entry))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  if (links.length)
    throw new ContentConflict(
      `Nothing was published: in the shared content repository, ${links.join(', ')} ${links.length === 1 ? 'is a link' : 'are links'} to somewhere else, which a publish never follows. Nothing changed on the site; ask a developer to put the file itself there instead.`,
    );
  try {
    await git(dir, ['merge', '--quiet', '--no-edit', '-m', 'Commits from the shared content repository', fetched]);
    return { note: null, merged: fetched };
  } catch (error) {
    const said = outputOf(error, 'stdout') + outputOf(error, 'stderr');
    // A merge that started and stopped on a conflict is undone; one refused before it started left nothing.
    const conflicted = (await git(dir, ['diff', '--name-only', '--diff-filter=U']).catch(() => '')).split('\n').filter(Boolean);
    await git(dir, ['merge', '--abort']).catch(() => undefined);
    const saved = [...said.matchAll(/^\t(\S.*)$/gm)].map((match) => match[1]!.trim());
    const files = [...new Set([...saved, ...conflicted])];
    const who = await authorLine(dir, fetched);
    if (/unrelated histories/.test(said))
      throw new ContentConflict(
        `Nothing was published: the shared content repository (CONTENT_REMOTE) has a history of its own, not this server's. Nothing changed on the site; ask IT to point CONTENT_REMOTE at this server's content repository, or at a new, empty one.`,
      );
    throw new ContentConflict(
      `Nothing was published: ${files.length ? files.join(', ') : 'the same content'} ${files.length === 1 ? 'was' : 'were'} changed both here and in the shared content repository (by ${who}). Nothing changed on the site, and your saved changes are kept; ask a developer to bring the two changes together in the shared repository, then publish again.`,
    );
  }
}

/** The commit HEAD is at, or null in a repository with no commit yet. */
export const headOf = (dir: string) => git(dir, ['rev-parse', 'HEAD']).catch(() => null);

/** The content files that differ between two commits. */
export const filesBetween = async (dir: string, from: string, to: string) =>
  (await git(dir, ['diff', '--name-only', from, to, '--', 'content'])).split('\n').filter(Boolean);

/** The author of a commit, for a publish of commits made elsewhere. */
export async function authorOfCommit(dir: string, commit: string): Promise<{ name: string; email: string }> {
  const [name = '', email = ''] = (await git(dir, ['log', '-1', '--format=%an%x00%ae', commit])).split('\0');
  return { name, email };
}

/** Sends `commit` to the remote's branch (never forced); null when done, else what went wrong, in words. */
export async function pushTo(dir: string, remote: ContentRemote, commit: string): Promise<string | null> {
  try {
    await git(dir, ['push', '--quiet', '--no-verify', remote.url, `${commit}:refs/heads/${remote.branch}`], {}, REMOTE_TIME_LIMIT_MS);
    return null;
  } catch (error) {
    return gitSaid(error);
  }
}
