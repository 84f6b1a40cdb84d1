// The release handed to a CDN (PUBLISH_DEPLOY_COMMAND, docs/deployment.md): after the build succeeds
// and before anything goes live. The command is the operator's setting, never content: /bin/sh runs
// it so it may use quotes and "$RELEASE_DIR", and the folder reaches it only as that variable and as
// $1, never written into the command line. It runs in its own process group with a time limit.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';

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

export function runDeployCommand({
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
  return new Promise((done) => {
    const child = spawn('/bin/sh', ['-c', command, 'deploy', releaseDir], {
      env: { ...process.env, RELEASE_DIR: releaseDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const out = createWriteStream(logFile, { flags: 'a' });
    out.write(`\n--- deploy: ${command}\n`);
    // Only the end is shown, so only the end is kept.
    let tail = '';
    const keep = (chunk: Buffer) => {
      out.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-16 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeLimitMinutes * 60_000);
    const fail = (what: string) => {
      const lines = lastLines(tail);
      done({
        ok: false,
        reason: `The site was built, but ${what}, so nothing changed on the site. Publish again, or ask IT to look at the deploy command.${lines ? `\nIts last lines:\n${lines}` : ''}`,
      });
    };
    child.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      out.end();
      if (timedOut)
        fail(`sending it to the web host (PUBLISH_DEPLOY_COMMAND) took longer than ${timeLimitMinutes} minutes and was stopped`);
      else if (code === 0) done({ ok: true });
      else fail(`sending it to the web host (PUBLISH_DEPLOY_COMMAND) failed with exit code ${code ?? 'none'}`);
    });
  });
}
