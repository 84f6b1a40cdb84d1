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

async function git(dir: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('git', ['-c', `user.name=${SERVER.name}`, '-c', `user.email=${SERVER.email}`, ...args], {
    cwd: dir,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env },
    maxBuffer: 16 * 1024 * 1024,
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
 * Commits the content as it was before `commit` (its parent's tree, every later change undone), as
 * `author`: the files changed and the new commit.
 */
export async function commitContentBefore(dir: string, commit: string, message: string, author: { name: string; email: string }) {
  await git(dir, ['read-tree', '-u', '--reset', `${commit}^`]);
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
