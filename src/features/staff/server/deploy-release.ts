// The release handed to a CDN (PUBLISH_DEPLOY_COMMAND, docs/deployment.md): after the build succeeds
// and before anything goes live. The command is the operator's setting, never content: /bin/sh runs
// it so it may use quotes and "$RELEASE_DIR", and the folder reaches it only as that variable and as
// $1, never written into the command line. It runs in its own process group with a time limit.
import { spawn } from 'node:child_process';
import { superviseChild } from './supervised-child.ts';

/** How many of the command's last lines staff see when it fails. */
const LAST_LINES = 8;
const MAX_LINE = 300;

export type DeployResult = { ok: true } | { ok: false; reason: string };

/** The last lines of what the command wrote, without colour codes or very long lines. */
function lastLines(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- colour codes from the command's output
      .replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
      .split(/\r?\n|\r/)
      .map((line) => line.trimEnd())
      .filter(Boolean)
      .slice(-LAST_LINES)
      .map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line))
      .join('\n')
  );
}

export async function runDeployCommand({
  command,
  releaseDir,
  logFile,
  timeLimitMinutes,
}: {
  command: string;
  releaseDir: string;
  logFile: string;
  timeLimitMinutes: number;
}): Promise<DeployResult> {
  const child = spawn('/bin/sh', ['-c', command, 'deploy', releaseDir], {
    env: { ...process.env, RELEASE_DIR: releaseDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Only the end is shown, so only the end is kept.
  let tail = '';
  const keep = (chunk: string) => (tail = (tail + chunk).slice(-16 * 1024));
  const heading = `\n--- deploy: ${command}\n`;
  const { code, timedOut } = await superviseChild(child, { logFile, heading, timeMs: timeLimitMinutes * 60_000, keep });
  if (code === 0 && !timedOut) return { ok: true };
  const what = timedOut ? `took longer than ${timeLimitMinutes} minutes and was stopped` : `failed with exit code ${code ?? 'none'}`;
  const lines = lastLines(tail);
  return {
    ok: false,
    reason: `The site was built, but sending it to the web host (PUBLISH_DEPLOY_COMMAND) ${what}, so nothing changed on the site. Publish again, or ask IT to look at the deploy command.${lines ? `\nIts last lines:\n${lines}` : ''}`,
  };
}
